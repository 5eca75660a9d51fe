# Every IP policy of the account.
data "ngrok_ip_policies" "all" {}

# The policies whose description starts with "office".
data "ngrok_ip_policies" "office" {
  filter = "obj.description.startsWith('office')"
}

output "office_policy_ids" {
  value = [for p in data.ngrok_ip_policies.office.ip_policies : p.id]
}
