# An event subscription is imported by its ID, which starts with esb_.
terraform import ngrok_event_subscription.secrets esb_2hHGVyb5ZT6WQm1uXnLfNc8Ykam
