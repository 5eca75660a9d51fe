# SSH certificates in the demo, signed by the authorities of main.tf: a host
# certificate for web-1's host key and a user certificate for the deploy
# key of CI. The subject keys are public keys only; their private halves
# were never kept. make demo prints both certificates with ssh-keygen -L.

locals {
  demo_web_1_host_key = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIB9NgOfeJZbu/kEXWR4FzvNif2MB0A2hXKiiJxpCWCP2 root@web-1"
  demo_ci_deploy_key  = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFY9y0et0NC6ND/oMWz6aRadMkAPzQRBKvBFWXveWigq deploy@ci-runner"
}

resource "ngrok_ssh_host_certificate" "web_1" {
  ssh_certificate_authority_id = ngrok_ssh_certificate_authority.hosts.id
  public_key                   = local.demo_web_1_host_key
  principals                   = ["web-1.demo.internal", "10.0.0.11"]
  description                  = "web-1 host key"
}

resource "ngrok_ssh_user_certificate" "ci_deploy" {
  ssh_certificate_authority_id = ngrok_ssh_certificate_authority.users.id
  public_key                   = local.demo_ci_deploy_key
  principals                   = ["deploy"]
  critical_options = {
    "force-command"  = "/usr/local/bin/deploy"
    "source-address" = "10.0.0.0/8"
  }
  extensions = {
    "permit-port-forwarding" = ""
  }
  description = "CI deploy key: runs the deploy script only"
}

output "web_1_host_certificate" {
  description = "/etc/ssh/ssh_host_ed25519_key-cert.pub on web-1, named by HostCertificate in sshd_config."
  value       = ngrok_ssh_host_certificate.web_1.certificate
}

output "ci_deploy_user_certificate" {
  description = "~/.ssh/id_ed25519-cert.pub of the CI runner."
  value       = ngrok_ssh_user_certificate.ci_deploy.certificate
}

output "web_1_host_certificate_info" {
  description = "The host certificate, decoded."
  value       = provider::ngrok::ssh_certificate_info(ngrok_ssh_host_certificate.web_1.certificate)
}

output "ci_deploy_user_certificate_info" {
  description = "The user certificate, decoded."
  value       = provider::ngrok::ssh_certificate_info(ngrok_ssh_user_certificate.ci_deploy.certificate)
}
