# tfedge/ngrok's equivalent of main.tf (ngrok/ngrok v0.7.0): the same
# objects with the same values. It differs in one place:
# certificate_management_policy is an attribute (`= { ... }`), not a block.

# ---- SSH certificate authorities: one per key type ----------------------------------------------
resource "ngrok_ssh_certificate_authority" "ed25519" {
  description      = "Production hosts CA (ed25519)"
  metadata         = jsonencode({ team = "platform", env = "prod", rotation = "2027-Q1" })
  private_key_type = "ed25519"
}

resource "ngrok_ssh_certificate_authority" "ecdsa" {
  description      = "Engineers' user CA (ecdsa p384)"
  metadata         = jsonencode({ team = "security" })
  private_key_type = "ecdsa"
  elliptic_curve   = "p384"
}

resource "ngrok_ssh_certificate_authority" "rsa" {
  description      = "Legacy CI CA (rsa 4096)"
  private_key_type = "rsa"
  key_size         = 4096
}

# ---- SSH host and user certificates -------------------------------------------------------------
resource "ngrok_ssh_host_certificate" "web" {
  ssh_certificate_authority_id = ngrok_ssh_certificate_authority.ed25519.id
  public_key                   = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHGdqAmfyxERyeiFpK9H8pvpoMG/f+O6dsJdIuFY9wrd web-01.prod.example.com"
  principals                   = ["web-01.prod.example.com", "10.20.0.11"]
  valid_after                  = "2026-11-01T00:00:00Z"
  valid_until                  = "2027-11-01T00:00:00Z"
  description                  = "web-01 host certificate"
  metadata                     = jsonencode({ host = "web-01", rack = "b7" })
}

resource "ngrok_ssh_user_certificate" "alice" {
  ssh_certificate_authority_id = ngrok_ssh_certificate_authority.ecdsa.id
  public_key                   = "ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBAmKlzltjNfdo7jCyWa8LlhZR8M2l+gk2tgHbtbFnEL65OeyTM4oB1C8QO0K17pWO03gBGtGDDQjOB4IJMK1CaM= alice@laptop"
  principals                   = ["alice", "deploy"]
  critical_options = {
    "source-address" = "10.0.0.0/8,192.168.1.0/24"
    "force-command"  = "/usr/local/bin/deploy"
  }
  extensions = {
    "permit-pty"             = ""
    "permit-port-forwarding" = ""
  }
  valid_after = "2026-11-20T09:00:00Z"
  valid_until = "2026-12-20T09:00:00Z"
  description = "alice: deploy access"
  metadata    = jsonencode({ ticket = "OPS-4821" })
}

resource "ngrok_ssh_user_certificate" "bob" {
  ssh_certificate_authority_id = ngrok_ssh_certificate_authority.rsa.id
  public_key                   = "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQDWXx9Rs9VAa4Wsqtyfuu0WsvQgMEUqd6gK5pfTcyx/8CryIJ/W2bSzR+Voaj4CzY1C+O5EBSvGtDTu9xHIK/3Ew/yz+I9J6wWlxXE55pfkMyKicXJwGiyx8Bi9EKQ+2roU6qi3QPsqxVVqDa5fQ4WKzIJLwMWg2HoEMd2qaEjkNeyeY4Dznt/6iLkWp4JpMd8aSoiVBDbFkfeBzzFos0vYfKHCMWmBZBF8hbOvGxRsmvrJvfki3ex8fDz7W+kSdFj0o98sVkur3EIgi90fdJ7JPf1DEnTFXvv/7rSQF/64/GfkKyKw7uw8UooZBJE9ydyvCnbELtvntipWjR2/C1/R bob@ci"
  principals                   = ["ci"]
  description                  = "CI runner, default validity and extensions"
}

# ---- Reserved domains ---------------------------------------------------------------------------
resource "ngrok_reserved_domain" "sub" {
  domain      = "acme-fixture070.ngrok.app"
  description = "Public app on an ngrok sub-domain"
  metadata    = jsonencode({ owner = "web-team", cost_center = 4410 })
}

resource "ngrok_reserved_domain" "uploaded_cert" {
  domain         = "www.shop.example.com"
  description    = "Shop front, uploaded wildcard certificate"
  certificate_id = "cert_2pQx7Lm4NvR8sT1uWyZ3aB5cD6e"
}

resource "ngrok_reserved_domain" "managed_cert" {
  domain      = "api.fixture070.example.com"
  description = "API, managed certificate"
  metadata    = "plain text metadata"
  certificate_management_policy = {
    authority        = "letsencrypt"
    private_key_type = "rsa"
  }
}

resource "ngrok_reserved_domain" "wildcard" {
  domain                          = "*.apps.fixture070.example.com"
  description                     = "Wildcard for preview apps"
  http_endpoint_configuration_id  = "ec_2pQx8Jn5QlT7uV0wXzB2cD3eF8g"
  https_endpoint_configuration_id = "ec_2pQx8Hk2MjP6rS9tVxY1zA4bC7d"
}
