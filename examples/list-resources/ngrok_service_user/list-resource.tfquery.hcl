# Every service user of the account, with every attribute.
list "ngrok_service_user" "all" {
  provider         = ngrok
  include_resource = true
}
