import {
  to = ngrok_failover_backend.this
  identity = {
    id = "bkdfo_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  }
}
