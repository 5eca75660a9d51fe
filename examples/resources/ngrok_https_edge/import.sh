# An HTTPS edge is imported by its ID.
terraform import ngrok_https_edge.app edghts_2hHGVyb5ZT6WQm1uXnLfNc8Ykam
