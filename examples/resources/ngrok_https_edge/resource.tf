# An HTTPS edge on a reserved domain, its visitors' client certificates
# checked against a certificate authority. Only an account that kept edge
# write access can create or change one; move it onto a cloud endpoint (guide
# "Moving from edges to cloud endpoints").
resource "ngrok_https_edge" "app" {
  description = "the app"
  hostports   = ["app.example.com:443"]

  mutual_tls = {
    certificate_authority_ids = ["ca_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"]
  }

  tls_termination = {
    min_version = "1.2"
  }
}
