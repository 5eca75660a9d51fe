# Which identity provider guards the route (the client secret is not exposed).
data "ngrok_https_edge_route_oidc" "app" {
  edge_id  = "edghts_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  route_id = "edghtsrt_2hHGW0x7oSn4wdDzkRmE7YcB3Lq"
}

output "app_identity_provider" {
  value = data.ngrok_https_edge_route_oidc.app.issuer
}
