# tfedge/ngrok's equivalent of main.tf (ngrok/ngrok v0.8.0): the same objects with the same values. The owner
# is the API's caller, the mock's account user, whether or not the configuration names it.

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
