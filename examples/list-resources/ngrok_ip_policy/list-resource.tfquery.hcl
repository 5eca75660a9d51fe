# Every IP policy of the account, with every attribute.
list "ngrok_ip_policy" "all" {
  provider         = ngrok
  include_resource = true
}
