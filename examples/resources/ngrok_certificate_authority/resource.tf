# The CA that issued your clients' certificates.
resource "ngrok_certificate_authority" "clients" {
  description = "client certificates"
  ca_pem      = file("${path.module}/clients-ca.pem")
}

# Mutual TLS: only clients with a certificate the CA issued connect.
resource "ngrok_cloud_endpoint" "mtls" {
  url = "tls://mtls.example.com"
  traffic_policy = jsonencode({
    on_tcp_connect = [{
      actions = [{
        type = "terminate-tls"
        config = {
          mutual_tls_certificate_authorities = [ngrok_certificate_authority.clients.id]
        }
      }]
    }]
  })
}
