terraform {
  required_providers {
    ngrok = {
      source = "tfedge/ngrok"
    }
  }
}

# The API key is read from NGROK_API_KEY when api_key is not set.
provider "ngrok" {
  api_key     = var.ngrok_api_key
  max_retries = 5
}

variable "ngrok_api_key" {
  type      = string
  sensitive = true
}
