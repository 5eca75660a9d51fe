# Every bot user of the account, with every attribute.
list "ngrok_bot_user" "all" {
  provider         = ngrok
  include_resource = true
}
