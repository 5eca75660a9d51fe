# A service user is imported by its ID, which starts with service_.
terraform import ngrok_service_user.ci service_2hHGVyb5ZT6WQm1uXnLfNc8Ykam
