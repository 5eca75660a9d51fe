import {
  to = ngrok_reserved_domain.api
  id = "rd_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
}

# The domain name works too.
import {
  to = ngrok_reserved_domain.app
  id = "myapp.ngrok.app"
}
