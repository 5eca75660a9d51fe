# Every failover backend of the account, to inventory before moving to cloud endpoints.
data "ngrok_failover_backends" "all" {}

output "failover_backend_ids" {
  value = [for b in data.ngrok_failover_backends.all.failover_backends : b.id]
}
