import {
  to = ngrok_https_edge_route.api
  identity = {
    edge_id = "edghts_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
    id      = "edghtsrt_2hHGW0x7oSn4wdDzkRmE7YcB3Lq"
  }
}
