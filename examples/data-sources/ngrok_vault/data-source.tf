data "ngrok_vault" "this" {
  id = "vault_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
}

output "vault_name" {
  value = data.ngrok_vault.this.name
}
