# The secrets of one vault (never their values, which the API never returns).
data "ngrok_vault_secrets" "prod" {
  vault_id = "vault_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
}

output "prod_secret_names" {
  value = [for s in data.ngrok_vault_secrets.prod.secrets : s.name]
}
