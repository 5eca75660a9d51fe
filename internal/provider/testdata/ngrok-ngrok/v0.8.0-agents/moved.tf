# The state of v0.8's ngrok_tcp_address moves to ngrok_reserved_addr.
moved {
  from = ngrok_tcp_address.ssh
  to   = ngrok_reserved_addr.ssh
}

moved {
  from = ngrok_tcp_address.db
  to   = ngrok_reserved_addr.db
}
