# An API key minted for one run and deleted when the run ends, configuring a
# second ngrok provider: the key reaches neither the plan nor the state.
ephemeral "ngrok_api_key" "run" {
  description = "terraform run"
  owner_id    = "bot_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
}

provider "ngrok" {
  alias   = "as_bot"
  api_key = ephemeral.ngrok_api_key.run.token
}

resource "ngrok_ip_policy" "made_by_bot" {
  provider    = ngrok.as_bot
  description = "made with the bot's key"
}
