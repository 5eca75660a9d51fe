# A public key that may start SSH tunnels on one domain. Another comment or
# spacing of the same key is no change; another key replaces the credential.
resource "ngrok_ssh_credential" "laptop" {
  description = "Ops laptop"
  public_key  = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFY9y0et0NC6ND/oMWz6aRadMkAPzQRBKvBFWXveWigq ops@laptop"
  acl         = ["bind:ssh.example.com"]
}
