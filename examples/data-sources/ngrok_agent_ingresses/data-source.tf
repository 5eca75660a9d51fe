# Every agent ingress of the account.
data "ngrok_agent_ingresses" "all" {}

# Narrowed by a CEL filter, evaluated by the API.
data "ngrok_agent_ingresses" "some" {
  filter = "obj.domain.endsWith('.example.com')"
}
