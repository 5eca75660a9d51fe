# An SSH certificate authority is imported by its ID, which starts with sshca_.
terraform import ngrok_ssh_certificate_authority.users sshca_2hHGVyb5ZT6WQm1uXnLfNc8Ykam
