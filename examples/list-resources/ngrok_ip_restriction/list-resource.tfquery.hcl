# Every IP restriction of the account, with every attribute.
list "ngrok_ip_restriction" "all" {
  provider         = ngrok
  include_resource = true
}
