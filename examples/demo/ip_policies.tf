# An IP policy and its rules, which the edge route's IP restriction
# (edges.tf) takes beside the seeded policies.

resource "ngrok_ip_policy" "partners" {
  description = "Partners allowed on the legacy edge"
  metadata    = jsonencode({ team = "platform" })
}

resource "ngrok_ip_policy_rule" "partners" {
  for_each = {
    "198.51.100.0/24"    = "Partner A"
    "2001:db8:4242::/48" = "Partner B, IPv6"
  }
  ip_policy_id = ngrok_ip_policy.partners.id
  cidr         = each.key
  action       = "allow"
  description  = each.value
}

resource "ngrok_ip_policy_rule" "partners_blocked" {
  ip_policy_id = ngrok_ip_policy.partners.id
  cidr         = "198.51.100.66/32"
  action       = "deny"
  description  = "A compromised host of partner A"
}

data "ngrok_ip_policy_rules" "partners" {
  ip_policy_id = ngrok_ip_policy.partners.id
  depends_on   = [ngrok_ip_policy_rule.partners, ngrok_ip_policy_rule.partners_blocked]
}

output "partner_rules" {
  description = "The partner policy's rules, as the API lists them."
  value       = [for r in data.ngrok_ip_policy_rules.partners.ip_policy_rules : "${r.action} ${r.cidr}"]
}
