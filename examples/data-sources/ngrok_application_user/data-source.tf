data "ngrok_application_user" "ada" {
  id = "appusr_2hHHEdGjzhqHoCeqNd9sYaUbMmT"
}

output "ada_last_login" {
  value = data.ngrok_application_user.ada.last_login
}
