# Every online agent of the account.
data "ngrok_tunnel_sessions" "all" {}

# The agents that still run version 2.
data "ngrok_tunnel_sessions" "v2" {
  filter = "obj.agent_version.startsWith('2.')"
}

output "agents_to_upgrade" {
  value = { for s in data.ngrok_tunnel_sessions.v2.tunnel_sessions : s.id => "${s.os} ${s.ip} ${s.agent_version}" }
}
