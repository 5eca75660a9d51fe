#!/usr/bin/env bash
# make demo-adopt: bring an existing account under Terraform in one apply.
#
# Starts ngrok-mock (seeded with examples/adopt/seed.yaml: uploaded TLS
# certificates and an agent's endpoint, which the API cannot create), creates
# 60 objects with curl as a dashboard or a script would have (reserved domains
# with and without certificates and with certificate policies, cloud
# endpoints, SSH authorities of each key type, host and user certificates),
# then, with only a provider block as configuration:
#   terraform query                                   lists them,
#   terraform query -generate-config-out=generated.tf writes their import and resource blocks,
#   terraform apply                                   imports all 60, changing and adding nothing,
#   terraform plan -detailed-exitcode                 finds nothing to do.
# Fails unless each count is exactly right. Needs Terraform 1.14 or later
# (TERRAFORM=path), curl, and `make build` (the provider and ngrok-mock in
# bin/). Terraform runs in examples/adopt/.adopt/, which is recreated.
set -euo pipefail

started=$SECONDS
root=$(cd "$(dirname "$0")/../.." && pwd)
adopt=$root/examples/adopt
work=$adopt/.adopt
tf=${TERRAFORM:-$(command -v terraform || true)}
want=60

fail() {
  echo "FAIL: $*" >&2
  exit 1
}
[ -n "$tf" ] || fail "make demo-adopt needs Terraform 1.14 or later: set TERRAFORM=/path/to/terraform"
command -v curl >/dev/null || fail "make demo-adopt needs curl"
rm -rf "$work"
mkdir -p "$work/config"
cp "$adopt/main.tf" "$adopt/adopt.tfquery.hcl" "$work/config/"

# NOTE: dev_overrides makes Terraform use the provider just built in bin/
# instead of looking for it in a registry, so no network is needed.
cat >"$work/terraformrc" <<RC
provider_installation {
  dev_overrides {
    "tfedge/ngrok" = "$root/bin"
  }
  direct {}
}
RC
export TF_CLI_CONFIG_FILE=$work/terraformrc
export TF_IN_AUTOMATION=1
export CHECKPOINT_DISABLE=1

version=$("$tf" version -json 2>/dev/null | sed -nE 's/.*"terraform_version": *"([^"]+)".*/\1/p' || true)
[ -n "$version" ] || fail "$tf is not Terraform; terraform query is Terraform's (1.14 or later)"
IFS=. read -r major minor _ <<<"$version"
if [ "$major" -lt 1 ] || { [ "$major" -eq 1 ] && [ "$minor" -lt 14 ]; }; then
  fail "Terraform $version has no terraform query: make demo-adopt needs Terraform 1.14 or later (TERRAFORM=path)"
fi
version="Terraform v$version"
step() { printf '\n==> %s\n' "$*"; }
tfc() { "$tf" -chdir="$work/config" "$@"; }
# shown drops the warning that dev_overrides (above) puts before every
# command's output, and the blank lines around it.
shown() { sed '/^Warning: Provider development overrides are in effect$/,/^releases\.$/d' "$1" | sed '/./,$!d'; }

api_key=adopt-$RANDOM$RANDOM
"$root/bin/ngrok-mock" -addr 127.0.0.1:0 -api-key "$api_key" -seed "$adopt/seed.yaml" \
  -certificate-issue-delay 1s -log-level off >"$work/mock.out" 2>"$work/mock.log" &
mock_pid=$!
cleanup() {
  kill "$mock_pid" 2>/dev/null || true
  wait "$mock_pid" 2>/dev/null || true
}
trap cleanup EXIT

line=
for _ in $(seq 1 100); do
  line=$(head -n 1 "$work/mock.out" 2>/dev/null || true)
  [ -n "$line" ] && break
  kill -0 "$mock_pid" 2>/dev/null || { cat "$work/mock.log" >&2; exit 1; }
  sleep 0.1
