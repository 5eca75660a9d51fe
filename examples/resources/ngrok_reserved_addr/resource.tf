# ngrok assigns the address (addr, host:port); a tcp:// cloud endpoint
# listens on it.
resource "ngrok_reserved_addr" "ssh" {
  description = "SSH bastion"
  region      = "eu"
}

resource "ngrok_cloud_endpoint" "ssh" {
  url = "tcp://${ngrok_reserved_addr.ssh.addr}"
  traffic_policy = jsonencode({
    on_tcp_connect = [{
      actions = [{ type = "forward-internal", config = { url = "tcp://bastion.internal:22" } }]
    }]
  })
}

# Moved from ngrok/ngrok v0.8.0, which calls it ngrok_tcp_address (v0.7.0:
# ngrok_reserved_addr, which needs no moved block):
#
# moved {
#   from = ngrok_tcp_address.ssh
#   to   = ngrok_reserved_addr.ssh
# }
