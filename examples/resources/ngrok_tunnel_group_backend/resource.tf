# Deprecated with edges: manage an existing tunnel group backend while moving to cloud endpoints.
resource "ngrok_tunnel_group_backend" "web" {
  description = "Web agents"
  labels = {
    app = "web"
    dc  = "eu-west"
  }
}
