data "ngrok_tunnel_session" "web" {
  id = "ts_2hHHEdGjzhqHoCeqNd9sYaUbMmT"
}

output "web_agent_version" {
  value = data.ngrok_tunnel_session.web.agent_version
}
