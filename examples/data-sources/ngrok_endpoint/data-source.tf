# An endpoint of any type, by ID...
data "ngrok_endpoint" "laptop" {
  id = "ep_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
}

# ...or by URL, when exactly one endpoint has it.
data "ngrok_endpoint" "app" {
  url = "https://app.example.com"
}

output "laptop_upstream" {
  value = data.ngrok_endpoint.laptop.upstream_url
}

output "app_policy" {
  value = data.ngrok_endpoint.app.traffic_policy
}
