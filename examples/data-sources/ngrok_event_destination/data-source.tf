data "ngrok_event_destination" "this" {
  id = "ed_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
}

output "event_destination_format" {
  value = data.ngrok_event_destination.this.format
}
