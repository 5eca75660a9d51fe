# The SSH credentials of the account with an ed25519 key.
data "ngrok_ssh_credentials" "ed25519" {
  filter = "obj.public_key.startsWith('ssh-ed25519 ')"
}

output "ed25519_credential_ids" {
  value = [for c in data.ngrok_ssh_credentials.ed25519.ssh_credentials : c.id]
}
