data "ngrok_ip_policy" "office" {
  id = "ipp_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
}

output "office_policy" {
  value = data.ngrok_ip_policy.office.description
}
