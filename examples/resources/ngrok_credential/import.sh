# A credential is imported by its ID, which starts with cr_. The API cannot
# show its token again: token is null after the import.
terraform import ngrok_credential.team_agents cr_2hHGVyb5ZT6WQm1uXnLfNc8Ykam
