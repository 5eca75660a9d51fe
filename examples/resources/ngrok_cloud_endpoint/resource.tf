# A public endpoint must be on a reserved domain of the account. Building the
# url from the reserved domain makes Terraform reserve it first (and delete
# the endpoint before giving the domain up).
resource "ngrok_reserved_domain" "app" {
  domain = "app.example.com"
}

# The traffic policy written in HCL with jsonencode().
resource "ngrok_cloud_endpoint" "app" {
  url         = "https://${ngrok_reserved_domain.app.domain}"
  description = "Public entry point of the app"
  metadata    = jsonencode({ team = "platform" })

  traffic_policy = jsonencode({
    on_http_request = [
      {
        name        = "Block other countries"
        expressions = ["conn.geo.country_code != 'FR'"]
        actions     = [{ type = "deny", config = { status_code = 403 } }]
      },
      {
        actions = [{ type = "forward-internal", config = { url = "https://app.internal" } }]
      },
    ]
  })
}

# The same kind of policy as a YAML heredoc (or file("policy.yml")). The API
# keeps the text as written, comments included.
resource "ngrok_cloud_endpoint" "app_internal" {
  url = "https://app.internal"

  traffic_policy = <<-EOT
    # Answer health checks here; send the rest to the agents' pool.
    on_http_request:
      - expressions:
          - req.url.path == '/healthz'
        actions:
          - type: custom-response
            config:
              status_code: 200
              body: ok
      - actions:
          - type: forward-internal
            config:
              url: http://backend.internal:8080
  EOT
}

# The policy as a JSON heredoc. Rewriting it in another notation that means
# the same (YAML, jsonencode, other indentation) is not a change.
resource "ngrok_cloud_endpoint" "database" {
  url             = "tcp://db.internal:5432"
  pooling_enabled = true

  traffic_policy = <<-EOT
    {
      "on_tcp_connect": [
        {
          "expressions": ["!(conn.client_ip in ['10.0.0.0/8'])"],
          "actions": [{ "type": "deny" }]
        }
      ]
    }
  EOT
}

# A public TCP endpoint listens on a reserved TCP address of the account,
# which ngrok assigns: reserve one, and use its addr.
resource "ngrok_reserved_addr" "ssh" {
  description = "SSH bastion"
}

resource "ngrok_cloud_endpoint" "ssh" {
  url = "tcp://${ngrok_reserved_addr.ssh.addr}"
  traffic_policy = jsonencode({
    on_tcp_connect = [{
      actions = [{ type = "forward-internal", config = { url = "tcp://bastion.internal:22" } }]
    }]
  })
}
