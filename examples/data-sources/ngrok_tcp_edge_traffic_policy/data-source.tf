data "ngrok_tcp_edge_traffic_policy" "db" {
  edge_id = "edgtcp_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  # Optional: where the edge's tunnel-group backend now runs. Without it,
  # the internal endpoint is named after the backend's labels
  # (app=db → tcp://app-db.internal:<port of the edge's first hostport>).
  internal_url = "tcp://app-db.internal:5432"
}

# One tcp:// cloud endpoint per reserved address of the edge.
resource "ngrok_cloud_endpoint" "db" {
  count          = length(data.ngrok_tcp_edge_traffic_policy.db.endpoints)
  url            = data.ngrok_tcp_edge_traffic_policy.db.endpoints[count.index].url
  traffic_policy = data.ngrok_tcp_edge_traffic_policy.db.endpoints[count.index].traffic_policy
}

output "not_migrated" {
  value = data.ngrok_tcp_edge_traffic_policy.db.not_migrated
}
