# Deprecated with edges: manage an existing HTTP response backend while moving to cloud endpoints.
resource "ngrok_http_response_backend" "maintenance" {
  description = "Maintenance page"
  status_code = 503
  body        = "Down for maintenance"
  headers = {
    "Content-Type" = "text/plain"
    "Retry-After"  = "3600"
  }
}
