# The SSH credentials of one bot user.
data "ngrok_ssh_credentials" "deploy" {
  filter = "obj.owner_id == 'bot_2tEpN0yrxDI4j8jVnhVRoTNN2Tx'"
}

output "deploy_credential_ids" {
  value = [for c in data.ngrok_ssh_credentials.deploy.ssh_credentials : c.id]
}
