data "ngrok_certificate_authority" "clients" {
  id = "ca_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
}
