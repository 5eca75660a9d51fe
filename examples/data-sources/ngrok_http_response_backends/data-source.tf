# Every HTTP response backend of the account, to inventory before moving to cloud endpoints.
data "ngrok_http_response_backends" "all" {}

output "http_response_backend_ids" {
  value = [for b in data.ngrok_http_response_backends.all.http_response_backends : b.id]
}
