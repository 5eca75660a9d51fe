# Every static backend of the account, to inventory before moving to cloud endpoints.
data "ngrok_static_backends" "all" {}

output "static_backend_ids" {
  value = [for b in data.ngrok_static_backends.all.static_backends : b.id]
}
