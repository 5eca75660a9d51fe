package provider

import (
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

func NewHTTPSEdgeRouteOIDCDataSource() datasource.DataSource {
	return newEdgeRouteModuleDataSource(httpsEdgeRouteOIDCModule)
}

func httpsEdgeRouteOIDCDataSourceAttributes() map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"options_passthrough": schema.BoolAttribute{Description: "Whether HTTP `OPTIONS` requests pass without authentication.", Computed: true},
		"cookie_prefix":       schema.StringAttribute{Description: "Prefix of the session cookie; empty for ngrok's own.", Computed: true},
		"inactivity_timeout":  schema.Int64Attribute{Description: "Seconds of inactivity after which the session ends; `0` for ngrok's default.", Computed: true},
		"maximum_duration":    schema.Int64Attribute{Description: "Longest a session lasts, in seconds; `0` for ngrok's default.", Computed: true},
		"issuer":              schema.StringAttribute{Description: "URL of the OpenID Connect identity provider.", Computed: true},
		"client_id":           schema.StringAttribute{Description: "Client ID of the application registered with the identity provider.", Computed: true},
		"scopes":              schema.SetAttribute{Description: "Scopes requested from the identity provider.", ElementType: types.StringType, Computed: true},
	}
}
