# An IP restriction is imported by its ID, which starts with ipx_.
terraform import ngrok_ip_restriction.dashboard ipx_2hHGVyb5ZT6WQm1uXnLfNc8Ykam
