# An ephemeral variable: the key reaches the API but never the plan or the
# state (private_key_pem_wo needs Terraform 1.11 or later).
variable "app_private_key_pem" {
  type      = string
  sensitive = true
  ephemeral = true
}

resource "ngrok_tls_certificate" "app" {
  certificate_pem            = file("${path.module}/app.example.com.chain.pem")
  private_key_pem_wo         = var.app_private_key_pem
  private_key_pem_wo_version = 1
  description                = "app.example.com, from our CA"
}

# A reserved domain that serves it.
resource "ngrok_reserved_domain" "app" {
  domain         = "app.example.com"
  certificate_id = ngrok_tls_certificate.app.id
}

output "app_certificate_expires" {
  value = ngrok_tls_certificate.app.not_after
}
