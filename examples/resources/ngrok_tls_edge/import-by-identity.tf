import {
  to = ngrok_tls_edge.api
  identity = {
    id = "edgtls_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  }
}
