# ngrok/ngrok v0.7.0: the types that issue 21 adds to tfedge/ngrok first, agent authtokens (credentials),
# API keys and SSH credentials.
terraform {
  required_providers {
    ngrok = {
      source  = "ngrok/ngrok"
      version = "0.7.0"
    }
  }
}

# api_key and api_base_url come from NGROK_API_KEY and NGROK_API_BASE_URL.
provider "ngrok" {}

# NOTE: v0.7.0's owner_id is optional but not computed: unset, the next plan would replace every object to
# clear the owner the API set. The owner is named as the API sets it (the mock's account user).
locals {
  owner_id = "usr_2mockAccountUser00000000000"
}

# ---- Agent authtokens: with an ACL of bind rules, and without -----------------------------------
resource "ngrok_credential" "agents" {
  description = "Agents of the ops team"
  metadata    = jsonencode({ team = "ops" })
  acl         = ["bind:*.example.com", "bind:team=ops"]
  owner_id    = local.owner_id
}

resource "ngrok_credential" "plain" {
  description = "Unrestricted"
  owner_id    = local.owner_id
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
  owner_id    = local.owner_id
}
