package apiclient

// BotUsers is the collection of bot users: service users under the API's
// older name, with their shapes and IDs of their own prefix (bot_).
var BotUsers = newCollection[ServiceUser, ServiceUserCreate, ServiceUserUpdate]("bot_users", "bot user",
	func(o *ServiceUser) string { return o.ID })
