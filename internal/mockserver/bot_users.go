package mockserver

// Bot users (README.md, section Service and bot users): /bot_users, the
// API's older name for service users (service_users.go), with the same
// shapes and rules and IDs of their own prefix.
var botUserCollection = declare(userCollection(collBotUsers, "bot user", prefixBotUser, ""))
