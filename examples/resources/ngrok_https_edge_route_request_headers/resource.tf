# Tell the upstream which edge served the request, and drop headers it must
# not see. Header names are case-insensitive: changing only their case is no
# change.
resource "ngrok_https_edge_route_request_headers" "app" {
  edge_id  = "edghts_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  route_id = "edghtsrt_2hHGW0x7oSn4wdDzkRmE7YcB3Lq"

  add = {
    "X-Served-By" = "ngrok-edge"
    "X-Env"       = "production"
  }
  remove = ["Cookie", "X-Debug"]
}
