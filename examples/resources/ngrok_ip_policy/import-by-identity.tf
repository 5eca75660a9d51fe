import {
  to = ngrok_ip_policy.office
  identity = {
    id = "ipp_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  }
}
