# A host certificate that another configuration manages, installed on its
# server by this one.
data "ngrok_ssh_host_certificate" "web_1" {
  id = "shcrt_2hHH0kQ8Sg0b4cS0iMsvUX5eKQp"
}

output "web_1_host_certificate" {
  value = data.ngrok_ssh_host_certificate.web_1.certificate
}
