# Every HTTPS edge of the account, to inventory before moving to cloud endpoints.
data "ngrok_https_edges" "all" {}

output "edges" {
  value = { for e in data.ngrok_https_edges.all.https_edges : e.id => e.hostports }
}
