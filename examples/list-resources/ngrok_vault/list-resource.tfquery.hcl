# Every vault of the account, with every attribute.
list "ngrok_vault" "all" {
  provider         = ngrok
  include_resource = true
}
