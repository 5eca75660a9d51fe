import {
  to = ngrok_weighted_backend.this
  identity = {
    id = "bkdwd_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  }
}
