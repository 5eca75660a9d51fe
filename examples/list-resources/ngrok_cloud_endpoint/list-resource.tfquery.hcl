# Every cloud endpoint of the account (agent and edge endpoints are not
# listed: Terraform does not manage them).
list "ngrok_cloud_endpoint" "all" {
  provider         = ngrok
  include_resource = true
  limit            = 500
}

# The cloud endpoint of one url.
list "ngrok_cloud_endpoint" "app" {
  provider = ngrok

  config {
    url = "https://app.example.com"
  }
}

# The internal ones.
list "ngrok_cloud_endpoint" "internal" {
  provider = ngrok

  config {
    filter = "'internal' in obj.bindings"
  }
}
