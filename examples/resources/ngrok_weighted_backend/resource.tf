# Deprecated with edges: manage an existing weighted backend while moving to cloud endpoints.
resource "ngrok_tunnel_group_backend" "blue" {
  labels = { app = "web", color = "blue" }
}

resource "ngrok_tunnel_group_backend" "green" {
  labels = { app = "web", color = "green" }
}

# Nine requests in ten to blue, one to green.
resource "ngrok_weighted_backend" "canary" {
  description = "Blue/green canary"
  backends = {
    (ngrok_tunnel_group_backend.blue.id)  = 90
    (ngrok_tunnel_group_backend.green.id) = 10
  }
}
