# The route's traffic goes to the agents of a tunnel group backend.
resource "ngrok_https_edge_route_backend" "app" {
  edge_id    = "edghts_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  route_id   = "edghtsrt_2hHGW0x7oSn4wdDzkRmE7YcB3Lq"
  backend_id = "bkdtg_2hHGYq3b2Nf8PzBv0kT5xWmRj1c"
}
