# An SSH credential is imported by its ID, which starts with sshcr_.
terraform import ngrok_ssh_credential.laptop sshcr_2hHGVyb5ZT6WQm1uXnLfNc8Ykam
