import {
  to = ngrok_tcp_edge.db
  identity = {
    id = "edgtcp_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  }
}
