# ngrok/ngrok v0.8.0: the types that issue 21 adds to tfedge/ngrok first, agent authtokens (credentials),
# API keys and SSH credentials.
terraform {
  required_providers {
    ngrok = {
      source  = "ngrok/ngrok"
      version = "0.8.0"
    }
  }
}

# api_key and api_base_url come from NGROK_API_KEY and NGROK_API_BASE_URL.
provider "ngrok" {}

# ---- Agent authtokens: with an ACL of bind rules, and without -----------------------------------
resource "ngrok_credential" "agents" {
  description = "Agents of the ops team"
  metadata    = jsonencode({ team = "ops" })
  acl         = ["bind:*.example.com", "bind:team=ops"]
}

resource "ngrok_credential" "plain" {
  description = "Unrestricted"
}

# ---- API keys -----------------------------------------------------------------------------------
resource "ngrok_api_key" "ci" {
  description = "CI pipeline"
}

# ---- SSH credentials ----------------------------------------------------------------------------
resource "ngrok_ssh_credential" "laptop" {
  description = "Ops laptop"
  public_key  = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOqqjaoCE2RCNWKDNgbfSxKuNZJtrAhpMumgblMj/k+i ops@laptop"
  acl         = ["bind:ssh.example.com"]
}
