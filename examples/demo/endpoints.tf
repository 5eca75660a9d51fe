# Cloud endpoints of the demo: always-on URLs that ngrok serves itself, each
# on a reserved domain of reserved_domains.tf (building the url from the
# domain makes Terraform reserve it first and release it last). Their
# traffic policies are written in HCL and in YAML; either way, rewriting a
# policy in another notation is not a change. The shop's admin pages ask
# for a password that the policy reads from a vault (vaults.tf) at run time,
# so that it is in no policy.

resource "ngrok_cloud_endpoint" "shop" {
  url         = "https://${ngrok_reserved_domain.shop.domain}"
  description = "Storefront: sends every request to the shop's agents"
  metadata    = jsonencode({ team = "web" })

  traffic_policy = jsonencode({
    on_http_request = [
      {
        name        = "Keep the admin pages private"
        expressions = ["req.url.path.startsWith('/admin')"]
        actions = [{
          type = "basic-auth"
          config = {
            realm       = "shop admin"
            credentials = ["admin:$${secrets.get('${ngrok_vault.shop.name}', '${ngrok_secret.shop_admin_password.name}')}"]
          }
        }]
      },
      {
        actions = [{ type = "forward-internal", config = { url = "https://shop.internal" } }]
      },
    ]
  })
}

resource "ngrok_cloud_endpoint" "status" {
  url         = "https://${ngrok_reserved_domain.status.domain}"
  description = "Status page answered by ngrok itself"

  traffic_policy = <<-EOT
    on_http_request:
      - actions:
          - type: custom-response
            config:
              status_code: 200
              headers:
                content-type: text/plain
              body: All systems operational
  EOT
}

# Where the shop's agents join: an internal endpoint, reachable only from
# other endpoints, needs no reserved domain.
resource "ngrok_cloud_endpoint" "shop_internal" {
  url         = "https://shop.internal"
  description = "Pool that the shop's agents join"

  traffic_policy = jsonencode({
    on_http_request = [{
      actions = [{ type = "custom-response", config = { status_code = 503, body = "No agent is serving the shop" } }]
    }]
  })
}

# Every endpoint of the account, of every type: these cloud endpoints, the
# partner portal's (access.tf), and the agents' and edges' endpoints when
# there are any.
data "ngrok_endpoints" "all" {
  depends_on = [
    ngrok_cloud_endpoint.shop,
    ngrok_cloud_endpoint.status,
    ngrok_cloud_endpoint.shop_internal,
    ngrok_cloud_endpoint.portal,
  ]
}

output "endpoints" {
  description = "All endpoints of the account, newest first."
  value = [
    for e in data.ngrok_endpoints.all.endpoints :
    # NOTE: an edge endpoint has no url on the real API, only its public_url.
    "${e.id} ${e.type} ${coalesce(e.url, e.public_url)} [${join(", ", e.bindings)}]"
  ]
}
