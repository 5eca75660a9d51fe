# A secret is imported by its ID, which starts with secret_, or by its
# vault's name and its name, joined by "/".
terraform import ngrok_secret.db_password secret_2hHGVyb5ZT6WQm1uXnLfNc8Ykam
terraform import ngrok_secret.db_password prod-vault/db-password
