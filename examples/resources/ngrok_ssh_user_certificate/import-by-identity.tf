import {
  to = ngrok_ssh_user_certificate.alice
  identity = {
    id = "sucrt_2hHH3DZ2pGqXhD3VtxFxzU1x1mS"
  }
}
