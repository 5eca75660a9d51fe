# ngrok/ngrok v0.7.0 (SDKv2): the types that issue 22 adds to tfedge/ngrok, vaults, secrets,
# event destinations and event subscriptions.
terraform {
  required_providers {
    ngrok = {
      source  = "ngrok/ngrok"
      version = "0.7.0"
    }
  }
}

# api_key and api_base_url come from NGROK_API_KEY and NGROK_API_BASE_URL.
provider "ngrok" {}

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
  target {
    kinesis {
      stream_arn = "arn:aws:kinesis:us-east-1:123456789012:stream/ngrok-events"
      auth {
        role {
          role_arn = "arn:aws:iam::123456789012:role/ngrok-events"
        }
      }
    }
  }
}

# ngrok_event_subscription is left out: v0.7.0 crashes creating one (expandEventSourceReplace:
# interface conversion, map[string]interface {} is not *schema.Set), so no state of it exists.
