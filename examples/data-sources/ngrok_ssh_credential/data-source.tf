data "ngrok_ssh_credential" "laptop" {
  id = "sshcr_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
}

output "laptop_key" {
  value = data.ngrok_ssh_credential.laptop.public_key
}
