package provider

import (
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// botUserType is ngrok_bot_user: a service user under the API's older name
// (/bot_users, IDs bot_...), which ngrok/ngrok v0.7.0 manages.
var botUserType = &objectType[apiclient.ServiceUser, apiclient.ServiceUserCreate, apiclient.ServiceUserUpdate, serviceUserModel]{
	name: "bot_user", plural: "bot_users", noun: "bot user", nouns: "bot users", article: "a",
	idPrefix: botUserIDPrefix, twinIDPrefix: serviceUserIDPrefix, api: apiclient.BotUsers,
	description: "A bot user: the API's older name for a service user (`ngrok_service_user`), with its own IDs (`bot_...`). " +
		"It can own agent authtokens, API keys and SSH credentials (their `owner_id`); deleting it deletes them. " +
		"New configurations should use `ngrok_service_user`.",
	attributes:  func() map[string]schema.Attribute { return userAttributes("bot user", botUserIDPrefix) },
	fromAPI:     userModelFromAPI,
	toCreate:    serviceUserModel.toCreate,
	toUpdate:    serviceUserModel.toUpdate,
	displayName: func(u *apiclient.ServiceUser, _ serviceUserModel) string { return u.Name },
	movesFrom:   []string{"ngrok_bot_user"},
	normalizeState: func(a stateAttrs) error {
		a.nullIfEmpty("uri", "created_at")
		a.defaultIfNull("active", true)
		return nil
	},
}
