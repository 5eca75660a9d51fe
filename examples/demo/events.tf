# An audit trail of access: ngrok sends an event to a CloudWatch Logs log
# group whenever a key, an agent's authtoken or SSH key, or an IP
# restriction is made, changed or deleted. ngrok signs in to AWS by
# assuming an IAM role, so the destination holds no secret (an access
# key's secret would be write-only, as the vault secret of vaults.tf).

resource "ngrok_event_destination" "audit" {
  description = "Audit log of Demo Corp's ngrok account"
  target = {
    cloudwatch_logs = {
      log_group_arn = "arn:aws:logs:eu-west-1:123456789012:log-group:ngrok-audit"
      auth          = { role = { role_arn = "arn:aws:iam::123456789012:role/ngrok-events" } }
    }
  }
}

resource "ngrok_event_subscription" "access_changes" {
  description = "Changes to who may reach the account and its endpoints"
  sources = [
    "api_key_created.v0", "api_key_updated.v0", "api_key_deleted.v0",
    "tunnel_credential_created.v0", "tunnel_credential_updated.v0", "tunnel_credential_deleted.v0",
    "ssh_public_key_created.v0", "ssh_public_key_updated.v0", "ssh_public_key_deleted.v0",
    "ip_restriction_created.v0", "ip_restriction_updated.v0", "ip_restriction_deleted.v0",
  ]
  destination_ids = [ngrok_event_destination.audit.id]
}
