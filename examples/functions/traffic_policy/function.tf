resource "ngrok_ip_policy" "office" {
  description = "office network"
}

# The IP policy's id is known only once it is created; with jsonencode() the
# whole policy would be unknown until then, and a mistake in it reported only
# after the IP policy exists. provider::ngrok::traffic_policy checks every
# other part at plan time.
resource "ngrok_cloud_endpoint" "gate" {
  url = "https://gate.internal"
  traffic_policy = provider::ngrok::traffic_policy({
    on_http_request = [{
      actions = [
        { type = "restrict-ips", config = { ip_policies = [ngrok_ip_policy.office.id] } },
        { type = "forward-internal", config = { url = "https://app.internal" } },
      ]
    }]
  })
}
