# An authtoken minted when Terraform opens the resource and deleted when the
# run ends: it reaches neither the plan nor the state. Here a CI job's agent
# gets it through a write-only argument for the length of the run.
ephemeral "ngrok_credential" "ci_agent" {
  description = "CI agent, one run"
  acl         = ["bind:ci.example.com"]
}

resource "terraform_data" "start_agent" {
  provisioner "local-exec" {
    command = "ngrok http 8080 --url https://ci.example.com"
    environment = {
      NGROK_AUTHTOKEN = ephemeral.ngrok_credential.ci_agent.token
    }
  }
}
