data "ngrok_tls_edge_traffic_policy" "web" {
  edge_id = "edgtls_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
}

# One tls:// cloud endpoint per reserved domain of the edge. TLS terminated
# at the edge becomes terminate-tls (with mutual TLS's certificate
# authorities); TLS passed through stays passed through to the agent.
resource "ngrok_cloud_endpoint" "web" {
  count          = length(data.ngrok_tls_edge_traffic_policy.web.endpoints)
  url            = data.ngrok_tls_edge_traffic_policy.web.endpoints[count.index].url
  traffic_policy = data.ngrok_tls_edge_traffic_policy.web.endpoints[count.index].traffic_policy
}

# Start an agent endpoint on it where the labeled tunnels ran:
# ngrok tls 443 --url tls://app-web.internal
output "forward_internal_urls" {
  value = data.ngrok_tls_edge_traffic_policy.web.forward_internal_urls
}

output "not_migrated" {
  value = data.ngrok_tls_edge_traffic_policy.web.not_migrated
}
