# One static backend, by ID.
data "ngrok_static_backend" "this" {
  id = "bkdsc_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
}
