import {
  to = ngrok_reserved_domain.api
  identity = {
    id = "rd_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  }
}
