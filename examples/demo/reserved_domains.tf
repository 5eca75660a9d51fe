# Reserved domains in the demo: a custom domain whose TLS certificate ngrok
# obtains and renews, and a subdomain of an ngrok domain, which needs
# neither DNS records nor a certificate. ngrok-mock issues managed
# certificates a few seconds after the policy is attached, and
# wait_for_certificate makes the apply wait for it. (The real service first
# needs the DNS record of shop_dns_records, so there the wait is turned on
# in a second apply: see the reserved domain certificates guide.)

resource "ngrok_reserved_domain" "shop" {
  domain      = "shop.demo-corp.example"
  description = "Storefront, certificate managed by ngrok"
  metadata    = jsonencode({ team = "web" })

  certificate_management_policy = {
    private_key_type = "ecdsa"
  }
  wait_for_certificate = true

  timeouts {
    create = "2m"
  }
}

resource "ngrok_reserved_domain" "status" {
  domain      = "demo-corp-status.ngrok.app"
  description = "Status page on an ngrok subdomain"
}

output "shop_dns_records" {
  description = "The DNS records to create at the DNS provider of demo-corp.example."
  value = [
    "${ngrok_reserved_domain.shop.domain}. CNAME ${ngrok_reserved_domain.shop.cname_target}.",
  ]
}

output "shop_certificate" {
  description = "The managed certificate ngrok issued, and when it renews."
  value = {
    id        = ngrok_reserved_domain.shop.certificate.id
    renews_at = ngrok_reserved_domain.shop.certificate_management_status.renews_at
  }
}

output "status_dns_records" {
  description = "None: ngrok owns the parent domain."
  value       = ngrok_reserved_domain.status.cname_target == null ? [] : [ngrok_reserved_domain.status.cname_target]
}
