import {
  to = ngrok_service_user.ci
  identity = {
    id = "service_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  }
}
