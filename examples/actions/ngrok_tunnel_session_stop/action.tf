# Stop the agent of one tunnel session:
#   terraform apply -invoke=action.ngrok_tunnel_session_stop.stray
action "ngrok_tunnel_session_stop" "stray" {
  config {
    tunnel_session_id = "ts_2hHHEdGjzhqHoCeqNd9sYaUbMmT"
  }
}
