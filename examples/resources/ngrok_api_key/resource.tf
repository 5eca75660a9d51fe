# An API key for a service user, kept in the state (sensitive) so that another
# configuration or a secret store can take it. The owner must exist: deleting
# it deletes the key.
resource "ngrok_service_user" "deployer" {
  name = "deployer"
}

resource "ngrok_api_key" "deployer" {
  description = "Deployment pipeline"
  owner_id    = ngrok_service_user.deployer.id
}

output "deployer_api_key" {
  value     = ngrok_api_key.deployer.token
  sensitive = true
}
