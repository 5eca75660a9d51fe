# Who may reach what: the dashboard only from the admins' network, and the
# partner portal only for devices whose client certificate the partners' CA
# issued (mutual TLS).
#
# NOTE: the restriction is of type dashboard. An enforced restriction of
# type api would apply to Terraform itself: ngrok-mock enforces it, and its
# policy does not allow the loopback address the demo runs from, so every
# later request (this restriction's refresh and delete included) would be
# refused with ERR_NGROK_220 and lock the demo out of the mock.

resource "ngrok_ip_policy" "admins" {
  description = "Admins: the office network"
}

resource "ngrok_ip_policy_rule" "admins_office" {
  ip_policy_id = ngrok_ip_policy.admins.id
  cidr         = "203.0.113.0/24"
  action       = "allow"
  description  = "Office"
}

resource "ngrok_ip_restriction" "dashboard" {
  type          = "dashboard"
  description   = "The dashboard from the office only"
  enforced      = true
  ip_policy_ids = [ngrok_ip_policy.admins.id]

  # NOTE: enforced on a policy without its rule, the restriction would let
  # nobody in; the rule comes first.
  depends_on = [ngrok_ip_policy_rule.admins_office]
}

# The CA that issues the partners' device certificates: its certificate only,
# self-signed and made for this demo (its key was never kept).
resource "ngrok_certificate_authority" "partner_devices" {
  description = "Issues the certificates of partners' devices"
  ca_pem      = <<-EOT
    -----BEGIN CERTIFICATE-----
    MIIB3DCCAYGgAwIBAgIUBRdU/ZKh/zKPAM9vrgl8dTPLk/kwCgYIKoZIzj0EAwIw
    OzESMBAGA1UECgwJRGVtbyBDb3JwMSUwIwYDVQQDDBxEZW1vIENvcnAgUGFydG5l
    ciBEZXZpY2VzIENBMB4XDTI2MTEyNTE0MDgwOVoXDTM2MTEyMjE0MDgwOVowOzES
    MBAGA1UECgwJRGVtbyBDb3JwMSUwIwYDVQQDDBxEZW1vIENvcnAgUGFydG5lciBE
    ZXZpY2VzIENBMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE0YRhCn9R3FfWCexO
    VAvB4DsUCpHGGDpfaFW7N+jjVJF20BcVU+wefhLw1Cyvg3jIX5hop2KV9F1z7gie
    SL3r66NjMGEwHQYDVR0OBBYEFJ2i+xIw51cfpBo5Qf7BTg+95lpBMB8GA1UdIwQY
    MBaAFJ2i+xIw51cfpBo5Qf7BTg+95lpBMA8GA1UdEwEB/wQFMAMBAf8wDgYDVR0P
    AQH/BAQDAgEGMAoGCCqGSM49BAMCA0kAMEYCIQD2LIVEFZ5jDv1R5dq8QlpCZXxZ
    9QNUjQkAAk2htUVdtQIhAIVp5bEj7EVtrwGE1IkhFgDX4zR38K7VgEwKDLKoVLWU
    -----END CERTIFICATE-----
  EOT
}

# The partner portal (tls_certificates.tf's domain, served with the
# uploaded certificate) asks every client for a certificate that the CA
# issued, then hands the requests to the portal's agents.
resource "ngrok_cloud_endpoint" "portal" {
  url         = "https://${ngrok_reserved_domain.portal.domain}"
  description = "Partner portal: partners' devices only (mutual TLS)"

  traffic_policy = jsonencode({
    on_tcp_connect = [{
      actions = [{
        type   = "terminate-tls"
        config = { mutual_tls_certificate_authorities = [ngrok_certificate_authority.partner_devices.id] }
      }]
    }]
    on_http_request = [{
      actions = [{ type = "forward-internal", config = { url = "https://portal.internal" } }]
    }]
  })
}
