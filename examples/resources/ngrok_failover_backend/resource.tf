# Deprecated with edges: manage an existing failover backend while moving to cloud endpoints.
resource "ngrok_tunnel_group_backend" "web" {
  labels = { app = "web" }
}

resource "ngrok_http_response_backend" "maintenance" {
  status_code = 503
  body        = "Down for maintenance"
}

# Traffic goes to the web agents, and to the maintenance page when none is online.
resource "ngrok_failover_backend" "web" {
  description = "Web, then maintenance"
  backends    = [ngrok_tunnel_group_backend.web.id, ngrok_http_response_backend.maintenance.id]
}
