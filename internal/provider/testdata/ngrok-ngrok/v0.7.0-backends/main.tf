# ngrok/ngrok v0.7.0 (SDKv2): the backends it has, tunnel-group, HTTP response and failover
# backends (issue 23).
terraform {
  required_providers {
    ngrok = {
      source  = "ngrok/ngrok"
      version = "0.7.0"
    }
  }
}

# api_key and api_base_url come from NGROK_API_KEY and NGROK_API_BASE_URL.
provider "ngrok" {}

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
