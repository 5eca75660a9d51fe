# Every authority of the account.
data "ngrok_ssh_certificate_authorities" "all" {}

# Only the authorities whose description starts with "prod".
data "ngrok_ssh_certificate_authorities" "prod" {
  filter = "obj.description.startsWith('prod')"
}

output "prod_ca_keys" {
  value = [for ca in data.ngrok_ssh_certificate_authorities.prod.certificate_authorities : ca.public_key]
}
