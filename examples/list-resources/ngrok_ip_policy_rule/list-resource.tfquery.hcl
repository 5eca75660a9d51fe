# The rules of one IP policy, with every attribute.
list "ngrok_ip_policy_rule" "office" {
  provider         = ngrok
  include_resource = true

  config {
    ip_policy_id = "ipp_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  }
}

# Every deny rule of the account.
list "ngrok_ip_policy_rule" "denied" {
  provider = ngrok

  config {
    filter = "obj.action == 'deny'"
  }
}
