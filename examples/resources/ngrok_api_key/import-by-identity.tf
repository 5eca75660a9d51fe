import {
  to = ngrok_api_key.deployer
  identity = {
    id = "ak_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  }
}
