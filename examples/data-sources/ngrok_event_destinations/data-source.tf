# The event destinations that send to Datadog.
data "ngrok_event_destinations" "datadog" {
  filter = "has(obj.target.datadog) && obj.target.datadog != null"
}

output "datadog_destination_ids" {
  value = [for d in data.ngrok_event_destinations.datadog.event_destinations : d.id]
}
