package provider

import (
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// serviceUserType is ngrok_service_user: a user of the account that is not
// a person (a pipeline, a deployment), which owns credentials and API keys
// through their owner_id. ngrok_bot_user (bot_user.go) is the same object
// under the API's older name.
var serviceUserType = &objectType[apiclient.ServiceUser, apiclient.ServiceUserCreate, apiclient.ServiceUserUpdate, serviceUserModel]{
	name: "service_user", plural: "service_users", noun: "service user", nouns: "service users", article: "a",
	idPrefix: serviceUserIDPrefix, twinIDPrefix: botUserIDPrefix, api: apiclient.ServiceUsers,
	description: "A service user: an account member that is not a person, such as a CI pipeline, which can own " +
		"agent authtokens, API keys and SSH credentials (their `owner_id`), so that they outlive the people who " +
		"made them. Deactivating it (`active = false`) stops everything it owns from authenticating; deleting it " +
		"deletes everything it owns, as ngrok does. ngrok/ngrok v0.8's `ngrok_service_user` made bot users " +
		"(`bot_...` IDs): after `terraform state replace-provider` this resource manages them as they are.",
	attributes:  func() map[string]schema.Attribute { return userAttributes("service user", serviceUserIDPrefix) },
	fromAPI:     userModelFromAPI,
	toCreate:    serviceUserModel.toCreate,
	toUpdate:    serviceUserModel.toUpdate,
	displayName: func(u *apiclient.ServiceUser, _ serviceUserModel) string { return u.Name },
	movesFrom:   []string{"ngrok_service_user"},
	normalizeState: func(a stateAttrs) error {
		a.nullIfEmpty("uri", "created_at")
		a.defaultIfNull("active", true)
		return nil
	},
}

// userAttributes are the attributes of a service or bot user.
func userAttributes(noun, prefix string) map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"id":         serverSetAttribute(fmt.Sprintf("Identifier of the %s (`%s...`): the `owner_id` of what it owns.", noun, prefix)),
		"uri":        serverSetAttribute(fmt.Sprintf("API address of the %s.", noun)),
		"created_at": serverSetAttribute(fmt.Sprintf("When the %s was created, RFC 3339.", noun)),
		"name": schema.StringAttribute{
			Description: fmt.Sprintf("Name of the %s, unique among the account's %ss, at most %d bytes. Changed in place.",
				noun, noun, maxUserNameBytes),
			Required:   true,
			Validators: []validator.String{stringvalidator.LengthBetween(1, maxUserNameBytes)},
		},
		"active": schema.BoolAttribute{
			Description: fmt.Sprintf("Whether the %s is active: an inactive one's credentials and API keys cannot "+
				"authenticate. Defaults to `true`. Changed in place.", noun),
			Optional: true,
			Computed: true,
			Default:  booldefault.StaticBool(true),
		},
	}
}

// maxUserNameBytes is the longest name ngrok-mock accepts; ngrok documents
// a limit (ERR_NGROK_4110) without its value.
const maxUserNameBytes = 255

// serviceUserModel is a service or bot user.
type serviceUserModel struct {
	ID        types.String `tfsdk:"id"`
	URI       types.String `tfsdk:"uri"`
	CreatedAt types.String `tfsdk:"created_at"`
	Name      types.String `tfsdk:"name"`
	Active    types.Bool   `tfsdk:"active"`
}

func userModelFromAPI(u *apiclient.ServiceUser) (serviceUserModel, error) {
	return serviceUserModel{
		ID:        types.StringValue(u.ID),
		URI:       types.StringValue(u.URI),
		CreatedAt: types.StringValue(u.CreatedAt),
		Name:      types.StringValue(u.Name),
		Active:    types.BoolValue(u.Active),
	}, nil
}

func (m serviceUserModel) toCreate() *apiclient.ServiceUserCreate {
	return &apiclient.ServiceUserCreate{Name: m.Name.ValueString(), Active: m.Active.ValueBoolPointer()}
}

func (m serviceUserModel) toUpdate() *apiclient.ServiceUserUpdate {
	return &apiclient.ServiceUserUpdate{Name: m.Name.ValueStringPointer(), Active: m.Active.ValueBoolPointer()}
}
