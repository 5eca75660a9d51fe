# Every reserved domain of the account.
data "ngrok_reserved_domains" "all" {}

# Custom domains (those that need a DNS record) of example.com.
data "ngrok_reserved_domains" "managed" {
  filter = "obj.cname_target != null && obj.domain.endsWith('.example.com')"
}

# Managed certificates that ngrok cannot issue because of the DNS records.
output "domains_with_dns_errors" {
  value = [
    for d in data.ngrok_reserved_domains.managed.reserved_domains : d.domain
    if try(d.certificate_management_status.provisioning_job.error_code, null) == "DNS_ERROR"
  ]
}

# Domains reserved in the last week.
data "ngrok_reserved_domains" "recent" {
  filter = "obj.created_at >= timestamp(time.now).subtract('7d')"
}
