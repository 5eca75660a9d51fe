# tfedge/ngrok's equivalent of main.tf (ngrok/ngrok v0.7.0): the same objects with the
# same values. The secret's value stays in value, the sensitive attribute for
# configurations moved from ngrok/ngrok whose state holds it.

resource "ngrok_vault" "prod" {
  name        = "prod-vault"
  description = "Production secrets"
}

resource "ngrok_secret" "db_password" {
  vault_id    = ngrok_vault.prod.id
  name        = "db-password"
  value       = "fixture-db-password"
  description = "Production database"
}

resource "ngrok_event_destination" "kinesis" {
  description = "Audit stream"
  format      = "json"
  target = {
    kinesis = {
      stream_arn = "arn:aws:kinesis:us-east-1:123456789012:stream/ngrok-events"
      auth       = { role = { role_arn = "arn:aws:iam::123456789012:role/ngrok-events" } }
    }
  }
}
