# A vault and a secret that the shop's traffic policy reads
# (endpoints.tf). The secret's value is write-only: it comes from an
# ephemeral variable and is in neither the plan nor the state; a new
# admin_password_version sends a new value, in place.

variable "shop_admin_password" {
  description = "Password of the shop's admin pages (a placeholder for the demo: set TF_VAR_shop_admin_password)."
  type        = string
  ephemeral   = true
  sensitive   = true
  default     = "demo-only-admin-password"
}

resource "ngrok_vault" "shop" {
  name        = "shop"
  description = "Secrets of the shop's traffic policies"
}

resource "ngrok_secret" "shop_admin_password" {
  vault_id         = ngrok_vault.shop.id
  name             = "admin-password"
  description      = "Basic auth password of the admin pages"
  value_wo         = var.shop_admin_password
  value_wo_version = 1
}
