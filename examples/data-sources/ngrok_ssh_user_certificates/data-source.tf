data "ngrok_ssh_user_certificates" "all" {}

# User certificates that may still log in as root: worth a review.
output "root_certificates" {
  value = [
    for c in data.ngrok_ssh_user_certificates.all.user_certificates :
    c.id if contains(c.principals, "root") || length(c.principals) == 0
  ]
}
