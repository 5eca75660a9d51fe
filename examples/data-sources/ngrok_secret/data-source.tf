data "ngrok_secret" "this" {
  id = "secret_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
}

output "secret_vault_name" {
  value = data.ngrok_secret.this.vault_name
}
