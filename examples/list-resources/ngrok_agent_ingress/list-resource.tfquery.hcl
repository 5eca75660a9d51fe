# Every agent ingress of the account, with every attribute.
list "ngrok_agent_ingress" "all" {
  provider         = ngrok
  include_resource = true
}
