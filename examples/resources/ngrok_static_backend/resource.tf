# Deprecated with edges: manage an existing static backend while moving to cloud endpoints.
resource "ngrok_static_backend" "origin" {
  description = "Origin server"
  address     = "origin.example.com:443"
  tls_enabled = true
}
