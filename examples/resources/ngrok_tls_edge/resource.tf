# NOTE: ngrok deprecated edges. Manage an existing TLS edge until it moves to
# a tls:// cloud endpoint on the same domain; only accounts that kept edge
# write access can create one.
resource "ngrok_certificate_authority" "clients" {
  ca_pem = file("clients-ca.pem")
}

resource "ngrok_tls_edge" "api" {
  description = "mutual TLS API"
  hostports   = ["api.example.com:443"]

  backend = {
    backend_id = "bkdtg_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  }

  tls_termination = {
    terminate_at = "edge"
    min_version  = "1.2"
  }

  mutual_tls = {
    certificate_authority_ids = [ngrok_certificate_authority.clients.id]
  }
}

# TLS passed through to the upstream, which terminates it.
resource "ngrok_tls_edge" "passthrough" {
  hostports = ["legacy.example.com:443"]

  backend = {
    backend_id = "bkdtg_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  }

  tls_termination = {
    terminate_at = "upstream"
  }
}
