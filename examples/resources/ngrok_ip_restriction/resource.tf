resource "ngrok_ip_policy" "office" {
  description = "office"

  # A policy that a restriction names cannot be deleted (ERR_NGROK_1420):
  # with this, Terraform updates the restriction before it deletes the
  # policy, once the policy leaves the configuration.
  lifecycle {
    create_before_destroy = true
  }
}

resource "ngrok_ip_policy_rule" "office" {
  ip_policy_id = ngrok_ip_policy.office.id
  cidr         = "203.0.113.0/24"
  action       = "allow"
}

# The dashboard only from the office.
resource "ngrok_ip_restriction" "dashboard" {
  type          = "dashboard"
  enforced      = true
  ip_policy_ids = [ngrok_ip_policy.office.id]

  # The last rule of a policy that the dashboard restriction names cannot be
  # deleted (ERR_NGROK_1419): with this, a destroy deletes the restriction
  # before the rule.
  depends_on = [ngrok_ip_policy_rule.office]
}

# WARNING: an enforced api restriction applies to Terraform too. If its
# policies do not allow the address Terraform runs from, every later request
# (this resource's refresh and delete included) fails with ERR_NGROK_220.
# Apply it with enforced = false first, check, then enforce.
resource "ngrok_ip_restriction" "api" {
  type          = "api"
  enforced      = false
  ip_policy_ids = [ngrok_ip_policy.office.id]
}
