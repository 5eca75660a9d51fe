data "ngrok_service_user" "ci" {
  id = "service_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
}
