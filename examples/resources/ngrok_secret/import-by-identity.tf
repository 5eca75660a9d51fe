import {
  to = ngrok_secret.db_password
  identity = {
    id = "secret_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  }
}
