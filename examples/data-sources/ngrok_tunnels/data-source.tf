data "ngrok_tunnels" "all" {}

# The public URLs online, by the agent session that serves them.
output "urls_by_session" {
  value = { for t in data.ngrok_tunnels.all.tunnels : t.public_url => t.tunnel_session_id if t.public_url != "" }
}
