import {
  to = ngrok_tls_certificate.app
  identity = {
    id = "cert_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  }
}
