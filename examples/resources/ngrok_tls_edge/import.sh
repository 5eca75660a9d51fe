# A TLS edge is imported by its ID, which starts with edgtls_.
terraform import ngrok_tls_edge.api edgtls_2hHGVyb5ZT6WQm1uXnLfNc8Ykam
