terraform {
  required_providers {
    ngrok = {
      source = "tfedge/ngrok"
    }
  }
}

# The API key is read from NGROK_API_KEY when api_key is not set.
provider "ngrok" {
  api_key = var.ngrok_api_key

  # The defaults, shown: stay under the API's limit of 120 requests a
  # minute, and let each request retry for up to 5 minutes.
  requests_per_minute = 120
  retry_timeout       = "5m"
}

variable "ngrok_api_key" {
  type      = string
  sensitive = true
}
