import {
  to = ngrok_ip_policy_rule.office_v4
  identity = {
    id = "ipr_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  }
}
