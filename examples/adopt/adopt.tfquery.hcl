# Every object of the account that the provider can manage. `terraform query`
# lists them; with -generate-config-out it also writes an import block and a
# resource block for each. limit is the most results of one list block
# (Terraform's default is 100).

list "ngrok_reserved_domain" "all" {
  provider         = ngrok
  include_resource = true
  limit            = 1000
}

list "ngrok_cloud_endpoint" "all" {
  provider         = ngrok
  include_resource = true
  limit            = 1000
}

list "ngrok_ssh_certificate_authority" "all" {
  provider         = ngrok
  include_resource = true
  limit            = 1000
}

list "ngrok_ssh_host_certificate" "all" {
  provider         = ngrok
  include_resource = true
  limit            = 1000
}

list "ngrok_ssh_user_certificate" "all" {
  provider         = ngrok
  include_resource = true
  limit            = 1000
}
