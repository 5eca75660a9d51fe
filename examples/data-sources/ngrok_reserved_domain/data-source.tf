# Look a reserved domain up by name (or by id), for example to publish its
# DNS record from a configuration that does not manage the reservation.
data "ngrok_reserved_domain" "api" {
  domain = "api.example.com"
}

output "api_dns_record" {
  value = "${data.ngrok_reserved_domain.api.domain} CNAME ${data.ngrok_reserved_domain.api.cname_target}"
}

# Null until the managed certificate is issued.
output "api_certificate_renews_at" {
  value = try(data.ngrok_reserved_domain.api.certificate_management_status.renews_at, null)
}
