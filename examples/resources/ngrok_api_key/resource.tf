# An API key for a bot user, kept in the state (sensitive) so that another
# configuration or a secret store can take it.
resource "ngrok_api_key" "deployer" {
  description = "Deployment pipeline"
  owner_id    = "bot_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
}

output "deployer_api_key" {
  value     = ngrok_api_key.deployer.token
  sensitive = true
}
