# An event destination is imported by its ID, which starts with ed_.
terraform import ngrok_event_destination.kinesis ed_2hHGVyb5ZT6WQm1uXnLfNc8Ykam
