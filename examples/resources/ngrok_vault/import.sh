# A vault is imported by its ID, which starts with vault_, or by its name.
terraform import ngrok_vault.prod vault_2hHGVyb5ZT6WQm1uXnLfNc8Ykam
terraform import ngrok_vault.prod prod-vault
