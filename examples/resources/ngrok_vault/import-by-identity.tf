import {
  to = ngrok_vault.prod
  identity = {
    id = "vault_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  }
}
