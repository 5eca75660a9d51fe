data "ngrok_reserved_addr" "ssh" {
  id = "ra_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
}
