# Moving edges onto cloud endpoints: the data sources read an edge with its
# routes and modules and write, per hostport, the URL and the traffic policy
# of the cloud endpoint that replaces it.
terraform {
  required_providers {
    ngrok = {
      source = "tfedge/ngrok"
    }
  }
}

# NOTE: api_key and api_base_url come from NGROK_API_KEY and
# NGROK_API_BASE_URL, which migrate.sh points at ngrok-mock.
provider "ngrok" {}

variable "edge_id" {
  type    = string
  default = "edghts_2hHH9vYJ0qGQ4mQoTl5ZbLSK7pE"
}

data "ngrok_https_edge_traffic_policy" "app" {
  edge_id = var.edge_id
  # The OIDC client secret is read from an ngrok vault at request time,
  # never copied into the policy.
  oidc_client_secret = { vault = "edges", name = "admin-console-oidc" }
}

# The edge's hostnames stay reserved: the cloud endpoints serve on them.
resource "ngrok_reserved_domain" "app" {
  domain = "app.acme-corp.example"
}

resource "ngrok_cloud_endpoint" "app" {
  count          = length(data.ngrok_https_edge_traffic_policy.app.endpoints)
  url            = data.ngrok_https_edge_traffic_policy.app.endpoints[count.index].url
  traffic_policy = data.ngrok_https_edge_traffic_policy.app.endpoints[count.index].traffic_policy
  description    = "was ${var.edge_id}"

  depends_on = [ngrok_reserved_domain.app]
}

output "not_migrated" {
  description = "What the policy does not do: to do by hand, or to drop knowingly."
  value       = data.ngrok_https_edge_traffic_policy.app.not_migrated
}

output "forward_internal_urls" {
  description = "Start an agent endpoint on each (ngrok http 80 --url ...) instead of the labeled tunnels."
  value       = data.ngrok_https_edge_traffic_policy.app.forward_internal_urls
}

# The TLS edge: its TLS termination becomes terminate-tls, its IP
# restriction restrict-ips, both on_tcp_connect, and its tunnel-group backend
# forward-internal, in a tls:// cloud endpoint on the same hostname.
variable "tls_edge_id" {
  type    = string
  default = "edgtls_2hHHDk3sKx8uTr4Wq9LmNpZ7YbC"
}

data "ngrok_tls_edge_traffic_policy" "db" {
  edge_id = var.tls_edge_id
}

resource "ngrok_reserved_domain" "db" {
  domain = "db.acme-corp.example"
}

resource "ngrok_cloud_endpoint" "db" {
  count          = length(data.ngrok_tls_edge_traffic_policy.db.endpoints)
  url            = data.ngrok_tls_edge_traffic_policy.db.endpoints[count.index].url
  traffic_policy = data.ngrok_tls_edge_traffic_policy.db.endpoints[count.index].traffic_policy
  description    = "was ${var.tls_edge_id}"

  depends_on = [ngrok_reserved_domain.db]
}

output "tls_forward_internal_urls" {
  description = "Start an agent endpoint on each (ngrok tls 443 --url ...) instead of the labeled tunnels."
  value       = data.ngrok_tls_edge_traffic_policy.db.forward_internal_urls
}

# The TCP edge: its IP restriction becomes restrict-ips on_tcp_connect, its
# tunnel-group backend forward-internal, in a tcp:// cloud endpoint on the
# same reserved address (which stays reserved: ngrok_reserved_addr can
# import it).
variable "tcp_edge_id" {
  type    = string
  default = "edgtcp_2hHHEf5tLw2bQy8Zr1NkVc6Xm3P"
}

data "ngrok_tcp_edge_traffic_policy" "ssh" {
  edge_id = var.tcp_edge_id
}

resource "ngrok_cloud_endpoint" "ssh" {
  count          = length(data.ngrok_tcp_edge_traffic_policy.ssh.endpoints)
  url            = data.ngrok_tcp_edge_traffic_policy.ssh.endpoints[count.index].url
  traffic_policy = data.ngrok_tcp_edge_traffic_policy.ssh.endpoints[count.index].traffic_policy
  description    = "was ${var.tcp_edge_id}"
}

output "tcp_forward_internal_urls" {
  description = "Start an agent endpoint on each (ngrok tcp 22 --url ...) instead of the labeled tunnels."
  value       = data.ngrok_tcp_edge_traffic_policy.ssh.forward_internal_urls
}
