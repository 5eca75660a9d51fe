# An SSH host certificate is imported by its ID, which starts with shcrt_.
terraform import ngrok_ssh_host_certificate.web_1 shcrt_2hHH0kQ8Sg0b4cS0iMsvUX5eKQp
