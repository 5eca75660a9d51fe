data "ngrok_bot_user" "deploy" {
  id = "bot_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
}
