# The event subscriptions described as audit subscriptions.
data "ngrok_event_subscriptions" "audit" {
  filter = "obj.description.startsWith('audit')"
}

output "audit_subscription_ids" {
  value = [for s in data.ngrok_event_subscriptions.audit.event_subscriptions : s.id]
}
