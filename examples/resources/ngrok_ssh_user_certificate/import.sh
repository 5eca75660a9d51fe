# An SSH user certificate is imported by its ID, which starts with sucrt_.
terraform import ngrok_ssh_user_certificate.alice sucrt_2hHH3DZ2pGqXhD3VtxFxzU1x1mS
