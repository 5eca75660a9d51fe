data "ngrok_credential" "team_agents" {
  id = "cr_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
}

output "team_agents_acl" {
  value = data.ngrok_credential.team_agents.acl
}
