data "ngrok_https_edge_route_ip_restriction" "app" {
  edge_id  = "edghts_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  route_id = "edghtsrt_2hHGW0x7oSn4wdDzkRmE7YcB3Lq"
}

# Reuse the route's IP policies on another route.
resource "ngrok_https_edge_route_ip_restriction" "api" {
  edge_id       = "edghts_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  route_id      = "edghtsrt_2hHGXKc4TQqWl9bNc0wmU2tPoRz"
  ip_policy_ids = data.ngrok_https_edge_route_ip_restriction.app.ip_policy_ids
}
