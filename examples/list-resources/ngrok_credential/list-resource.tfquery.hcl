# Every authtoken (credential) of the account, with every attribute.
list "ngrok_credential" "all" {
  provider         = ngrok
  include_resource = true
}
