# Forget a visitor, with their sessions:
#   terraform apply -invoke=action.ngrok_application_user_delete.former_contractor
data "ngrok_application_users" "all" {}

locals {
  former_contractor = one([for u in data.ngrok_application_users.all.application_users : u.id if u.email == "contractor@example.com"])
}

action "ngrok_application_user_delete" "former_contractor" {
  config {
    application_user_id = local.former_contractor
  }
}
