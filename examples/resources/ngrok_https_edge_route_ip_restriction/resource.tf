# Only addresses that the office and VPN IP policies allow reach the route.
resource "ngrok_https_edge_route_ip_restriction" "app" {
  edge_id  = "edghts_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  route_id = "edghtsrt_2hHGW0x7oSn4wdDzkRmE7YcB3Lq"
  ip_policy_ids = [
    "ipp_2hHGZaF5Lr7cQe1wXyD3mT8nKp0", # office
    "ipp_2hHGZmW8Ds2vHn4bJc6qRt0LyE9", # VPN
  ]
}
