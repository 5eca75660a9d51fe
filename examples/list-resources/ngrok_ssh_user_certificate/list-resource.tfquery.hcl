# Every SSH user certificate of the account, with every attribute.
list "ngrok_ssh_user_certificate" "all" {
  provider         = ngrok
  include_resource = true
}

# The ten newest user certificates one authority signed.
list "ngrok_ssh_user_certificate" "users_ca" {
  provider = ngrok
  limit    = 10

  config {
    ssh_certificate_authority_id = "sshca_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  }
}
