# The routes of one HTTPS edge, with every attribute.
list "ngrok_https_edge_route" "app" {
  provider         = ngrok
  include_resource = true

  config {
    edge_id = "edghts_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  }
}

# The routes of every edge of the account.
list "ngrok_https_edge_route" "all" {
  provider = ngrok
}
