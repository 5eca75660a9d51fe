# The whole configuration before adoption: the provider, and nothing else.
# `terraform query -generate-config-out=generated.tf` writes the rest.
terraform {
  required_providers {
    ngrok = {
      source = "tfedge/ngrok"
    }
  }
}

# NOTE: api_key and api_base_url come from NGROK_API_KEY and
# NGROK_API_BASE_URL, which adopt.sh points at ngrok-mock.
provider "ngrok" {}
