# Every reserved domain of the account.
list "ngrok_reserved_domain" "all" {
  provider = ngrok
}

# The custom domains whose certificate ngrok manages, with every attribute,
# ready for `terraform query -generate-config-out=generated.tf`.
list "ngrok_reserved_domain" "managed_certificates" {
  provider         = ngrok
  include_resource = true

  config {
    filter = "obj.certificate_management_policy != null"
  }
}
