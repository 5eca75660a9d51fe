# An authtoken for the agents of one team, allowed to bind only the team's
# domains and a label.
resource "ngrok_credential" "team_agents" {
  description = "Agents of the platform team"
  acl = [
    "bind:*.platform.example.com",
    "bind:team=platform",
  ]
}

# The token exists only in the create's answer: the resource keeps it in the
# state (sensitive), for outputs and other resources. After `terraform import`
# it is null.
output "team_authtoken" {
  value     = ngrok_credential.team_agents.token
  sensitive = true
}
