data "ngrok_https_edge_route_backend" "app" {
  edge_id  = "edghts_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  route_id = "edghtsrt_2hHGW0x7oSn4wdDzkRmE7YcB3Lq"
}

output "app_backend" {
  value = data.ngrok_https_edge_route_backend.app.backend_id
}
