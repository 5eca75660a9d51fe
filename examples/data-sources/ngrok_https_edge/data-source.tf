data "ngrok_https_edge" "app" {
  id = "edghts_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
}

output "routes" {
  value = [for r in data.ngrok_https_edge.app.routes : "${r.match_type} ${r.match}"]
}
