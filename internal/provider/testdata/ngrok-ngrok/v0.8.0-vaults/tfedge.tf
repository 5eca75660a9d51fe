# tfedge/ngrok's equivalent of main.tf (ngrok/ngrok v0.8.0): the same objects with
# the same values. The secret values and the event destinations' credentials stay
# in value, aws_secret_access_key, api_key and client_secret, the sensitive
# attributes for configurations moved from ngrok/ngrok whose state holds them (new
# configurations use value_wo, api_key_wo, ... with their versions, which keep them
# out of the state); tfedge/ngrok keeps a credential beside the target, not in it.

# ---- Vaults and secrets -------------------------------------------------------------------------
resource "ngrok_vault" "prod" {
  name        = "prod-vault"
  description = "Production secrets"
  metadata    = jsonencode({ team = "platform" })
}

resource "ngrok_vault" "staging" {
  name = "staging"
}

resource "ngrok_secret" "db_password" {
  vault_id    = ngrok_vault.prod.id
  name        = "db-password"
  value       = "fixture-db-password"
  description = "Production database"
}

resource "ngrok_secret" "api_token" {
  vault_id = ngrok_vault.staging.id
  name     = "api.token"
  value    = "fixture-api-token"
}

# ---- Event destinations -------------------------------------------------------------------------
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

resource "ngrok_event_destination" "firehose" {
  format = "json"
  target = {
    firehose = {
      delivery_stream_arn = "arn:aws:firehose:us-east-1:123456789012:deliverystream/ngrok"
      auth                = { creds = { aws_access_key_id = "AKIAFIXTURE" } }
    }
  }
  aws_secret_access_key = "fixture-aws-secret"
}

resource "ngrok_event_destination" "datadog" {
  format = "json"
  target = {
    datadog = { ddsite = "datadoghq.eu", service = "ngrok", ddtags = "env:prod" }
  }
  api_key = "fixture-datadog-key"
}

resource "ngrok_event_destination" "azure" {
  format = "json"
  target = {
    azure_logs_ingestion = {
      tenant_id                   = "00000000-0000-0000-0000-000000000001"
      client_id                   = "00000000-0000-0000-0000-000000000002"
      logs_ingestion_uri          = "https://ngrok-dce.eastus-1.ingest.monitor.azure.com"
      data_collection_rule_id     = "dcr-00000000000000000000000000000000"
      data_collection_stream_name = "Custom-ngrok_CL"
    }
  }
  client_secret = "fixture-azure-secret"
}

# ---- Event subscriptions: sources as their event types ---------------------------------------------
resource "ngrok_event_subscription" "secrets" {
  description     = "Vault and secret changes"
  sources         = ["vault_created.v0", "secret_created.v0", "secret_updated.v0"]
  destination_ids = [ngrok_event_destination.kinesis.id, ngrok_event_destination.datadog.id]
}

resource "ngrok_event_subscription" "policies" {
  sources         = ["ip_policy_created.v0"]
  destination_ids = [ngrok_event_destination.firehose.id]
}
