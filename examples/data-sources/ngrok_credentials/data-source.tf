# Every authtoken of the account (never their tokens).
data "ngrok_credentials" "all" {}

# The authtokens that may bind the platform team's domains.
data "ngrok_credentials" "platform" {
  filter = "'bind:*.platform.example.com' in obj.acl"
}

output "platform_credential_ids" {
  value = [for c in data.ngrok_credentials.platform.credentials : c.id]
}
