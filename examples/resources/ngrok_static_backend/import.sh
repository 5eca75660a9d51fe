# A static backend is imported by its ID, which starts with bkdsc_.
terraform import ngrok_static_backend.this bkdsc_2hHGVyb5ZT6WQm1uXnLfNc8Ykam
