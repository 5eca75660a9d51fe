# Agents: an authtoken for the bastion's agent, allowed to bind only its
# address and label (its token is kept in the state, sensitive: the
# ephemeral ngrok_credential keeps it out, for a run that only hands it on);
# a reserved TCP address, which ngrok assigns, and the tcp:// cloud
# endpoint that listens on it (the API refuses a tcp:// endpoint on an
# address the account has not reserved). Building the url from the address
# makes Terraform reserve it first and release it last.

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
