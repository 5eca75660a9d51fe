# An uploaded TLS certificate, served by a reserved domain of the same
# configuration. The certificate and its key are self-signed and made for
# this demo only; the key protects nothing. It reaches the API through a
# write-only attribute, so it is never in the plan or the state.

variable "portal_private_key_pem" {
  type      = string
  sensitive = true
  ephemeral = true
  default   = <<-EOT
    -----BEGIN PRIVATE KEY-----
    MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgOj1LPr4apIRo70Yc
    sG6QUnl0WJBUiGMHwt2oZPxew9OhRANCAAQUcgX+4IenAZ0Gc6jAhuKwdTqeHW2k
    RjVQoCY0V5ro2iq71rhLYbNnXu4NrSWDPfRqf1gccaDgoDt4WCTXCL/Q
    -----END PRIVATE KEY-----
  EOT
}

resource "ngrok_tls_certificate" "portal" {
  description                = "portal.demo-corp.example (self-signed demo certificate)"
  private_key_pem_wo         = var.portal_private_key_pem
  private_key_pem_wo_version = 1
  certificate_pem            = <<-EOT
    -----BEGIN CERTIFICATE-----
    MIIBrDCCAVKgAwIBAgIEATUlBTAKBggqhkjOPQQDAjA3MRIwEAYDVQQKEwlEZW1v
    IENvcnAxITAfBgNVBAMTGHBvcnRhbC5kZW1vLWNvcnAuZXhhbXBsZTAeFw0yNjAx
    MDEwMDAwMDBaFw0zNjAxMDEwMDAwMDBaMDcxEjAQBgNVBAoTCURlbW8gQ29ycDEh
    MB8GA1UEAxMYcG9ydGFsLmRlbW8tY29ycC5leGFtcGxlMFkwEwYHKoZIzj0CAQYI
    KoZIzj0DAQcDQgAEFHIF/uCHpwGdBnOowIbisHU6nh1tpEY1UKAmNFea6Noqu9a4
    S2GzZ17uDa0lgz30an9YHHGg4KA7eFgk1wi/0KNMMEowDgYDVR0PAQH/BAQDAgeA
    MBMGA1UdJQQMMAoGCCsGAQUFBwMBMCMGA1UdEQQcMBqCGHBvcnRhbC5kZW1vLWNv
    cnAuZXhhbXBsZTAKBggqhkjOPQQDAgNIADBFAiAk5kxOxV4NfIN29H8Jukut6U8p
    bQ4Su129eg7tsFWBXQIhAKZw9VTwYOAXA0I3PiVJufJT4hMdA3KMlkYCh5OtFAhn
    -----END CERTIFICATE-----
  EOT
}

resource "ngrok_reserved_domain" "portal" {
  domain         = "portal.demo-corp.example"
  description    = "Partner portal, with our own certificate"
  certificate_id = ngrok_tls_certificate.portal.id
}

output "portal_certificate" {
  description = "What the API read from the uploaded certificate."
  value = {
    id        = ngrok_tls_certificate.portal.id
    subject   = ngrok_tls_certificate.portal.subject_common_name
    dns_names = ngrok_tls_certificate.portal.subject_alternative_names.dns_names
    not_after = ngrok_tls_certificate.portal.not_after
    domain    = ngrok_reserved_domain.portal.certificate.id
  }
}
