data "ngrok_ip_restriction" "dashboard" {
  id = "ipx_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
}
