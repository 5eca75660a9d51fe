import {
  to = ngrok_ssh_user_certificate.alice
  id = "sucrt_2hHH3DZ2pGqXhD3VtxFxzU1x1mS"
}
