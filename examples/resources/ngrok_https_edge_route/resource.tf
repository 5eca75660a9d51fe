# A route of an HTTPS edge. Its modules are resources of their own (here the
# backend module): the route never changes them.
resource "ngrok_https_edge_route" "api" {
  edge_id     = "edghts_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  match_type  = "path_prefix"
  match       = "/api"
  description = "the API"
}

resource "ngrok_https_edge_route_backend" "api" {
  edge_id    = ngrok_https_edge_route.api.edge_id
  route_id   = ngrok_https_edge_route.api.id
  backend_id = "bkdtg_2hHGYq3b2Nf8PzBv0kT5xWmRj1c"
}
