data "ngrok_tcp_edge" "legacy" {
  id = "edgtcp_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
}
