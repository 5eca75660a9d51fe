import {
  to = ngrok_ip_restriction.dashboard
  identity = {
    id = "ipx_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  }
}
