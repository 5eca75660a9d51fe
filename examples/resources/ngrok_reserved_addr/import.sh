# A reserved address is imported by its ID, which starts with ra_.
terraform import ngrok_reserved_addr.ssh ra_2hHGVyb5ZT6WQm1uXnLfNc8Ykam
