# The vaults whose name starts with "prod".
data "ngrok_vaults" "prod" {
  filter = "obj.name.startsWith('prod')"
}

output "prod_vault_names" {
  value = [for v in data.ngrok_vaults.prod.vaults : v.name]
}
