# NOTE: ngrok deprecated edges. Manage an existing TCP edge until it moves to
# a tcp:// cloud endpoint on the same address; only accounts that kept edge
# write access can create one.
resource "ngrok_reserved_addr" "db" {
  description = "database"
}

resource "ngrok_ip_policy" "office" {
  description = "office"
}

resource "ngrok_tcp_edge" "db" {
  description = "database"
  hostports   = [ngrok_reserved_addr.db.addr]

  backend = {
    backend_id = "bkdtg_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  }

  ip_restriction = {
    ip_policy_ids = [ngrok_ip_policy.office.id]
  }

  traffic_policy = {
    value = jsonencode({
      on_tcp_connect = [{
        expressions = ["conn.client_ip.geo.location.country_code != 'US'"]
        actions     = [{ type = "deny" }]
      }]
    })
  }
}
