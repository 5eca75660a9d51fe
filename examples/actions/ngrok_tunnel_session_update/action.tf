# Update an agent, then restart it to run the new version:
#   terraform apply -invoke=action.ngrok_tunnel_session_update.web
#   terraform apply -invoke=action.ngrok_tunnel_session_restart.web
action "ngrok_tunnel_session_update" "web" {
  config {
    tunnel_session_id = "ts_2hHHEdGjzhqHoCeqNd9sYaUbMmT"
  }
}

action "ngrok_tunnel_session_restart" "web" {
  config {
    tunnel_session_id = "ts_2hHHEdGjzhqHoCeqNd9sYaUbMmT"
  }
}
