import {
  to = ngrok_cloud_endpoint.app
  id = "ep_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
}

# The endpoint's url works too: the provider looks it up among the account's
# cloud endpoints. A default port may be written or not.
import {
  to = ngrok_cloud_endpoint.api
  id = "https://api.example.com"
}

import {
  to = ngrok_cloud_endpoint.db
  id = "tcp://1.tcp.ngrok.io:12345"
}
