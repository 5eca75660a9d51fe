# Every TLS certificate of the account, with every attribute. The private
# key is never listed: add private_key_pem_wo to the generated configuration.
list "ngrok_tls_certificate" "all" {
  provider         = ngrok
  include_resource = true
}
