# The event destinations described as Datadog destinations.
data "ngrok_event_destinations" "datadog" {
  filter = "obj.description.contains('datadog')"
}

output "datadog_destination_ids" {
  value = [for d in data.ngrok_event_destinations.datadog.event_destinations : d.id]
}
