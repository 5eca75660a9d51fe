import {
  to = ngrok_https_edge.app
  identity = {
    id = "edghts_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  }
}
