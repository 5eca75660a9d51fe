import {
  to = ngrok_event_subscription.secrets
  identity = {
    id = "esb_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  }
}
