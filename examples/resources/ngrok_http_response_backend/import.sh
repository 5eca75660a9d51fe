# An HTTP response backend is imported by its ID, which starts with bkdhr_.
terraform import ngrok_http_response_backend.this bkdhr_2hHGVyb5ZT6WQm1uXnLfNc8Ykam
