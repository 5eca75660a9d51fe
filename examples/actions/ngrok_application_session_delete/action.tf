# Sign every visitor of one endpoint out, for example after changing its
# OAuth configuration:
#   terraform apply -invoke=action.ngrok_application_session_delete.app
data "ngrok_application_sessions" "all" {}

action "ngrok_application_session_delete" "app" {
  for_each = toset([
    for s in data.ngrok_application_sessions.all.application_sessions : s.id
    if s.public_url == "https://app.example.com"
  ])
  config {
    application_session_id = each.value
  }
}
