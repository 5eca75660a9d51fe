# A certificate authority is imported by its ID, which starts with ca_.
terraform import ngrok_certificate_authority.clients ca_2hHGVyb5ZT6WQm1uXnLfNc8Ykam
