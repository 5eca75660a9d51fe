# The four modules of the seeded edge route (seed.yaml): who may sign in,
# where traffic goes, from which addresses, and with which headers.

locals {
  demo_edge_id  = "edghts_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  demo_route_id = "edghtsrt_2hHGW0x7oSn4wdDzkRmE7YcB3Lq"
}

# An ephemeral variable: the secret reaches the API but never the plan or
# the state. Its default is a placeholder for the demo's mock server.
variable "oidc_client_secret" {
  type      = string
  sensitive = true
  ephemeral = true
  default   = "demo-secret-for-the-mock-only"
}

resource "ngrok_https_edge_route_oidc" "app" {
  edge_id                  = local.demo_edge_id
  route_id                 = local.demo_route_id
  issuer                   = "https://accounts.google.com"
  client_id                = "1234567890-demo.apps.googleusercontent.com"
  client_secret_wo         = var.oidc_client_secret
  client_secret_wo_version = 1
  scopes                   = ["openid", "email"]
  inactivity_timeout       = 3600
}

resource "ngrok_https_edge_route_backend" "app" {
  edge_id    = local.demo_edge_id
  route_id   = local.demo_route_id
  backend_id = "bkdtg_2hHGYq3b2Nf8PzBv0kT5xWmRj1c"
}

resource "ngrok_https_edge_route_ip_restriction" "app" {
  edge_id       = local.demo_edge_id
  route_id      = local.demo_route_id
  ip_policy_ids = ["ipp_2hHGZaF5Lr7cQe1wXyD3mT8nKp0", "ipp_2hHGZmW8Ds2vHn4bJc6qRt0LyE9", ngrok_ip_policy.partners.id]
}

resource "ngrok_https_edge_route_request_headers" "app" {
  edge_id  = local.demo_edge_id
  route_id = local.demo_route_id
  add      = { "X-Served-By" = "ngrok-edge" }
  remove   = ["Cookie"]
}

data "ngrok_https_edge_route_oidc" "app" {
  edge_id    = local.demo_edge_id
  route_id   = local.demo_route_id
  depends_on = [ngrok_https_edge_route_oidc.app]
}

data "ngrok_https_edge_route_backend" "app" {
  edge_id    = local.demo_edge_id
  route_id   = local.demo_route_id
  depends_on = [ngrok_https_edge_route_backend.app]
}

data "ngrok_https_edge_route_ip_restriction" "app" {
  edge_id    = local.demo_edge_id
  route_id   = local.demo_route_id
  depends_on = [ngrok_https_edge_route_ip_restriction.app]
}

data "ngrok_https_edge_route_request_headers" "app" {
  edge_id    = local.demo_edge_id
  route_id   = local.demo_route_id
  depends_on = [ngrok_https_edge_route_request_headers.app]
}

output "edge_route" {
  description = "The route's modules as the API reports them (the OIDC secret is never shown)."
  value = {
    oidc_issuer     = data.ngrok_https_edge_route_oidc.app.issuer
    backend         = data.ngrok_https_edge_route_backend.app.backend_id
    ip_policies     = data.ngrok_https_edge_route_ip_restriction.app.ip_policy_ids
    headers_added   = data.ngrok_https_edge_route_request_headers.app.add
    headers_removed = data.ngrok_https_edge_route_request_headers.app.remove
  }
}
