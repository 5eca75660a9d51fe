import {
  to = ngrok_http_response_backend.this
  identity = {
    id = "bkdhr_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  }
}
