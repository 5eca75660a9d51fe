import {
  to = ngrok_static_backend.this
  identity = {
    id = "bkdsc_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  }
}
