# Every event subscription of the account, with every attribute.
list "ngrok_event_subscription" "all" {
  provider         = ngrok
  include_resource = true
}
