data "ngrok_event_subscription" "this" {
  id = "esb_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
}

output "event_subscription_sources" {
  value = data.ngrok_event_subscription.this.sources
}
