# A service user owns the credentials of a pipeline, so that they outlive
# the people who made them: use its id as their owner_id.
resource "ngrok_service_user" "ci" {
  name = "github-actions"
}

# Deactivated: what it owns can no longer authenticate.
resource "ngrok_service_user" "retired" {
  name   = "jenkins"
  active = false
}

output "ci_owner_id" {
  value = ngrok_service_user.ci.id
}
