#!/usr/bin/env bash
# make demo: start ngrok-mock, apply examples/demo with Terraform, show the
# outputs, prove that a second plan is empty, destroy, stop the mock.
# Expects `make build` to have put the provider and ngrok-mock in bin/.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
demo=$root/examples/demo
work=$demo/.demo
tf=${TERRAFORM:-$(command -v terraform || command -v tofu || true)}
if [ -z "$tf" ]; then
  echo "make demo needs terraform (or tofu) on PATH" >&2
  exit 1
fi

rm -rf "$work" "$demo"/terraform.tfstate*
mkdir -p "$work"

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

api_key=demo-$RANDOM$RANDOM
"$root/bin/ngrok-mock" -addr 127.0.0.1:0 -api-key "$api_key" >"$work/mock.out" 2>"$work/mock.log" &
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
echo "==> $line"
export NGROK_API_BASE_URL=${line##* }
export NGROK_API_KEY=$api_key

cd "$demo"
echo "==> terraform apply"
"$tf" apply "${color[@]}" -auto-approve -input=false -compact-warnings

echo "==> terraform output"
"$tf" output "${color[@]}"

# NOTE: ssh-keygen decodes the certificates independently of the provider:
# type, key ID, serial, signing CA, validity, principals, options.
if command -v ssh-keygen >/dev/null; then
  for cert in web_1_host_certificate ci_deploy_user_certificate; do
    echo "==> ssh-keygen -L -f $cert"
    "$tf" output -raw "$cert" >"$work/$cert-cert.pub"
    ssh-keygen -L -f "$work/$cert-cert.pub"
  done
fi

echo "==> terraform plan (must show no changes)"
set +e
"$tf" plan "${color[@]}" -detailed-exitcode -input=false -compact-warnings
plan_status=$?
set -e
if [ "$plan_status" -ne 0 ]; then
  echo "FAIL: the plan after apply is not empty (exit status $plan_status)" >&2
  exit 1
fi
echo "==> no changes: the configuration and the API agree"

echo "==> terraform destroy"
"$tf" destroy "${color[@]}" -auto-approve -input=false -compact-warnings
echo "==> demo complete"
