#!/usr/bin/env bash
# make demo: start ngrok-mock with the demo's seed file, apply examples/demo
# with Terraform (or OpenTofu: TERRAFORM=path/to/tofu), show the outputs, prove that a second plan is empty,
# import an object created outside Terraform (with curl), destroy, and stop
# the mock. Expects `make build` to have put the provider and ngrok-mock in
# bin/. Terraform runs on a copy of the configuration under .demo/, so the
# import leaves examples/demo untouched.
#
# By default each plan is summarised (the planned actions counted per type)
# and the outputs are shown once; V=1 shows everything the CLI prints. The
# full output of each step is kept under .demo/ and shown when it fails.
set -euo pipefail

started=$SECONDS
root=$(cd "$(dirname "$0")/../.." && pwd)
demo=$root/examples/demo
work=$demo/.demo
tf=${TERRAFORM:-$(command -v terraform || command -v tofu || true)}
if [ -z "$tf" ]; then
  echo "make demo needs terraform (or tofu) on PATH" >&2
  exit 1
fi
# NOTE: the step headers name the CLI that runs them; OpenTofu says so in
# the first line of its version.
cli=terraform
case $("$tf" version 2>/dev/null | head -n 1) in OpenTofu*) cli=tofu ;; esac

rm -rf "$work"
mkdir -p "$work/config"
cp "$demo"/*.tf "$work/config/"

# NOTE: dev_overrides makes Terraform use the provider just built in bin/
# instead of looking for it in a registry, so no network is needed.
cat > "$work/terraformrc" <<RC
provider_installation {
  dev_overrides {
    "tfedge/ngrok" = "$root/bin"
  }
  direct {}
}
RC
export TF_CLI_CONFIG_FILE=$work/terraformrc
export TF_IN_AUTOMATION=1
color=()
[ -t 1 ] || color=(-no-color)
step() { printf '\n==> %s\n' "$*"; }
verbose=${V:-}

# quietly LOG CMD... runs CMD with its output kept in LOG (and shown with
# V=1); when it fails, LOG is shown and the demo stops.
quietly() {
  local log=$work/$1
  shift
  if [ -n "$verbose" ]; then
    "$@" 2>&1 | tee "$log"
    return "${PIPESTATUS[0]}"
  fi
  if ! "$@" >"$log" 2>&1; then
    cat "$log" >&2
    echo "FAIL: $* (its output above, and in $log)" >&2
    exit 1
  fi
}

# summarise LOG prints what a plan, apply or destroy in LOG did: the
# actions counted per resource type (the data sources read on one line),
# the warnings but the expected one about dev_overrides, and the CLI's own
# summary lines.
summarise() {
  [ -z "$verbose" ] || return 0
  awk '
    /^  # [^ ]+ (will be created|will be destroyed|will be updated in-place|must be replaced|will be read during apply)$/ {
      split($2, part, ".")
      action = $0
      sub(/^  # [^ ]+ /, "", action)
      if (part[1] == "data") {
        if (!(part[2] in read)) { read[part[2]]; types = types (types == "" ? "" : ", ") part[2] }
        reads++
      } else {
        count[action ": " part[1]]++
      }
    }
    /^Warnings:$/ { warnings = 1; next }
    warnings && /^- / && !/development overrides/ { print "  warning: " substr($0, 3) }
    warnings && /^To see the full warning notes/ { warnings = 0 }
    END {
      for (k in count) printf "  %3d %s\n", count[k], k | "sort -k2"
      close("sort -k2")
      if (reads) printf "  %3d data sources will be read during apply: %s\n", reads, types
    }
  ' "$work/$1"
  grep -E '^(Plan:|Apply complete!|Destroy complete!|No changes\.)' "$work/$1" || true
}

api_key=demo-$RANDOM$RANDOM
"$root/bin/ngrok-mock" -addr 127.0.0.1:0 -api-key "$api_key" -seed "$demo/seed.yaml" \
  -state "$work/mock-state.db" -certificate-issue-delay 2s -log-level off \
  >"$work/mock.out" 2>"$work/mock.log" &
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
[ -n "$line" ] || { echo "ngrok-mock did not start" >&2; exit 1; }
step "$line (seeded from examples/demo/seed.yaml)"
base_url=${line##* }
export NGROK_API_BASE_URL=$base_url
export NGROK_API_KEY=$api_key
# NOTE: the mock runs without a rate limit; no need to pace requests.
export NGROK_REQUESTS_PER_MINUTE=0

# request METHOD PATH [JSON] calls the API outside Terraform and sets status
# and body. NOTE: with curl when there is one; else over bash's /dev/tcp
# (the mock speaks plain HTTP here), so that the demo needs no curl.
if command -v curl >/dev/null; then http_tool=curl; else http_tool="bash /dev/tcp"; fi
request() {
  local method=$1 path=$2 data=${3-}
  if [ "$http_tool" = curl ]; then
    local args=(-sS -X "$method" -H "Authorization: Bearer $api_key" -H "Ngrok-Version: 2" -o "$work/response" -w '%{http_code}')
    [ -z "$data" ] || args+=(-H "Content-Type: application/json" --data-binary "$data")
    rm -f "$work/response"
    status=$(curl "${args[@]}" "$base_url$path")
    body=$(cat "$work/response" 2>/dev/null || true)
    return
  fi
  # NOTE: HTTP/1.0, so that the answer is never chunked and ends with the connection.
  local hostport=${base_url#http://} headers response
  headers="Host: $hostport\r\nAuthorization: Bearer $api_key\r\nNgrok-Version: 2\r\n"
  [ -z "$data" ] || headers+="Content-Type: application/json\r\nContent-Length: ${#data}\r\n"
  exec 3<>"/dev/tcp/${hostport%:*}/${hostport##*:}"
  printf '%s %s HTTP/1.0\r\n%b\r\n%s' "$method" "$path" "$headers" "$data" >&3
  response=$(cat <&3)
  exec 3<&-
  status=${response#* }
  status=${status%% *}
  body=${response#*$'\r\n\r\n'}
}

tfc() { "$tf" -chdir="$work/config" "$@"; }

step "$cli apply"
quietly apply.txt tfc apply "${color[@]}" -auto-approve -input=false -compact-warnings
summarise apply.txt

step "$cli output"
tfc output "${color[@]}"

# NOTE: the outputs above show the bastion's address and endpoint; this step
# shows the authtoken as state keeps it: its token sensitive, its ACL bound
# to the address that ngrok assigned.
step "agents: the bastion agent's authtoken in state (token sensitive, ACL bound to its reserved TCP address)"
tfc state show "${color[@]}" ngrok_credential.bastion_agent

# NOTE: ssh-keygen decodes the certificates independently of the provider:
# type, key ID, serial, signing CA, validity (and with V=1 the file,
# principals, options and extensions, which the outputs above show).
decode() {
  if [ -n "$verbose" ]; then
    ssh-keygen -L -f "$1"
  else
    ssh-keygen -L -f "$1" | grep -E '^[[:space:]]+(Type|Signing CA|Key ID|Serial|Valid):'
  fi
}
if command -v ssh-keygen >/dev/null; then
  for cert in web_1_host_certificate ci_deploy_user_certificate; do
    step "ssh-keygen -L -f $cert"
    tfc output -raw "$cert" >"$work/$cert-cert.pub"
    decode "$work/$cert-cert.pub"
  done
fi

if ! command -v ssh-keygen >/dev/null; then
  echo "(ssh-keygen not found: the certificates are not decoded independently of the provider)"
fi

if [ -s "$work/config/ephemeral-user-cert.pub" ]; then
  step "the ephemeral user certificate of the run"
  if command -v ssh-keygen >/dev/null; then
    decode "$work/config/ephemeral-user-cert.pub"
  fi
  eph_id=$(awk '{print $NF}' "$work/config/ephemeral-user-cert.pub")
  request GET "/ssh_user_certificates/$eph_id"
  echo "GET /ssh_user_certificates/$eph_id after the run: HTTP $status (deleted as soon as it was signed)"
  [ "$status" = 404 ] || { echo "FAIL: the ephemeral certificate outlived the run" >&2; exit 1; }
fi

plan_is_empty() {
  set +e
  tfc plan "${color[@]}" -detailed-exitcode -input=false -compact-warnings >"$work/plan.txt" 2>&1
  local status=$?
  set -e
  if [ -n "$verbose" ] || [ "$status" -ne 0 ]; then
    cat "$work/plan.txt"
  fi
  if [ "$status" -ne 0 ]; then
    echo "FAIL: the plan after apply is not empty (exit status $status)" >&2
    exit 1
  fi
}

step "$cli plan (must show no changes)"
plan_is_empty
echo "No changes: the configuration and the API agree."
# NOTE: the vault secret's value is write-only (vaults.tf): in no state.
state=$work/config/terraform.tfstate
if [ ! -f "$state" ] || grep -q "demo-only-admin-password" "$state"; then
  echo "no state, or the state holds the secret's value" >&2
  exit 1
fi

step "an SSH certificate authority created outside Terraform, with $http_tool"
request POST /ssh_certificate_authorities '{"description":"made outside Terraform","private_key_type":"rsa","key_size":2048}'
echo "HTTP $status $body"
[ "$status" = 201 ] || { echo "FAIL: the create outside Terraform was refused" >&2; exit 1; }
ca_id=$(printf '%s' "$body" | sed -E 's/.*"id":"([^"]+)".*/\1/')

step "import it: an import block, and $cli plan -generate-config-out"
printf 'import {\n  to = ngrok_ssh_certificate_authority.from_outside\n  id = "%s"\n}\n' "$ca_id" >"$work/config/import.tf"
cat "$work/config/import.tf"
quietly import-plan.txt tfc plan "${color[@]}" -input=false -compact-warnings -generate-config-out=generated.tf
[ -n "$verbose" ] || grep -E 'Plan:|will be imported' "$work/import-plan.txt" || true
echo "--- generated.tf"
cat "$work/config/generated.tf"
quietly import-apply.txt tfc apply "${color[@]}" -auto-approve -input=false -compact-warnings
summarise import-apply.txt
step "$cli plan after the import (must show no changes)"
plan_is_empty
echo "No changes: the generated configuration matches the imported authority."

step "$cli destroy"
quietly destroy.txt tfc destroy "${color[@]}" -auto-approve -input=false -compact-warnings
summarise destroy.txt

request GET /ssh_certificate_authorities
left=$(printf '%s' "$body" | grep -o '"id":"sshca_' | wc -l || true)
step "demo complete in $((SECONDS - started)) s; authorities left in the mock: $left"
