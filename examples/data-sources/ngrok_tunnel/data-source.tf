data "ngrok_tunnel" "web" {
  id = "tn_2hHHF3tMdLHH7aoMdw8yw0zMhoJ"
}

output "web_forwards_to" {
  value = data.ngrok_tunnel.web.forwards_to
}
