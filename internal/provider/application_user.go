package provider

import (
	dsschema "github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// applicationUserType is ngrok_application_user(s): a visitor who signed
// in through an endpoint's OAuth or OIDC. The API's list takes no filter.
// NOTE: no idPrefix, here and for application sessions: ngrok documents no
// ID of either, and a guessed prefix checked at plan time would refuse real
// IDs (the mock's appusr_ and appses_ are its own).
var applicationUserType = &readOnlyType[apiclient.ApplicationUser, applicationUserModel]{
	name: "application_user", plural: "application_users", noun: "application user", nouns: "application users", article: "an",
	api: apiclient.ApplicationUsers,
	description: "An application user is a visitor who signed in to an endpoint through its OAuth or OIDC traffic policy action; " +
		"the API cannot create one.",
	attributes: func() map[string]dsschema.Attribute {
		return map[string]dsschema.Attribute{
			"uri":                    computedString("API address of the application user."),
			"identity_provider_name": computedString("Name of the identity provider the user signed in with, such as Google."),
			"identity_provider_url":  computedString("URL of the identity provider."),
			"provider_user_id":       computedString("The user's ID at the identity provider."),
			"username":               computedString("The user's name at the identity provider."),
			"email":                  computedString("The user's email address."),
			"name":                   computedString("The user's display name."),
			"created_at":             computedString("When the user first signed in, RFC 3339."),
			"last_active":            computedString("When the user was last active, RFC 3339."),
			"last_login":             computedString("When the user last signed in, RFC 3339."),
		}
	},
	fromAPI: func(u *apiclient.ApplicationUser) (applicationUserModel, error) {
		return applicationUserModel{
			ID: types.StringValue(u.ID), URI: types.StringValue(u.URI),
			IdentityProviderName: types.StringValue(u.IdentityProvider.Name), IdentityProviderURL: types.StringValue(u.IdentityProvider.URL),
			ProviderUserID: types.StringValue(u.ProviderUserID), Username: types.StringValue(u.Username),
			Email: types.StringValue(u.Email), Name: types.StringValue(u.Name), CreatedAt: types.StringValue(u.CreatedAt),
			LastActive: types.StringValue(u.LastActive), LastLogin: types.StringValue(u.LastLogin),
		}, nil
	},
}

type applicationUserModel struct {
	ID                   types.String `tfsdk:"id"`
	URI                  types.String `tfsdk:"uri"`
	IdentityProviderName types.String `tfsdk:"identity_provider_name"`
	IdentityProviderURL  types.String `tfsdk:"identity_provider_url"`
	ProviderUserID       types.String `tfsdk:"provider_user_id"`
	Username             types.String `tfsdk:"username"`
	Email                types.String `tfsdk:"email"`
	Name                 types.String `tfsdk:"name"`
	CreatedAt            types.String `tfsdk:"created_at"`
	LastActive           types.String `tfsdk:"last_active"`
	LastLogin            types.String `tfsdk:"last_login"`
}
