# The secrets of one vault whose name starts with "db".
data "ngrok_secrets" "db" {
  vault_id = "vault_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  filter   = "obj.name.startsWith('db')"
}

output "db_secret_ids" {
  value = [for s in data.ngrok_secrets.db.secrets : s.id]
}
