# A cloud endpoint is imported by its ID, which starts with ep_. Agent and
# edge endpoints cannot be imported: read them with the ngrok_endpoint data
# source instead.
terraform import ngrok_cloud_endpoint.app ep_2hHGVyb5ZT6WQm1uXnLfNc8Ykam
