# A weighted backend is imported by its ID, which starts with bkdwd_.
terraform import ngrok_weighted_backend.this bkdwd_2hHGVyb5ZT6WQm1uXnLfNc8Ykam