done
[ -n "$line" ] || fail "ngrok-mock did not start"
step "$line (seeded from examples/adopt/seed.yaml)"
base_url=${line##* }
export NGROK_API_BASE_URL=$base_url
export NGROK_API_KEY=$api_key
# NOTE: the mock runs without a rate limit; no need to pace requests.
export NGROK_REQUESTS_PER_MINUTE=0

# create PATH JSON: POST an object the way any API client would, and set id.
created=0
create() {
  local status
  status=$(curl -sS -X POST -o "$work/response" -w '%{http_code}' \
    -H "Authorization: Bearer $api_key" -H "Ngrok-Version: 2" -H "Content-Type: application/json" \
    --data-binary "$2" "$base_url$1")
  [ "$status" = 201 ] || fail "POST $1 $2: HTTP $status $(cat "$work/response")"
  id=$(sed -E 's/^\{"id":"([^"]+)".*/\1/' "$work/response")
  created=$((created + 1))
}

step "the account before Terraform: $want objects created with curl"

# Reserved domains: subdomains of ngrok's domains, custom domains without a
# certificate, with an uploaded one and with a managed one.
for name in adopt-app.ngrok.app adopt-api.ngrok.app adopt-staging.ngrok.dev adopt-demo.ngrok-free.app adopt-docs.ngrok.io; do
  create /reserved_domains "{\"domain\":\"$name\",\"description\":\"$name, reserved in the dashboard\"}"
done
create /reserved_domains '{"domain":"adopt-ci.ngrok.app","metadata":"{\"team\":\"ci\",\"cost_center\":42}"}'
for name in www blog grafana legacy; do
  create /reserved_domains "{\"domain\":\"$name.acme-corp.example\",\"description\":\"$name, DNS at the registrar\"}"
done
create /reserved_domains '{"domain":"*.preview.acme-corp.example","description":"preview deployments"}'
for pair in shop:cert_2uhGxGm9o0nuhFPtITCez0GD9sn api:cert_2alVd3AQc4wHQlHpPR51W3QWGwe \
  docs:cert_25rYs7Gr8ykUDzaIU3zawQ5pCqG status:cert_2CuuCoy1FK5ZcOGgmYnTIoHj7gf; do
  create /reserved_domains "{\"domain\":\"${pair%%:*}.acme-corp.example\",\"certificate_id\":\"${pair#*:}\",\"description\":\"uploaded certificate\"}"
done
create /reserved_domains '{"domain":"app.acme-corp.example","certificate_management_policy":{}}'
create /reserved_domains '{"domain":"admin.acme-corp.example","certificate_management_policy":{"authority":"letsencrypt","private_key_type":"rsa"}}'
create /reserved_domains '{"domain":"login.acme-corp.example","certificate_management_policy":{"private_key_type":"ecdsa"},"metadata":"owner=identity-team"}'
create /reserved_domains '{"domain":"mail.acme-corp.example","certificate_management_policy":{"private_key_type":"rsa"},"description":"managed, RSA"}'
create /reserved_domains '{"domain":"*.apps.acme-corp.example","certificate_management_policy":{"authority":"letsencrypt"},"description":"every app"}'

# Cloud endpoints: public ones on the reserved domains, internal, TCP and
# Kubernetes-bound ones; policies in JSON and in YAML.
create /endpoints '{"type":"cloud","url":"https://app.acme-corp.example","traffic_policy":"{\"on_http_request\":[{\"actions\":[{\"type\":\"forward-internal\",\"config\":{\"url\":\"https://web.internal\"}}]}]}","description":"the app"}'
create /endpoints '{"type":"cloud","url":"https://api.acme-corp.example","traffic_policy":"on_http_request:\n  - expressions:\n      - req.url.path.startsWith(\"/v1\")\n    actions:\n      - type: forward-internal\n        config:\n          url: https://api-v1.internal\n  - actions:\n      - type: custom-response\n        config:\n          status_code: 404\n","metadata":"{\"tier\":\"gold\"}"}'
create /endpoints '{"type":"cloud","url":"https://shop.acme-corp.example:443","traffic_policy":"{\"on_http_request\":[]}","pooling_enabled":true}'
create /endpoints '{"type":"cloud","url":"https://adopt-app.ngrok.app","traffic_policy":"{\"on_http_request\":[{\"actions\":[{\"type\":\"redirect\",\"config\":{\"to\":\"https://app.acme-corp.example\"}}]}]}"}'
create /endpoints '{"type":"cloud","url":"https://pr-17.apps.acme-corp.example","traffic_policy":"{\"on_http_request\":null}","description":"one label under a wildcard"}'
create /endpoints '{"type":"cloud","url":"tls://login.acme-corp.example","traffic_policy":"{\"on_tcp_connect\":[{\"actions\":[{\"type\":\"forward-internal\",\"config\":{\"url\":\"tls://idp.internal:443\"}}]}]}"}'
create /endpoints '{"type":"cloud","url":"https://web.internal","traffic_policy":"{\"on_http_request\":[{\"actions\":[{\"type\":\"custom-response\",\"config\":{\"status_code\":200,\"body\":\"hello\"}}]}]}"}'
create /endpoints '{"type":"cloud","url":"http://api-v1.internal:8080","traffic_policy":"{}","bindings":["internal"]}'
# NOTE: a tcp:// endpoint needs a reserved TCP address, which ngrok assigns;
# it is reserved here but not counted: the query below does not list
# reserved addresses.
status=$(curl -sS -X POST -o "$work/response" -w '%{http_code}' \
  -H "Authorization: Bearer $api_key" -H "Ngrok-Version: 2" -H "Content-Type: application/json" \
  --data-binary '{"description":"ssh bastion"}' "$base_url/reserved_addrs")
[ "$status" = 201 ] || fail "POST /reserved_addrs: HTTP $status $(cat "$work/response")"
tcp_addr=$(sed -E 's/.*"addr":"([^"]+)".*/\1/' "$work/response")
create /endpoints '{"type":"cloud","url":"tcp://'"$tcp_addr"'","traffic_policy":"{\"on_tcp_connect\":[]}","description":"ssh bastion"}'
create /endpoints '{"type":"cloud","url":"https://grafana.monitoring","traffic_policy":"{}","bindings":["kubernetes"]}'

# SSH certificate authorities of each key type.
create /ssh_certificate_authorities '{"description":"users"}'
user_ca=$id
create /ssh_certificate_authorities '{"description":"hosts","private_key_type":"ed25519"}'
host_ca=$id
create /ssh_certificate_authorities '{"private_key_type":"ecdsa"}'
create /ssh_certificate_authorities '{"private_key_type":"ecdsa","elliptic_curve":"p256","metadata":"{\"rotation\":\"2027\"}"}'
create /ssh_certificate_authorities '{"private_key_type":"ecdsa","elliptic_curve":"p384"}'
ecdsa_ca=$id
create /ssh_certificate_authorities '{"private_key_type":"ecdsa","elliptic_curve":"p521"}'
create /ssh_certificate_authorities '{"private_key_type":"rsa","key_size":2048,"description":"legacy hosts"}'
rsa_ca=$id
create /ssh_certificate_authorities '{"private_key_type":"rsa","key_size":4096}'

# Host and user certificates over keys of each type, with and without
# principals, dates and options.
ed='ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDR+FP+E/sUU0+KinSLvOWRcwxDVvJpaOmjsQKLsDo0m alice@laptop'
ec='ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBNlRMBbeRGL6+erT5N/sCeEF7+dJkXB5z8jHkNwKefYrdrgMCHC0wcI1wuy16jvz0EZMN6Me0F0wIL65J06mpdo= web-host'
rsa='ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC32PQEbalSWUj6QhBV/v43nVZbzREuN9JW3lD6kmY3/nFkKQAAICxnvljU5arKOimfP92C8PD/Y/ykuMktzLGzyosXjy6JMxHCpw4XD0GEdtuHjhnI86VnB8HQ6YfXBdbh0BSzApAfpr7uDoj1MZCfQ8KnlMghxbcuyGjIpW5vMsARdAW/o8851yfQAHEkCNbhTOr9H4hPBVGul+19dNA7Dd5oxqWyjLcpKaAbf4GDF5Ltycs8phGEiwyqs3Euf5hBhA4OhS74VGikj4qJTqYofz9ghnbcZoN/Ww9f4hANYFCbmGgVo4I3ls+zV/7WCDJtHU1RGr5PEIrOmu6iteLt deploy'
for i in 1 2 3 4; do
  create /ssh_host_certificates "{\"ssh_certificate_authority_id\":\"$host_ca\",\"public_key\":\"$ec\",\"principals\":[\"web-$i.acme-corp.example\",\"10.0.0.$i\"],\"description\":\"web-$i\"}"
done
create /ssh_host_certificates "{\"ssh_certificate_authority_id\":\"$host_ca\",\"public_key\":\"$ed\"}"
create /ssh_host_certificates "{\"ssh_certificate_authority_id\":\"$rsa_ca\",\"public_key\":\"$rsa\",\"principals\":[\"db.acme-corp.example\"],\"valid_after\":\"2026-01-01T00:00:00Z\",\"valid_until\":\"2027-01-01T00:00:00Z\"}"
create /ssh_host_certificates "{\"ssh_certificate_authority_id\":\"$rsa_ca\",\"public_key\":\"$ec\",\"principals\":[\"db-replica.acme-corp.example\"],\"valid_until\":\"2030-06-30T12:00:00+02:00\",\"metadata\":\"{\\\"rack\\\":\\\"b4\\\"}\"}"
create /ssh_host_certificates "{\"ssh_certificate_authority_id\":\"$ecdsa_ca\",\"public_key\":\"$ed\",\"principals\":[\"bastion.acme-corp.example\"]}"
create /ssh_host_certificates "{\"ssh_certificate_authority_id\":\"$ecdsa_ca\",\"public_key\":\"$rsa\",\"principals\":[\"git.acme-corp.example\"],\"description\":\"git\"}"
create /ssh_host_certificates "{\"ssh_certificate_authority_id\":\"$host_ca\",\"public_key\":\"$rsa\",\"principals\":[\"ci-runner-1\",\"ci-runner-2\",\"ci-runner-3\"]}"
create /ssh_host_certificates "{\"ssh_certificate_authority_id\":\"$user_ca\",\"public_key\":\"$ed\",\"principals\":[\"jump.acme-corp.example\"]}"

create /ssh_user_certificates "{\"ssh_certificate_authority_id\":\"$user_ca\",\"public_key\":\"$ed\",\"principals\":[\"alice\"],\"description\":\"alice\"}"
create /ssh_user_certificates "{\"ssh_certificate_authority_id\":\"$user_ca\",\"public_key\":\"$ed\",\"principals\":[\"alice\",\"root\"],\"critical_options\":{\"source-address\":\"10.0.0.0/8\"}}"
create /ssh_user_certificates "{\"ssh_certificate_authority_id\":\"$user_ca\",\"public_key\":\"$rsa\",\"principals\":[\"deploy\"],\"critical_options\":{\"force-command\":\"/usr/local/bin/deploy\"},\"extensions\":{}}"
create /ssh_user_certificates "{\"ssh_certificate_authority_id\":\"$user_ca\",\"public_key\":\"$ec\",\"principals\":[\"bob\"],\"extensions\":{\"permit-pty\":\"\",\"permit-port-forwarding\":\"\",\"login@github.com\":\"bob\"}}"
create /ssh_user_certificates "{\"ssh_certificate_authority_id\":\"$user_ca\",\"public_key\":\"$ed\"}"
create /ssh_user_certificates "{\"ssh_certificate_authority_id\":\"$ecdsa_ca\",\"public_key\":\"$rsa\",\"principals\":[\"backup\"],\"valid_after\":\"2026-03-01T00:00:00Z\",\"valid_until\":\"2026-03-02T00:00:00Z\"}"
create /ssh_user_certificates "{\"ssh_certificate_authority_id\":\"$ecdsa_ca\",\"public_key\":\"$ec\",\"principals\":[\"carol\"],\"metadata\":\"{\\\"ticket\\\":\\\"OPS-1234\\\"}\"}"
create /ssh_user_certificates "{\"ssh_certificate_authority_id\":\"$rsa_ca\",\"public_key\":\"$rsa\",\"principals\":[\"legacy\"],\"critical_options\":{\"force-command\":\"rsync --server\",\"source-address\":\"192.0.2.0/24,198.51.100.7\"}}"
for who in dave erin; do
  create /ssh_user_certificates "{\"ssh_certificate_authority_id\":\"$user_ca\",\"public_key\":\"$ed\",\"principals\":[\"$who\"],\"description\":\"laptop of $who\",\"extensions\":{\"permit-pty\":\"\"}}"
done
create /ssh_user_certificates "{\"ssh_certificate_authority_id\":\"$host_ca\",\"public_key\":\"$ec\",\"principals\":[\"ops\"],\"valid_until\":\"2031-01-01T00:00:00Z\"}"
echo "created $created objects"
[ "$created" -eq "$want" ] || fail "created $created objects, not $want"
# NOTE: from here on the mock's journal counts the requests of Terraform
# alone, which must all be reads.
curl -sS -X DELETE -H "Authorization: Bearer $api_key" "$base_url/_mock/journal"

step "cat main.tf (the whole configuration: a provider block)"
grep -v '^#' "$work/config/main.tf"

step "terraform query (adopt.tfquery.hcl lists every type)"
tfc query -no-color >"$work/query.txt"
shown "$work/query.txt"
listed=$(grep -c '^list\.' "$work/query.txt" || true)
echo "listed $listed objects"
[ "$listed" -eq "$want" ] || fail "terraform query listed $listed objects, not $want"

step "terraform query -generate-config-out=generated.tf"
tfc query -no-color -generate-config-out=generated.tf >"$work/generate.txt"
imports=$(grep -c '^import {' "$work/config/generated.tf" || true)
resources=$(grep -c '^resource "ngrok_' "$work/config/generated.tf" || true)
echo "generated.tf: $imports import blocks, $resources resource blocks; the first of each type:"
for type in reserved_domain cloud_endpoint ssh_certificate_authority ssh_host_certificate ssh_user_certificate; do
  awk -v t="ngrok_$type" '
    /^resource "/ && $2 == "\"" t "\"" && !done { on = 1 }
    on { print } on && /^}/ { on = 0; done = 1; print "" }' "$work/config/generated.tf"
