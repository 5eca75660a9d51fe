# A subdomain of an ngrok domain: no DNS record and no certificate settings
# are needed, ngrok serves its own certificate.
resource "ngrok_reserved_domain" "app" {
  domain      = "myapp.ngrok.app"
  description = "Public entry point of the app"
}

# A custom domain gets automatic certificates, ngrok's default: ngrok
# obtains one from Let's Encrypt and renews it, and the state shows the
# policy (letsencrypt, ecdsa). Create a CNAME record for the domain pointing
# to cname_target.
resource "ngrok_reserved_domain" "www" {
  domain = "www.example.com"
}

# The same with an RSA key.
resource "ngrok_reserved_domain" "api" {
  domain   = "api.example.com"
  metadata = jsonencode({ team = "platform" })

  certificate_management_policy = {
    private_key_type = "rsa" # default "ecdsa"
  }
}

output "api_dns_record" {
  value = "${ngrok_reserved_domain.api.domain} CNAME ${ngrok_reserved_domain.api.cname_target}"
}

# A wildcard custom domain needs a second record, for the ACME challenge.
# With wait_for_certificate, apply returns once the certificate is issued,
# and fails if ngrok reports a DNS error. The records can be created only
# once cname_target is known: reserve the domain in a first apply without
# waiting, create the records, then add wait_for_certificate.
resource "ngrok_reserved_domain" "tenants" {
  domain               = "*.tenants.example.com"
  wait_for_certificate = true

  timeouts {
    create = "20m"
    update = "20m"
  }
}

output "tenants_dns_records" {
  value = [
    "*.tenants.example.com CNAME ${ngrok_reserved_domain.tenants.cname_target}",
    "_acme-challenge.tenants.example.com CNAME ${ngrok_reserved_domain.tenants.acme_challenge_cname_target}",
  ]
}

# A custom domain served with a certificate uploaded to ngrok beforehand.
# Removing certificate_id (it goes back to automatic certificates), or
# replacing it with certificate_management_policy, is an in-place update.
resource "ngrok_reserved_domain" "legacy" {
  domain         = "legacy.example.com"
  certificate_id = "cert_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
}

# A custom domain without a certificate of its own, for endpoints that
# terminate TLS themselves: ngrok answers other TLS connections to it with
# its own wildcard certificate, which browsers reject for this name.
resource "ngrok_reserved_domain" "passthrough" {
  domain                 = "tls.example.com"
  automatic_certificates = false
}

# A domain pinned to points of presence (region pinning), for data
# residency: its DNS resolves only to ngrok's Frankfurt PoP, so its traffic
# is served in the EU alone. Removing resolves_to un-pins it.
resource "ngrok_reserved_domain" "eu_only" {
  domain      = "eu.example.com"
  resolves_to = ["eu"]
}
