data "ngrok_application_sessions" "all" {}

# How many sessions each application user has.
output "sessions_per_user" {
  value = { for s in data.ngrok_application_sessions.all.application_sessions : s.application_user_id => s.id... }
}
