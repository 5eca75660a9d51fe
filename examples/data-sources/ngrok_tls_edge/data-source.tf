data "ngrok_tls_edge" "legacy" {
  id = "edgtls_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
}
