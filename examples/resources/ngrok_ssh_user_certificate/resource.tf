resource "ngrok_ssh_certificate_authority" "users" {
  description = "Signs engineers' SSH user certificates"
}

# Alice may log in as alice or as deploy for the next 24 hours (the
# default validity), with a terminal and user rc files (the default
# extensions, which appear in the state without a diff).
resource "ngrok_ssh_user_certificate" "alice" {
  ssh_certificate_authority_id = ngrok_ssh_certificate_authority.users.id
  public_key                   = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIMXkjbhzMDUs8Rz0LWmkDk3hFFVPub+ThFMexxCTNfZ0 alice@laptop"
  principals                   = ["alice", "deploy"]
  description                  = "Alice's laptop"
}

# A CI key that can only run the deploy script, only from the CI network,
# with agent and port forwarding but no terminal, for one quarter.
resource "ngrok_ssh_user_certificate" "ci_deploy" {
  ssh_certificate_authority_id = ngrok_ssh_certificate_authority.users.id
  public_key                   = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFY9y0et0NC6ND/oMWz6aRadMkAPzQRBKvBFWXveWigq deploy@ci-runner"
  principals                   = ["deploy"]
  valid_after                  = "2026-01-01T00:00:00Z"
  valid_until                  = "2026-04-01T00:00:00Z"
  critical_options = {
    "force-command"  = "/usr/local/bin/deploy"
    "source-address" = "10.20.0.0/16,192.0.2.7"
  }
  extensions = {
    "permit-agent-forwarding" = ""
    "permit-port-forwarding"  = ""
  }
  metadata = jsonencode({ owner = "platform-team", ticket = "OPS-1234" })
}

# Save as ~/.ssh/id_ed25519-cert.pub next to the private key: ssh offers it
# by itself. Servers trust it with
#   TrustedUserCAKeys /etc/ssh/trusted_user_ca_keys.pub
# holding ngrok_ssh_certificate_authority.users.public_key.
output "alice_certificate" {
  value = ngrok_ssh_user_certificate.alice.certificate
}
