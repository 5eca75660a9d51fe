# An IP policy rule is imported by its ID, which starts with ipr_.
terraform import ngrok_ip_policy_rule.office_v4 ipr_2hHGVyb5ZT6WQm1uXnLfNc8Ykam
