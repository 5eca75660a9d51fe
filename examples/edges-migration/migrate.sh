#!/usr/bin/env bash
# make demo-edges: move an HTTPS, a TLS and a TCP edge onto cloud endpoints.
#
# Starts ngrok-mock seeded with examples/edges-migration/seed.yaml (an HTTPS
# edge with OIDC, an IP restriction, request and response headers,
# compression and a tunnel-group backend, a TLS edge with TLS termination,
# an IP restriction and a tunnel-group backend, and a TCP edge with an IP
# restriction and a tunnel-group backend, on an account whose edges are
# read-only), then:
#   the edge as the API returns it,
#   terraform query            lists the account's edges, routes and backends with the
#                              list resources (inventory.tfquery.hcl; Terraform
#                              1.14 or later),
#   terraform apply            reads them with ngrok_https_edge_traffic_policy,
#                              ngrok_tls_edge_traffic_policy and
#                              ngrok_tcp_edge_traffic_policy and creates the
#                              cloud endpoints that replace them,
#   the endpoints' policies (the OIDC secret is not in them),
#   terraform plan -detailed-exitcode  must find nothing to do.
# Needs Terraform (TERRAFORM=path), curl, and `make build`. Terraform runs in
# examples/edges-migration/.work/, which is recreated.
set -euo pipefail

started=$SECONDS
root=$(cd "$(dirname "$0")/../.." && pwd)
here=$root/examples/edges-migration
work=$here/.work
tf=${TERRAFORM:-$(command -v terraform || true)}

fail() {
  echo "FAIL: $*" >&2
  exit 1
}
[ -n "$tf" ] || fail "make demo-edges needs Terraform: set TERRAFORM=/path/to/terraform"
command -v curl >/dev/null || fail "make demo-edges needs curl"
rm -rf "$work"
mkdir -p "$work/config"
cp "$here/main.tf" "$work/config/"

# NOTE: dev_overrides makes Terraform use the provider just built in bin/.
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
step() { printf '\n==> %s\n' "$*"; }
tfc() { "$tf" -chdir="$work/config" "$@"; }

api_key=edges-$RANDOM$RANDOM
"$root/bin/ngrok-mock" -addr 127.0.0.1:0 -api-key "$api_key" -seed "$here/seed.yaml" \
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
step "$line (seeded from examples/edges-migration/seed.yaml)"
base_url=${line##* }
export NGROK_API_BASE_URL=$base_url NGROK_API_KEY=$api_key NGROK_REQUESTS_PER_MINUTE=0
api() { curl -sS -H "Authorization: Bearer $api_key" -H "Ngrok-Version: 2" "$@"; }

step "the edge (GET /edges/https), read-only: a write answers ERR_NGROK_7196"
api "$base_url/edges/https/edghts_2hHH9vYJ0qGQ4mQoTl5ZbLSK7pE" >"$work/edge.json"
sed -E 's/"client_secret":"[^"]*"/"client_secret":"(hidden here)"/' "$work/edge.json"
echo
refused=$(api -X DELETE "$base_url/edges/https/edghts_2hHH9vYJ0qGQ4mQoTl5ZbLSK7pE")
grep -q ERR_NGROK_7196 <<<"$refused" || fail "a write on the read-only edge was not refused: $refused"

# NOTE: terraform query and list resources need Terraform 1.14 or later;
# OpenTofu has neither, so the inventory is read with the data sources only.
tf_name=$("$tf" version | head -n 1)
if [[ $tf_name =~ ^Terraform\ v([0-9]+)\.([0-9]+) ]] &&
  { [ "${BASH_REMATCH[1]}" -gt 1 ] || [ "${BASH_REMATCH[2]}" -ge 14 ]; }; then
  step "terraform query: the account's edges, routes and backends (list resources, inventory.tfquery.hcl)"
  cp "$here/inventory.tfquery.hcl" "$work/config/"
  tfc query -no-color >"$work/query.txt" 2>"$work/query.err" ||
    { cat "$work/query.txt" "$work/query.err"; fail "terraform query failed"; }
  grep '^list\.' "$work/query.txt"
  for want in edghts_2hHH9vYJ0qGQ4mQoTl5ZbLSK7pE edghtsrt_2hHHAi8xq3yYBv1bPpNWo4Yz2Tm edghtsrt_2hHHAi8xq3yYBv1bPpNWo4Yz2Tn \
    bkdtg_2hHHCX2lOd6jOb4c1aUAuQqGRqZ bkdtg_2hHHDq7vRc1nFe6Ks3JtBw9XoLd edgtls_2hHHDk3sKx8uTr4Wq9LmNpZ7YbC \
    edgtcp_2hHHEf5tLw2bQy8Zr1NkVc6Xm3P; do
    grep -q "$want" "$work/query.txt" || fail "terraform query did not list $want"
  done
  # NOTE: the query file is removed before the apply, so that the steps
  # below run the same with every CLI.
  rm "$work/config/inventory.tfquery.hcl"
else
  step "terraform query skipped: $tf_name has no list resources (Terraform 1.14 or later)"
fi

step "terraform apply (the data sources write the policies; cloud endpoints take them)"
tfc apply -no-color -auto-approve -input=false -compact-warnings >"$work/apply.txt" ||
  { cat "$work/apply.txt"; fail "terraform apply failed"; }
sed -n '/^Apply complete/,$p' "$work/apply.txt"
grep -q '^Apply complete! Resources: 5 added, 0 changed, 0 destroyed\.$' "$work/apply.txt" ||
  { cat "$work/apply.txt"; fail "the apply did not add two reserved domains and three cloud endpoints"; }

step "compare: the cloud endpoints' traffic policies, as the API returns them"
api "$base_url/endpoints" >"$work/endpoints.json"
grep -oE '"traffic_policy":"([^"\\]|\\.)*"' "$work/endpoints.json"
echo
for want in restrict-ips openid-connect add-headers remove-headers forward-internal 'secrets.get' \
  on_http_response compress-response strict-transport-security on_tcp_connect terminate-tls \
  'tls://db.acme-corp.example' 'tcp://1.tcp.ngrok.io:20000' 'tcp://app-ssh.internal'; do
  grep -q -- "$want" "$work/endpoints.json" || fail "the endpoint's policy has no $want"
done
! grep -q this-secret-never-reaches-the-policy "$work/endpoints.json" || fail "the OIDC client secret was copied into the policy"

step "terraform plan -detailed-exitcode (must show no changes)"
set +e
tfc plan -no-color -detailed-exitcode -input=false -compact-warnings >"$work/plan.txt"
status=$?
set -e
tail -n 3 "$work/plan.txt"
[ "$status" -eq 0 ] || { cat "$work/plan.txt"; fail "the second plan is not empty (exit status $status)"; }

step "moved the edges onto cloud endpoints with $("$tf" version | head -n 1) in $((SECONDS - started)) s"
