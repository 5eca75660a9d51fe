data "ngrok_ip_policy_rule" "office" {
  id = "ipr_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
}

output "office_range" {
  value = "${data.ngrok_ip_policy_rule.office.action} ${data.ngrok_ip_policy_rule.office.cidr}"
}
