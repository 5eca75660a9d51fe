# tfedge/ngrok's equivalent of main.tf (ngrok/ngrok v0.7.0): the same backends with the same
# values.

# ---- Tunnel-group backends ----------------------------------------------------------------------
resource "ngrok_tunnel_group_backend" "web" {
  description = "Web agents"
  metadata    = jsonencode({ team = "web" })
  labels = {
    app = "web"
    dc  = "eu-west"
  }
}

resource "ngrok_tunnel_group_backend" "bare" {}

# ---- HTTP response backends ---------------------------------------------------------------------
resource "ngrok_http_response_backend" "maintenance" {
  description = "Maintenance page"
  body        = "Down for maintenance"
  status_code = 503
  headers = {
    "content-type" = "text/plain"
    "retry-after"  = "3600"
  }
}

resource "ngrok_http_response_backend" "default_status" {
  body = "ok"
}

# ---- Failover backend ---------------------------------------------------------------------------
resource "ngrok_failover_backend" "web" {
  description = "Web, then maintenance"
  backends    = [ngrok_tunnel_group_backend.web.id, ngrok_http_response_backend.maintenance.id]
}
