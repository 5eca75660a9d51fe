import {
  to = ngrok_ssh_host_certificate.web_1
  identity = {
    id = "shcrt_2hHH0kQ8Sg0b4cS0iMsvUX5eKQp"
  }
}
