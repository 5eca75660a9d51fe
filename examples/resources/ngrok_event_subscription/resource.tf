# Changes to vaults and secrets, sent to a Kinesis stream.
resource "ngrok_event_destination" "kinesis" {
  target = {
    kinesis = {
      stream_arn = "arn:aws:kinesis:us-east-1:123456789012:stream/ngrok-events"
      auth       = { role = { role_arn = "arn:aws:iam::123456789012:role/ngrok-events" } }
    }
  }
}

resource "ngrok_event_subscription" "secrets" {
  description     = "Vault and secret changes"
  sources         = ["vault_created.v0", "vault_updated.v0", "vault_deleted.v0", "secret_created.v0", "secret_updated.v0", "secret_deleted.v0"]
  destination_ids = [ngrok_event_destination.kinesis.id]
}
