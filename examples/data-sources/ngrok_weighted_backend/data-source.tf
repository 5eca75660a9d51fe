# One weighted backend, by ID.
data "ngrok_weighted_backend" "this" {
  id = "bkdwd_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
}
