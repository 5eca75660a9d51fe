# One tunnel group backend, by ID.
data "ngrok_tunnel_group_backend" "this" {
  id = "bkdtg_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
}
