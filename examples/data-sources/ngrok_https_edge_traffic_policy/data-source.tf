data "ngrok_https_edge_traffic_policy" "app" {
  edge_id            = "edghts_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  oidc_client_secret = { vault = "edges", name = "app-oidc" }
  # Only needed where the edge has OAuth modules with your own application,
  # or webhook verification modules: the API does not return their secrets.
  oauth_client_secret         = { vault = "edges", name = "app-oauth" }
  webhook_verification_secret = { vault = "edges", name = "app-webhooks" }
}

# One cloud endpoint per hostport of the edge, with the edge's behaviour.
resource "ngrok_cloud_endpoint" "app" {
  count          = length(data.ngrok_https_edge_traffic_policy.app.endpoints)
  url            = data.ngrok_https_edge_traffic_policy.app.endpoints[count.index].url
  traffic_policy = data.ngrok_https_edge_traffic_policy.app.endpoints[count.index].traffic_policy
}

output "not_migrated" {
  value = data.ngrok_https_edge_traffic_policy.app.not_migrated
}
