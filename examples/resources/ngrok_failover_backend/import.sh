# A failover backend is imported by its ID, which starts with bkdfo_.
terraform import ngrok_failover_backend.this bkdfo_2hHGVyb5ZT6WQm1uXnLfNc8Ykam
