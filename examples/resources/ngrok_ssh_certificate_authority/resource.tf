# An Ed25519 authority (the default key type) for user certificates.
resource "ngrok_ssh_certificate_authority" "users" {
  description = "Signs engineers' SSH user certificates"
  metadata    = jsonencode({ owner = "platform-team" })
}

# An ECDSA authority on the P-384 curve for host certificates.
resource "ngrok_ssh_certificate_authority" "hosts" {
  description      = "Signs the fleet's SSH host certificates"
  private_key_type = "ecdsa"
  elliptic_curve   = "p384"
}

# An RSA authority, for servers that accept nothing else.
resource "ngrok_ssh_certificate_authority" "legacy" {
  description      = "For legacy servers"
  private_key_type = "rsa"
  key_size         = 4096
}

# Servers trust user certificates signed by this key (TrustedUserCAKeys).
output "trusted_user_ca_key" {
  value = ngrok_ssh_certificate_authority.users.public_key
}
