# Every host certificate of the account, newest first.
data "ngrok_ssh_host_certificates" "all" {}

# Only those one authority signed, for example before rotating it.
data "ngrok_ssh_host_certificates" "signed_by_hosts_ca" {
  ssh_certificate_authority_id = "sshca_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
}

output "hosts_and_expiry" {
  value = {
    for c in data.ngrok_ssh_host_certificates.signed_by_hosts_ca.host_certificates :
    join(",", c.principals) => c.valid_until
  }
}
