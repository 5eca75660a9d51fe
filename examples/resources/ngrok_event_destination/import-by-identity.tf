import {
  to = ngrok_event_destination.kinesis
  identity = {
    id = "ed_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  }
}
