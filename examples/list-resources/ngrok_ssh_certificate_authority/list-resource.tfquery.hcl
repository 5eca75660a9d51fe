# Every SSH certificate authority of the account, with every attribute.
list "ngrok_ssh_certificate_authority" "all" {
  provider         = ngrok
  include_resource = true
}

# The RSA authorities only.
list "ngrok_ssh_certificate_authority" "rsa" {
  provider = ngrok

  config {
    filter = "obj.key_type == 'rsa'"
  }
}
