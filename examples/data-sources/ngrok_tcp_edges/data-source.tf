# Every TCP edge of the account, for an inventory before moving them to
# tcp:// cloud endpoints.
data "ngrok_tcp_edges" "all" {}
