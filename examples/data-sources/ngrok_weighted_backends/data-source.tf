# Every weighted backend of the account, to inventory before moving to cloud endpoints.
data "ngrok_weighted_backends" "all" {}

output "weighted_backend_ids" {
  value = [for b in data.ngrok_weighted_backends.all.weighted_backends : b.id]
}
