variable "deploy_public_key" {
  description = "Public key of the key pair that provisioners log in with."
  type        = string
  default     = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFY9y0et0NC6ND/oMWz6aRadMkAPzQRBKvBFWXveWigq deploy@ci-runner"
}

variable "deploy_private_key" {
  type      = string
  sensitive = true
  ephemeral = true
}

# Signed when Terraform opens it and valid for 15 minutes; its API object is
# deleted at once (which revokes nothing), and the certificate never reaches
# the plan or the state.
ephemeral "ngrok_ssh_user_certificate" "provisioning" {
  ssh_certificate_authority_id = "sshca_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  public_key                   = var.deploy_public_key
  principals                   = ["deploy"]
  validity                     = "15m"
  description                  = "terraform provisioning run"
}

variable "release" {
  type = string
}

# Each new release logs in to web-1 with the short-lived certificate.
resource "terraform_data" "deploy" {
  triggers_replace = [var.release]

  provisioner "remote-exec" {
    connection {
      type        = "ssh"
      host        = "web-1.example.com"
      user        = "deploy"
      private_key = var.deploy_private_key
      certificate = ephemeral.ngrok_ssh_user_certificate.provisioning.certificate
    }
    inline = ["/usr/local/bin/deploy ${var.release}"]
  }
}