done
[ "$imports" -eq "$want" ] && [ "$resources" -eq "$want" ] ||
  fail "generated.tf has $imports import and $resources resource blocks, not $want of each"

step "terraform apply (must import $want, add, change and destroy nothing)"
tfc apply -no-color -auto-approve -input=false -compact-warnings >"$work/apply.txt" ||
  { cat "$work/apply.txt"; fail "terraform apply failed"; }
grep -E '^(Plan|Apply complete)' "$work/apply.txt"
grep -q "^Plan: $want to import, 0 to add, 0 to change, 0 to destroy\.$" "$work/apply.txt" ||
  { cat "$work/apply.txt"; fail "the plan of the generated configuration is not $want imports and nothing else"; }
grep -q "^Apply complete! Resources: $want imported, 0 added, 0 changed, 0 destroyed\.$" "$work/apply.txt" ||
  { cat "$work/apply.txt"; fail "the apply did not import exactly $want objects and nothing else"; }

step "terraform plan -detailed-exitcode (must show no changes)"
set +e
tfc plan -no-color -detailed-exitcode -input=false -compact-warnings >"$work/plan.txt"
status=$?
set -e
tail -n 3 "$work/plan.txt"
[ "$status" -eq 0 ] || { cat "$work/plan.txt"; fail "the plan after adoption is not empty (exit status $status)"; }
in_state=$(tfc state list | grep -c '^ngrok_' || true)
[ "$in_state" -eq "$want" ] || fail "the state holds $in_state objects, not $want"

curl -sS -H "Authorization: Bearer $api_key" "$base_url/_mock/journal" >"$work/journal.json"
# NOTE: the counts per route are "METHOD /pattern":n pairs; requests to the
# mock's own control API (/_mock/...) are left out.
counts=$(grep -oE '"(GET|POST|PUT|PATCH|DELETE) /[a-z][^"]*":[0-9]+' "$work/journal.json" || true)
reads=$(printf '%s\n' "$counts" | awk -F: '/^"GET /{n += $NF} END {print n + 0}')
writes=$(printf '%s\n' "$counts" | grep -v '^"GET ' | grep . || true)
[ -z "$writes" ] || fail "Terraform wrote to the API while adopting: $(echo $writes)"
echo "API requests of the two queries, the apply and the plan: $reads reads, no write"

step "adopted $in_state objects with $version in $((SECONDS - started)) s"
