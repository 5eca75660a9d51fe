# An API key is imported by its ID, which starts with ak_. The API cannot
# show the key again: token is null after the import.
terraform import ngrok_api_key.deployer ak_2hHGVyb5ZT6WQm1uXnLfNc8Ykam
