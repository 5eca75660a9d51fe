import {
  to = ngrok_tunnel_group_backend.this
  identity = {
    id = "bkdtg_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  }
}
