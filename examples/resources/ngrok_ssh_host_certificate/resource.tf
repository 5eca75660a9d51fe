resource "ngrok_ssh_certificate_authority" "hosts" {
  description      = "Signs the fleet's SSH host certificates"
  private_key_type = "ecdsa"
}

# web-1's host key (/etc/ssh/ssh_host_ed25519_key.pub), certified for the
# names clients connect to. Valid for one year from creation (the default);
# later plans keep that validity instead of moving it.
resource "ngrok_ssh_host_certificate" "web_1" {
  ssh_certificate_authority_id = ngrok_ssh_certificate_authority.hosts.id
  public_key                   = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIB9NgOfeJZbu/kEXWR4FzvNif2MB0A2hXKiiJxpCWCP2 root@web-1"
  principals                   = ["web-1.example.com", "192.0.2.10"]
  description                  = "web-1 host key"
}

# An explicit validity period: changing valid_until (say, every January)
# signs a new certificate.
resource "ngrok_ssh_host_certificate" "db_1" {
  ssh_certificate_authority_id = ngrok_ssh_certificate_authority.hosts.id
  public_key                   = "ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBDj3VzMNv+CFXHhdpzJcH04CqiZRGQbmfH00XAnBtS1p5kdkUpUP4gdZCPVo88Gemh5h1w+dPH9Fyc24sJiQB64= root@db-1"
  principals                   = ["db-1.example.com"]
  valid_after                  = "2026-01-01T00:00:00Z"
  valid_until                  = "2027-01-01T00:00:00Z"
}

# On web-1: write this to /etc/ssh/ssh_host_ed25519_key-cert.pub and add
#   HostCertificate /etc/ssh/ssh_host_ed25519_key-cert.pub
# to /etc/ssh/sshd_config.
output "web_1_host_certificate" {
  value = ngrok_ssh_host_certificate.web_1.certificate
}

# On clients: one known_hosts line trusts every host certificate of the authority.
output "known_hosts_line" {
  value = "@cert-authority *.example.com ${ngrok_ssh_certificate_authority.hosts.public_key}"
}
