data "ngrok_application_session" "current" {
  id = "appses_2hHHEdGjzhqHoCeqNd9sYaUbMmT"
}

output "session_expires_at" {
  value = data.ngrok_application_session.current.expires_at
}
