# A bot user is imported by its ID, which starts with bot_.
terraform import ngrok_bot_user.deploy bot_2hHGVyb5ZT6WQm1uXnLfNc8Ykam
