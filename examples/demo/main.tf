# The configuration that `make demo` applies against ngrok-mock. The API key
# and base URL come from NGROK_API_KEY and NGROK_API_BASE_URL, which the demo
# script sets to the mock server it starts.

terraform {
  required_providers {
    ngrok = {
      source = "tfedge/ngrok"
    }
  }
}

provider "ngrok" {}

resource "ngrok_ssh_certificate_authority" "hosts" {
  description      = "Signs the host certificates of the demo fleet"
  private_key_type = "ecdsa"
  elliptic_curve   = "p384"
  metadata         = jsonencode({ team = "platform", purpose = "hosts" })
}

resource "ngrok_ssh_certificate_authority" "users" {
  description = "Signs short-lived user certificates"
  metadata    = jsonencode({ team = "platform", purpose = "users" })
}

data "ngrok_ssh_certificate_authorities" "platform" {
  filter = "obj.metadata.contains('\"team\":\"platform\"')"

  depends_on = [
    ngrok_ssh_certificate_authority.hosts,
    ngrok_ssh_certificate_authority.users,
  ]
}

output "host_ca_public_key" {
  description = "Goes after @cert-authority in the clients' known_hosts."
  value       = "@cert-authority *.demo.internal ${ngrok_ssh_certificate_authority.hosts.public_key}"
}

output "user_ca_public_key" {
  description = "Goes into TrustedUserCAKeys on the servers."
  value       = ngrok_ssh_certificate_authority.users.public_key
}

output "platform_authorities" {
  description = "Authorities whose metadata names the platform team, newest first."
  value = [
    for ca in data.ngrok_ssh_certificate_authorities.platform.certificate_authorities :
    "${ca.id} ${ca.key_type} ${ca.description}"
  ]
}
