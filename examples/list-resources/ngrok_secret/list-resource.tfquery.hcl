# Every secret of the account, with every attribute.
list "ngrok_secret" "all" {
  provider         = ngrok
  include_resource = true
}
