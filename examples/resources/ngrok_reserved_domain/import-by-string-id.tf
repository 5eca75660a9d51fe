import {
  to = ngrok_reserved_domain.api
  id = "rd_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
}

# The domain's name works too, wildcards included: the provider looks it up
# among the account's reserved domains.
import {
  to = ngrok_reserved_domain.app
  id = "myapp.ngrok.app"
}

import {
  to = ngrok_reserved_domain.wildcard
  id = "*.example.com"
}
