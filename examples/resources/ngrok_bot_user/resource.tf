# A bot user is a service user under the API's older name; new
# configurations should use ngrok_service_user.
resource "ngrok_bot_user" "deploy" {
  name = "deploy-bot"
}
