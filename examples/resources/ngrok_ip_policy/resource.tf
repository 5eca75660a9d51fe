# An IP policy with its rules, attached to an edge route's IP restriction.
resource "ngrok_ip_policy" "office" {
  description = "Office and VPN"
  metadata    = jsonencode({ owner = "platform-team" })
}

resource "ngrok_ip_policy_rule" "office" {
  ip_policy_id = ngrok_ip_policy.office.id
  cidr         = "203.0.113.0/24"
  action       = "allow"
  description  = "Office"
}

resource "ngrok_https_edge_route_ip_restriction" "app" {
  edge_id       = "edghts_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  route_id      = "edghtsrt_2hHGW0x7oSn4wdDzkRmE7YcB3Lq"
  ip_policy_ids = [ngrok_ip_policy.office.id]
}
