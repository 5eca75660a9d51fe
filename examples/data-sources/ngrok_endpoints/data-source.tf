# Every endpoint of the account: cloud endpoints, agents' endpoints
# (type "ephemeral") and edges' endpoints.
data "ngrok_endpoints" "all" {}

# Only cloud endpoints.
data "ngrok_endpoints" "cloud" {
  type = "cloud"
}

# The endpoints on one URL, e.g. the agents pooled behind it.
data "ngrok_endpoints" "app" {
  url = "https://app.example.com"
}

# Any CEL filter over the endpoint as the API returns it.
data "ngrok_endpoints" "public_agents" {
  type   = "ephemeral"
  filter = "\"public\" in obj.bindings && obj.metadata.contains('prod')"
}

output "endpoint_urls" {
  value = { for e in data.ngrok_endpoints.all.endpoints : e.id => "${e.type} ${e.url}" }
}
