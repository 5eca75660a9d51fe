# Every service user of the account.
data "ngrok_service_users" "all" {}
