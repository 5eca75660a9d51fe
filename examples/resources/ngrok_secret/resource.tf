# The value comes from an ephemeral variable and is sent write-only: it is
# in neither the plan nor the state. Change value_wo_version to send a new
# value.
variable "db_password" {
  type      = string
  ephemeral = true
  sensitive = true
}

resource "ngrok_vault" "prod" {
  name = "prod-vault"
}

resource "ngrok_secret" "db_password" {
  vault_id         = ngrok_vault.prod.id
  name             = "db-password"
  value_wo         = var.db_password
  value_wo_version = 1
  description      = "Password of the production database"
}

# A traffic policy reads it by the vault's and the secret's names.
resource "ngrok_cloud_endpoint" "db_gateway" {
  url = "https://db-gateway.example.com"
  traffic_policy = jsonencode({
    on_http_request = [{
      actions = [{
        type   = "add-headers"
        config = { headers = { "x-db-password" = "$${secrets.get('${ngrok_vault.prod.name}', '${ngrok_secret.db_password.name}')}" } }
      }]
    }]
  })
}
