import {
  to = ngrok_cloud_endpoint.app
  identity = {
    id = "ep_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  }
}
