data "ngrok_ssh_certificate_authority" "users" {
  id = "sshca_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
}

# Write the key that servers should trust for user certificates.
output "trusted_user_ca_key" {
  value = data.ngrok_ssh_certificate_authority.users.public_key
}
