import {
  to = ngrok_reserved_addr.ssh
  identity = {
    id = "ra_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  }
}
