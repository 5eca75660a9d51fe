import {
  to = ngrok_agent_ingress.connect
  identity = {
    id = "agin_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  }
}
