# terraform query (Terraform 1.14 or later): the account's HTTPS edges and
# their routes, before moving them. `terraform query -generate-config-out=x.tf`
# writes the configuration that imports them, to keep them in Terraform
# until they are gone.
list "ngrok_https_edge" "all" {
  provider         = ngrok
  include_resource = true
}

list "ngrok_https_edge_route" "all" {
  provider         = ngrok
  include_resource = true
}
