resource "ngrok_ip_policy" "office" {
  description = "Office"
}

# Allow the office's IPv4 and IPv6 ranges, but not one address among them.
resource "ngrok_ip_policy_rule" "office_v4" {
  ip_policy_id = ngrok_ip_policy.office.id
  cidr         = "203.0.113.0/24"
  action       = "allow"
  description  = "Office, IPv4"
}

resource "ngrok_ip_policy_rule" "office_v6" {
  ip_policy_id = ngrok_ip_policy.office.id
  cidr         = "2001:db8:1234::/48"
  action       = "allow"
  description  = "Office, IPv6"
}

resource "ngrok_ip_policy_rule" "guest_wifi" {
  ip_policy_id = ngrok_ip_policy.office.id
  cidr         = "203.0.113.77/32"
  action       = "deny"
  description  = "Guest Wi-Fi gateway"
}

# Many ranges from one list: one rule each.
locals {
  partner_ranges = ["198.51.100.0/24", "192.0.2.0/25"]
}

resource "ngrok_ip_policy_rule" "partners" {
  for_each     = toset(local.partner_ranges)
  ip_policy_id = ngrok_ip_policy.office.id
  cidr         = each.value
  action       = "allow"
}
