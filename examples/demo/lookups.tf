# The read side: every data source not used elsewhere in the demo, looking
# up what the resources made, as another configuration of the same account
# would.

data "ngrok_ssh_certificate_authority" "users" {
  id = ngrok_ssh_certificate_authority.users.id
}

data "ngrok_ssh_host_certificate" "web_1" {
  id = ngrok_ssh_host_certificate.web_1.id
}

data "ngrok_ssh_user_certificate" "ci_deploy" {
  id = ngrok_ssh_user_certificate.ci_deploy.id
}

data "ngrok_ssh_host_certificates" "hosts" {
  ssh_certificate_authority_id = ngrok_ssh_certificate_authority.hosts.id
  depends_on                   = [ngrok_ssh_host_certificate.web_1]
}

data "ngrok_ssh_user_certificates" "users" {
  ssh_certificate_authority_id = ngrok_ssh_certificate_authority.users.id
  depends_on                   = [ngrok_ssh_user_certificate.ci_deploy]
}

data "ngrok_reserved_domain" "shop" {
  domain     = ngrok_reserved_domain.shop.domain
  depends_on = [ngrok_reserved_domain.shop]
}

data "ngrok_reserved_domains" "custom" {
  filter     = "obj.cname_target != null"
  depends_on = [ngrok_reserved_domain.shop, ngrok_reserved_domain.status]
}

data "ngrok_endpoint" "laptop" {
  url = "https://demo-laptop.ngrok.app"
}

output "lookups" {
  description = "What the data sources found."
  value = {
    user_ca_key_type      = data.ngrok_ssh_certificate_authority.users.key_type
    web_1_principals      = data.ngrok_ssh_host_certificate.web_1.principals
    ci_deploy_valid_until = data.ngrok_ssh_user_certificate.ci_deploy.valid_until
    host_certificates     = length(data.ngrok_ssh_host_certificates.hosts.host_certificates)
    user_certificates     = length(data.ngrok_ssh_user_certificates.users.user_certificates)
    shop_cname_target     = data.ngrok_reserved_domain.shop.cname_target
    custom_domains        = [for d in data.ngrok_reserved_domains.custom.reserved_domains : d.domain]
    laptop_agent_upstream = data.ngrok_endpoint.laptop.upstream_url
  }
}
