import {
  to = ngrok_certificate_authority.clients
  identity = {
    id = "ca_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  }
}
