import {
  to = ngrok_bot_user.deploy
  identity = {
    id = "bot_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  }
}
