# Agents: an authtoken for the bastion's agent, allowed to bind only its
# address and label (its token is kept in the state, sensitive: the
# ephemeral ngrok_credential keeps it out, for a run that only hands it on);
# a reserved TCP address, which ngrok assigns, and the tcp:// cloud
# endpoint that listens on it (the API refuses a tcp:// endpoint on an
# address the account has not reserved). Building the url from the address
# makes Terraform reserve it first and release it last. Then who else
# connects: the CI pipeline's service user with its API key and SSH key, an
# older bot user, and the domain of the fleet's agents (an agent ingress).

resource "ngrok_credential" "bastion_agent" {
  description = "The bastion's agent"
  acl         = ["bind:${ngrok_reserved_addr.bastion.addr}", "bind:role=bastion"]
}

resource "ngrok_reserved_addr" "bastion" {
  description = "SSH bastion"
  region      = "eu"
}

resource "ngrok_cloud_endpoint" "bastion" {
  url         = "tcp://${ngrok_reserved_addr.bastion.addr}"
  description = "SSH to the bastion, from the office only"

  traffic_policy = jsonencode({
    on_tcp_connect = [
      { actions = [{ type = "restrict-ips", config = { allow = ["203.0.113.0/24"] } }] },
      { actions = [{ type = "forward-internal", config = { url = "tcp://bastion.internal:22" } }] },
    ]
  })
}

output "bastion" {
  description = "The reserved TCP address and the endpoint on it."
  value = {
    address   = ngrok_reserved_addr.bastion.addr
    endpoint  = ngrok_cloud_endpoint.bastion.url
    agent_acl = ngrok_credential.bastion_agent.acl
  }
}

# The CI pipeline's credentials belong to a service user rather than to a
# person, so that they outlive whoever made them; deleting the user would
# delete them. Its API key is kept in the state, sensitive (the ephemeral
# ngrok_api_key keeps it out, for a run that only hands it on); its SSH
# key may start SSH tunnels for the preview environments only. The key's
# private half was never kept.
resource "ngrok_service_user" "ci" {
  name = "ci-pipeline"
}

resource "ngrok_api_key" "ci" {
  description = "CI pipeline: deploys the demo's configuration"
  owner_id    = ngrok_service_user.ci.id
}

resource "ngrok_ssh_credential" "ci" {
  description = "CI pipeline: SSH tunnels of the preview environments"
  owner_id    = ngrok_service_user.ci.id
  public_key  = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIIlYEWso9FJsajnnBYTF69V+3/r6Emnbjvvw/dTVmJV4 tunnels@ci-runner"
  acl         = ["bind:*.preview.demo-corp.example"]
}

# A bot user is a service user under the API's older name, as
# configurations written before service users have them; this one is
# deactivated, so that what it owns can no longer authenticate.
resource "ngrok_bot_user" "legacy_deploy" {
  name   = "deploy-bot"
  active = false
}

# The fleet's agents connect through a domain of Demo Corp's rather than
# ngrok's: delegated to ngrok by NS records, with a certificate that ngrok
# issues (the mock issues it a few seconds after the create, and
# wait_for_certificate waits for it, as for the shop's domain).
resource "ngrok_agent_ingress" "fleet" {
  domain      = "connect.demo-corp.example"
  description = "Agents of the demo fleet"

  certificate_management_policy = {
    private_key_type = "ecdsa"
  }
  wait_for_certificate = true

  timeouts = {
    create = "2m"
  }
}

output "ci_api_key" {
  description = "The CI pipeline's API key, for its secret store: terraform output -raw ci_api_key."
  value       = ngrok_api_key.ci.token
  sensitive   = true
}

output "fleet_agent_ingress" {
  description = "The NS records that delegate the fleet's domain to ngrok, and the addresses its agents connect to."
  value = {
    ns_records     = [for ns in ngrok_agent_ingress.fleet.ns_targets : "${ngrok_agent_ingress.fleet.domain}. NS ${trimsuffix(ns, ".")}."]
    region_domains = ngrok_agent_ingress.fleet.region_domains
  }
}
