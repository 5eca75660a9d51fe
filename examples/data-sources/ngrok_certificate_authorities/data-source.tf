# Every certificate authority of the account.
data "ngrok_certificate_authorities" "all" {}

# Narrowed by a CEL filter, evaluated by the API.
data "ngrok_certificate_authorities" "some" {
  filter = "obj.subject_common_name == 'Clients CA'"
}
