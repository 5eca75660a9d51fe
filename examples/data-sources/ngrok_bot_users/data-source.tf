# Every bot user of the account.
data "ngrok_bot_users" "all" {}
