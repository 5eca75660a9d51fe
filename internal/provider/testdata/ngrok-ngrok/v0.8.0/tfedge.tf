# tfedge/ngrok's equivalent of main.tf (ngrok/ngrok v0.8.0): the same
# objects with the same values. It differs in one place: ngrok_domain is
# named ngrok_reserved_domain (moved.tf moves the state).

# ---- SSH certificate authorities: one per key type ----------------------------------------------
resource "ngrok_ssh_certificate_authority" "ed25519" {
  description      = "Production hosts CA (ed25519)"
  metadata         = jsonencode({ team = "platform", env = "prod", rotation = "2027-Q1" })
  private_key_type = "ed25519"
}

resource "ngrok_ssh_certificate_authority" "ecdsa" {
  description      = "Engineers' user CA (ecdsa p521)"
  metadata         = jsonencode({ team = "security" })
  private_key_type = "ecdsa"
  elliptic_curve   = "p521"
}

resource "ngrok_ssh_certificate_authority" "rsa" {
  description      = "Legacy CI CA (rsa 2048)"
  private_key_type = "rsa"
  key_size         = 2048
}

# ---- Domains ------------------------------------------------------------------------------------
resource "ngrok_reserved_domain" "sub" {
  domain      = "acme-fixture080.ngrok.app"
  description = "Public app on an ngrok sub-domain"
  metadata    = jsonencode({ owner = "web-team", cost_center = 4410 })
}

resource "ngrok_reserved_domain" "uploaded_cert" {
  domain         = "www.shop.example.com"
  description    = "Shop front, uploaded wildcard certificate"
  certificate_id = "cert_2pQx7Lm4NvR8sT1uWyZ3aB5cD6e"
}

resource "ngrok_reserved_domain" "managed_cert" {
  domain      = "api.fixture080.example.com"
  description = "API, managed certificate"
  metadata    = "plain text metadata"
  certificate_management_policy = {
    authority        = "letsencrypt"
    private_key_type = "ecdsa"
  }
}

resource "ngrok_reserved_domain" "wildcard" {
  domain      = "*.apps.fixture080.example.com"
  description = "Wildcard for preview apps"
}

# ---- Cloud endpoints ----------------------------------------------------------------------------
resource "ngrok_cloud_endpoint" "public" {
  url         = "https://${ngrok_reserved_domain.sub.domain}"
  description = "Public entry point"
  metadata    = jsonencode({ service = "web", tier = "frontend" })
  bindings    = ["public"]
  traffic_policy = jsonencode({
    on_http_request = [
      {
        name        = "block bots"
        expressions = ["req.user_agent.is_bot"]
        actions     = [{ type = "deny", config = { status_code = 403 } }]
      },
      {
        actions = [{ type = "forward-internal", config = { url = "https://orders.internal" } }]
      }
    ]
    on_http_response = [
      { actions = [{ type = "add-headers", config = { headers = { "x-served-by" = "ngrok" } } }] }
    ]
  })
}

resource "ngrok_cloud_endpoint" "internal" {
  url             = "https://orders.internal"
  description     = "Orders service, reachable only from other endpoints"
  bindings        = ["internal"]
  pooling_enabled = true
  traffic_policy = jsonencode({
    on_http_request = [
      { actions = [{ type = "custom-response", config = { status_code = 200, content = "orders ok", headers = { "content-type" = "text/plain" } } }] }
    ]
  })
}

resource "ngrok_cloud_endpoint" "preview" {
  url            = "https://pr-42.apps.fixture080.example.com"
  traffic_policy = jsonencode({ on_http_request = [{ actions = [{ type = "redirect", config = { to = "https://www.shop.example.com/" } }] }] })
  depends_on     = [ngrok_reserved_domain.wildcard]
}

resource "ngrok_cloud_endpoint" "tcp" {
  url         = "tcp://1.tcp.ngrok.io:21456"
  description = "Postgres, office IPs only"
  traffic_policy = jsonencode({
    on_tcp_connect = [
      { actions = [{ type = "restrict-ips", config = { enforce = true, allow = ["203.0.113.0/24"] } }] }
    ]
  })
}
