# The client secret, from an ephemeral variable (Terraform 1.10 and later):
# it is never written to the plan or the state.
variable "oidc_client_secret" {
  type      = string
  sensitive = true
  ephemeral = true
}

# Visitors of the route sign in with Google before reaching the upstream.
resource "ngrok_https_edge_route_oidc" "app" {
  edge_id  = "edghts_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  route_id = "edghtsrt_2hHGW0x7oSn4wdDzkRmE7YcB3Lq"

  issuer    = "https://accounts.google.com"
  client_id = "1234567890-abc.apps.googleusercontent.com"

  # Write-only (Terraform 1.11 and later). Increment the version to send a
  # rotated secret: Terraform cannot see a change of a write-only value.
  client_secret_wo         = var.oidc_client_secret
  client_secret_wo_version = 1

  scopes             = ["openid", "profile", "email"]
  inactivity_timeout = 3600  # seconds
  maximum_duration   = 86400 # seconds
}

# On Terraform older than 1.11, client_secret works too, but the secret is
# then stored (marked sensitive) in the state.
resource "ngrok_https_edge_route_oidc" "legacy" {
  edge_id  = "edghts_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  route_id = "edghtsrt_2hHGXKc4TQqWl9bNc0wmU2tPoRz"

  issuer              = "https://login.example.com/realms/corp"
  client_id           = "legacy-app"
  client_secret       = var.legacy_client_secret
  options_passthrough = true # let CORS preflight requests through
}

variable "legacy_client_secret" {
  type      = string
  sensitive = true
}
