# Every SSH host certificate of the account.
list "ngrok_ssh_host_certificate" "all" {
  provider = ngrok
}

# The host certificates one authority signed, with every attribute.
list "ngrok_ssh_host_certificate" "hosts_ca" {
  provider         = ngrok
  include_resource = true

  config {
    ssh_certificate_authority_id = "sshca_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  }
}
