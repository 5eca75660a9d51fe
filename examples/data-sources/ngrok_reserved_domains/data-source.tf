# Every reserved domain of the account.
data "ngrok_reserved_domains" "all" {}

# Custom domains (those that need a DNS record) whose certificate ngrok manages.
data "ngrok_reserved_domains" "managed" {
  filter = "obj.cname_target != null && obj.certificate_management_policy != null"
}

# Managed certificates that ngrok cannot issue because of the DNS records.
output "domains_with_dns_errors" {
  value = [
    for d in data.ngrok_reserved_domains.managed.reserved_domains : d.domain
    if try(d.certificate_management_status.provisioning_job.error_code, null) == "DNS_ERROR"
  ]
}

# Domains pinned to the EU point of presence (region pinning).
data "ngrok_reserved_domains" "pinned_to_eu" {
  filter = "obj.resolves_to.exists(r, r.value == 'eu')"
}
