# A tunnel group backend is imported by its ID, which starts with bkdtg_.
terraform import ngrok_tunnel_group_backend.this bkdtg_2hHGVyb5ZT6WQm1uXnLfNc8Ykam
