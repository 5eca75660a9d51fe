# One HTTP response backend, by ID.
data "ngrok_http_response_backend" "this" {
  id = "bkdhr_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
}
