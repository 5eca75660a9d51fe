# A cloud endpoint is imported by its ID, which starts with ep_ ...
terraform import ngrok_cloud_endpoint.app ep_2hHGVyb5ZT6WQm1uXnLfNc8Ykam

# ... or by its url.
terraform import ngrok_cloud_endpoint.api https://api.example.com
terraform import ngrok_cloud_endpoint.db tcp://1.tcp.ngrok.io:12345

# Agent and edge endpoints cannot be imported: read them with the
# ngrok_endpoint data source instead.
