# Every HTTPS edge of the account, with every attribute: an inventory before
# moving them onto cloud endpoints.
list "ngrok_https_edge" "all" {
  provider         = ngrok
  include_resource = true
}
