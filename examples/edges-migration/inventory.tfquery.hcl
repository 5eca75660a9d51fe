# terraform query (Terraform 1.14 or later): the account's edges, their
# routes and backends, before moving them. `terraform query -generate-config-out=x.tf`
# writes the configuration that imports them, to keep them in Terraform
# until they are gone.
list "ngrok_https_edge" "all" {
  provider         = ngrok
  include_resource = true
}

list "ngrok_https_edge_route" "all" {
  provider         = ngrok
  include_resource = true
}

# The edges' backends (ngrok_http_response_backend, ngrok_failover_backend,
# ngrok_weighted_backend and ngrok_static_backend likewise), and TCP and TLS
# edges, which have list resources too.
list "ngrok_tunnel_group_backend" "all" {
  provider         = ngrok
  include_resource = true
}

list "ngrok_tcp_edge" "all" {
  provider = ngrok
}

list "ngrok_tls_edge" "all" {
  provider = ngrok
}
