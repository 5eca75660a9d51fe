# Every reserved address of the account.
data "ngrok_reserved_addrs" "all" {}

# Narrowed by a CEL filter, evaluated by the API.
data "ngrok_reserved_addrs" "some" {
  filter = "obj.region == 'eu'"
}
