data "ngrok_tls_certificate" "app" {
  id = "cert_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
}

output "app_certificate" {
  value = {
    common_name = data.ngrok_tls_certificate.app.subject_common_name
    dns_names   = data.ngrok_tls_certificate.app.subject_alternative_names.dns_names
    expires     = data.ngrok_tls_certificate.app.not_after
  }
}
