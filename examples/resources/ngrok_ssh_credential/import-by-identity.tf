import {
  to = ngrok_ssh_credential.laptop
  identity = {
    id = "sshcr_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  }
}
