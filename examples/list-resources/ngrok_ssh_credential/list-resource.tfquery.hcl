# Every SSH credential of the account, with every attribute.
list "ngrok_ssh_credential" "all" {
  provider         = ngrok
  include_resource = true
}
