package provider

import (
	dsschema "github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// applicationSessionType is ngrok_application_session(s): the browser
// session of a signed-in application user. The API's list takes no filter.
var applicationSessionType = &readOnlyType[apiclient.ApplicationSession, applicationSessionModel]{
	name: "application_session", plural: "application_sessions", noun: "application session", nouns: "application sessions",
	article: "an", api: apiclient.ApplicationSessions,
	description: "An application session is the browser session of an application user (`ngrok_application_user`) " +
		"signed in to an endpoint; the API cannot create one.",
	attributes: func() map[string]dsschema.Attribute {
		return map[string]dsschema.Attribute{
			"uri":                 computedString("API address of the application session."),
			"public_url":          computedString("URL of the endpoint the user signed in to."),
			"application_user_id": computedString("ID of the application user."),
			"user_agent":          computedString("The browser's User-Agent header."),
			"ip_address":          computedString("IP address of the browser."),
			"country_code":        computedString("Country of the browser's IP address, ISO 3166-1 alpha-2; empty when unknown."),
			"created_at":          computedString("When the session started, RFC 3339."),
			"last_active":         computedString("When the session was last active, RFC 3339."),
			"expires_at":          computedString("When the session expires, RFC 3339."),
			"endpoint_id":         computedString("ID of the endpoint (`ep_...`); null when none."),
		}
	},
	fromAPI: func(s *apiclient.ApplicationSession) (applicationSessionModel, error) {
		m := applicationSessionModel{
			ID: types.StringValue(s.ID), URI: types.StringValue(s.URI), PublicURL: types.StringValue(s.PublicURL),
			ApplicationUserID: types.StringNull(), UserAgent: types.StringValue(s.BrowserSession.UserAgent.Raw),
			IPAddress: types.StringValue(s.BrowserSession.IPAddress), CountryCode: types.StringValue(s.BrowserSession.Location.CountryCode),
			CreatedAt: types.StringValue(s.CreatedAt), LastActive: types.StringValue(s.LastActive),
			ExpiresAt: types.StringValue(s.ExpiresAt), EndpointID: types.StringNull(),
		}
		if s.ApplicationUser != nil {
			m.ApplicationUserID = types.StringValue(s.ApplicationUser.ID)
		}
		if s.Endpoint != nil {
			m.EndpointID = types.StringValue(s.Endpoint.ID)
		}
		return m, nil
	},
}

type applicationSessionModel struct {
	ID                types.String `tfsdk:"id"`
	URI               types.String `tfsdk:"uri"`
	PublicURL         types.String `tfsdk:"public_url"`
	ApplicationUserID types.String `tfsdk:"application_user_id"`
	UserAgent         types.String `tfsdk:"user_agent"`
	IPAddress         types.String `tfsdk:"ip_address"`
	CountryCode       types.String `tfsdk:"country_code"`
	CreatedAt         types.String `tfsdk:"created_at"`
	LastActive        types.String `tfsdk:"last_active"`
	ExpiresAt         types.String `tfsdk:"expires_at"`
	EndpointID        types.String `tfsdk:"endpoint_id"`
}
