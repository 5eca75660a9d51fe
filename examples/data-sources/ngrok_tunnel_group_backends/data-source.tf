# Every tunnel group backend of the account, to inventory before moving to cloud endpoints.
data "ngrok_tunnel_group_backends" "all" {}

output "tunnel_group_backend_ids" {
  value = [for b in data.ngrok_tunnel_group_backends.all.tunnel_group_backends : b.id]
}
