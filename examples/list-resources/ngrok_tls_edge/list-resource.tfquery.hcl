# Every TLS edge of the account, with every attribute: terraform query
# -generate-config-out writes their import blocks and configuration.
list "ngrok_tls_edge" "all" {
  provider         = ngrok
  include_resource = true
}
