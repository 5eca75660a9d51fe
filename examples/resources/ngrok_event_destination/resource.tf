# Events to a Kinesis stream, ngrok assuming an IAM role.
resource "ngrok_event_destination" "kinesis" {
  description = "Audit events"
  target = {
    kinesis = {
      stream_arn = "arn:aws:kinesis:us-east-1:123456789012:stream/ngrok-events"
      auth       = { role = { role_arn = "arn:aws:iam::123456789012:role/ngrok-events" } }
    }
  }
}

# Events to Datadog: the API key is write-only, from an ephemeral variable.
variable "datadog_api_key" {
  type      = string
  ephemeral = true
  sensitive = true
}

resource "ngrok_event_destination" "datadog" {
  target = {
    datadog = { ddsite = "datadoghq.eu", service = "ngrok" }
  }
  api_key_wo         = var.datadog_api_key
  api_key_wo_version = 1
}
