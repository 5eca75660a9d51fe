# The API keys of the account whose description starts with "ci" (never
# their tokens).
data "ngrok_api_keys" "ci" {
  filter = "obj.description.startsWith('ci')"
}

output "ci_api_key_ids" {
  value = [for k in data.ngrok_api_keys.ci.api_keys : k.id]
}
