import {
  to = ngrok_https_edge_route_oidc.app
  id = "edghts_2hHGVyb5ZT6WQm1uXnLfNc8Ykam/edghtsrt_2hHGW0x7oSn4wdDzkRmE7YcB3Lq"
}
