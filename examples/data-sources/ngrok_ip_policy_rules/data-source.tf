# The rules of one policy.
data "ngrok_ip_policy_rules" "office" {
  ip_policy_id = "ipp_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
}

# The deny rules of that policy.
data "ngrok_ip_policy_rules" "office_denied" {
  ip_policy_id = "ipp_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  filter       = "obj.action == 'deny'"
}

output "office_allowed_cidrs" {
  value = [for r in data.ngrok_ip_policy_rules.office.ip_policy_rules : r.cidr if r.action == "allow"]
}
