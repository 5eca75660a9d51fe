import {
  to = ngrok_ssh_certificate_authority.users
  identity = {
    id = "sshca_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  }
}
