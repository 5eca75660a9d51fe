# Restart every agent that runs version 2: with
#   terraform apply -invoke=action.ngrok_tunnel_session_restart.v2
# or from a resource's lifecycle, as below.
data "ngrok_tunnel_sessions" "v2" {
  filter = "obj.agent_version.startsWith('2.')"
}

action "ngrok_tunnel_session_restart" "v2" {
  for_each = toset([for s in data.ngrok_tunnel_sessions.v2.tunnel_sessions : s.id])
  config {
    tunnel_session_id = each.value
  }
}

# Restart one agent whenever its configuration release changes.
variable "agent_release" {
  type    = string
  default = "2026-01"
}

action "ngrok_tunnel_session_restart" "web" {
  config {
    tunnel_session_id = "ts_2hHHEdGjzhqHoCeqNd9sYaUbMmT"
  }
}

resource "terraform_data" "agent_release" {
  input = var.agent_release
  lifecycle {
    action_trigger {
      events  = [after_create, after_update]
      actions = [action.ngrok_tunnel_session_restart.web]
    }
  }
}
