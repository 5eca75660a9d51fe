# Every weighted backend of the account, with every attribute (terraform query -generate-config-out=backends.tf
# writes their configuration, to import them).
list "ngrok_weighted_backend" "all" {
  provider         = ngrok
  include_resource = true
}
