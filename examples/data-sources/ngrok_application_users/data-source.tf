data "ngrok_application_users" "all" {}

output "signed_in_emails" {
  value = sort([for u in data.ngrok_application_users.all.application_users : u.email])
}
