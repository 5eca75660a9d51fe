data "ngrok_agent_ingress" "connect" {
  id = "agin_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
}
