# Agents connect through a domain of yours. Delegate it to ngrok with an NS
# record for each of ns_targets, then point agents at one of region_domains.
resource "ngrok_agent_ingress" "connect" {
  domain      = "connect.example.com"
  description = "devices in the field"

  # ngrok issues and renews its certificate once the NS records exist.
  certificate_management_policy = {
    private_key_type = "ecdsa"
  }
}

output "ns_records" {
  value = ngrok_agent_ingress.connect.ns_targets
}

# A second apply, after the NS records exist, can wait for the certificate.
resource "ngrok_agent_ingress" "factory" {
  domain                        = "tunnel.factory.example.com"
  certificate_management_policy = {}
  wait_for_certificate          = true
  timeouts = {
    create = "20m"
  }
}
