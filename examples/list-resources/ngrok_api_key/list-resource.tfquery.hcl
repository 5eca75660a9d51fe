# Every API key of the account, with every attribute.
list "ngrok_api_key" "all" {
  provider         = ngrok
  include_resource = true
}
