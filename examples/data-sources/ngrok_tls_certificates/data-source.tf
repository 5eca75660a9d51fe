# Every TLS certificate of the account.
data "ngrok_tls_certificates" "all" {}

# The certificates for app.example.com.
data "ngrok_tls_certificates" "app" {
  filter = "obj.subject_common_name == 'app.example.com'"
}

output "app_certificates_expire" {
  value = [for c in data.ngrok_tls_certificates.app.tls_certificates : c.not_after]
}
