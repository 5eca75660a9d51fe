# One failover backend, by ID.
data "ngrok_failover_backend" "this" {
  id = "bkdfo_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
}
