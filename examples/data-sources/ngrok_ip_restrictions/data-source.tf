# Every IP restriction of the account.
data "ngrok_ip_restrictions" "all" {}

# Narrowed by a CEL filter, evaluated by the API.
data "ngrok_ip_restrictions" "some" {
  filter = "obj.description.startsWith('office')"
}
