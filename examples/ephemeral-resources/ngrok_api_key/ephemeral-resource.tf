# An API key minted for one run and deleted when the run ends, configuring a
# second ngrok provider: the key reaches neither the plan nor the state.
resource "ngrok_service_user" "bot" {
  name = "terraform-runs"
}

ephemeral "ngrok_api_key" "run" {
  description = "terraform run"
  owner_id    = ngrok_service_user.bot.id
}

provider "ngrok" {
  alias   = "as_bot"
  api_key = ephemeral.ngrok_api_key.run.token
}

resource "ngrok_ip_policy" "made_by_bot" {
  provider    = ngrok.as_bot
  description = "made with the bot's key"
}
