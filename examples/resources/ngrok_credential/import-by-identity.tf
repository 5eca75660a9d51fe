import {
  to = ngrok_credential.team_agents
  identity = {
    id = "cr_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  }
}
