# Every certificate authority of the account, with every attribute.
list "ngrok_certificate_authority" "all" {
  provider         = ngrok
  include_resource = true
}
