# A TCP edge is imported by its ID, which starts with edgtcp_.
terraform import ngrok_tcp_edge.db edgtcp_2hHGVyb5ZT6WQm1uXnLfNc8Ykam
