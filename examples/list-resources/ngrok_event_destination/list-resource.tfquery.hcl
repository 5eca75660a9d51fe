# Every event destination of the account, with every attribute.
list "ngrok_event_destination" "all" {
  provider         = ngrok
  include_resource = true
}
