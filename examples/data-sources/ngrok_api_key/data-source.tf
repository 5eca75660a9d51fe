data "ngrok_api_key" "deployer" {
  id = "ak_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
}

output "deployer_owner" {
  value = data.ngrok_api_key.deployer.owner_id
}
