# Every TLS edge of the account, for an inventory before moving them to
# tls:// cloud endpoints.
data "ngrok_tls_edges" "all" {}
