# A user certificate for one Terraform run: signed when the run opens it,
# its API object deleted from ngrok at once (which revokes nothing: it is
# valid for its 10 minutes), never in the plan or the state. In real use it
# is the certificate of a provisioner's SSH connection; here a provisioner
# hands it to make demo, which shows that ngrok no longer holds it.
#
# It has an authority of its own, so that it never shows in the list of the
# users authority's certificates that lookups.tf counts.
resource "ngrok_ssh_certificate_authority" "runs" {
  description = "Signs the certificates of Terraform runs, which live minutes"
}

ephemeral "ngrok_ssh_user_certificate" "deploy_run" {
  ssh_certificate_authority_id = ngrok_ssh_certificate_authority.runs.id
  public_key                   = local.demo_ci_deploy_key
  principals                   = ["deploy"]
  validity                     = "10m"
  description                  = "make demo run"
}

resource "terraform_data" "deploy_run" {
  provisioner "local-exec" {
    command = "printf '%s\\n' '${ephemeral.ngrok_ssh_user_certificate.deploy_run.certificate}' > '${path.module}/ephemeral-user-cert.pub'"
  }
}
