# A vault for the secrets of production traffic policies.
resource "ngrok_vault" "prod" {
  name        = "prod-vault"
  description = "Secrets of production traffic policies"
}
