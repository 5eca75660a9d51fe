# Every reserved address of the account, with every attribute.
list "ngrok_reserved_addr" "all" {
  provider         = ngrok
  include_resource = true
}
