# The event subscriptions that send vault creations.
data "ngrok_event_subscriptions" "vaults" {
  filter = "obj.sources.exists(s, s.type == 'vault_created.v0')"
}

output "vault_subscription_ids" {
  value = [for s in data.ngrok_event_subscriptions.vaults.event_subscriptions : s.id]
}
