package provider

import (
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// The route modules that ngrok_https_edge and ngrok_https_edges read besides
// the four the provider manages: each a nested attribute of the route, null
// when the module is not set. The API leaves module secrets (webhook
// verification secret, OAuth client secret) out of its answers, so no
// state holds them; the SAML module's metadata and certificate are public.

// edgeReadModule is one module: its attributes and its value in a route.
type edgeReadModule struct {
	name, description string
	attrs             map[string]schema.Attribute
	types             map[string]attr.Type
	// value is the module's attributes, or nil when it is not set.
	value func(r *apiclient.HTTPSEdgeRoute) map[string]attr.Value
}

func computedBool(d string) schema.Attribute {
	return schema.BoolAttribute{Description: d, Computed: true}
}
func computedInt(d string) schema.Attribute {
	return schema.Int64Attribute{Description: d, Computed: true}
}
func computedStrings(d string) schema.Attribute {
	return schema.ListAttribute{Description: d, Computed: true, ElementType: types.StringType}
}

const moduleEnabledDescription = "Whether the module applies."

var stringListType = types.ListType{ElemType: types.StringType}

// edgeReadModules are the modules, in the spec's order.
var edgeReadModules = []edgeReadModule{
	{
		name: "circuit_breaker", description: "The circuit breaker module; null when not set.",
		attrs: map[string]schema.Attribute{
			"enabled":                    computedBool(moduleEnabledDescription),
			"tripped_duration":           computedInt("Seconds the breaker stays tripped before it lets a request through."),
			"rolling_window":             computedInt("Seconds of the window over which errors are counted."),
			"num_buckets":                computedInt("Buckets the window is divided into."),
			"volume_threshold":           computedInt("Requests in the window before the error threshold applies."),
			"error_threshold_percentage": schema.Float64Attribute{Description: "The fraction of errors (0 to 1) that trips the breaker.", Computed: true},
		},
		types: map[string]attr.Type{
			"enabled": types.BoolType, "tripped_duration": types.Int64Type, "rolling_window": types.Int64Type,
			"num_buckets": types.Int64Type, "volume_threshold": types.Int64Type, "error_threshold_percentage": types.Float64Type,
		},
		value: func(r *apiclient.HTTPSEdgeRoute) map[string]attr.Value {
			m := r.CircuitBreaker
			if m == nil {
				return nil
			}
			return map[string]attr.Value{
				"enabled": types.BoolValue(m.Enabled), "tripped_duration": types.Int64Value(int64(m.TrippedDuration)),
				"rolling_window": types.Int64Value(int64(m.RollingWindow)), "num_buckets": types.Int64Value(int64(m.NumBuckets)),
				"volume_threshold":           types.Int64Value(int64(m.VolumeThreshold)),
				"error_threshold_percentage": types.Float64Value(m.ErrorThresholdPercentage),
			}
		},
	},
	enabledOnlyModule("compression", "The compression module (responses compressed when the client accepts it); null when not set.",
		func(r *apiclient.HTTPSEdgeRoute) *apiclient.HTTPSEdgeRouteEnabled { return r.Compression }),
	{
		name: "response_headers", description: "The response headers module; null when not set.",
		attrs: map[string]schema.Attribute{
			"enabled": computedBool(moduleEnabledDescription),
			"add":     schema.MapAttribute{Description: "Headers added to responses.", Computed: true, ElementType: types.StringType},
			"remove":  computedStrings("Headers removed from responses."),
		},
		types: edgeHeadersAttrTypes,
		value: func(r *apiclient.HTTPSEdgeRoute) map[string]attr.Value {
			if r.ResponseHeaders == nil {
				return nil
			}
			return headersValue(r.ResponseHeaders)
		},
	},
	{
		name: "webhook_verification", description: "The webhook verification module, without its secret; null when not set.",
		attrs: map[string]schema.Attribute{
			"enabled":  computedBool(moduleEnabledDescription),
			"provider": computedString("The provider whose signatures are verified (such as `SLACK`)."),
		},
		types: map[string]attr.Type{"enabled": types.BoolType, "provider": types.StringType},
		value: func(r *apiclient.HTTPSEdgeRoute) map[string]attr.Value {
			m := r.WebhookVerification
			if m == nil {
				return nil
			}
			return map[string]attr.Value{"enabled": types.BoolValue(m.Enabled), "provider": types.StringValue(m.Provider)}
		},
	},
	{
		name: "oauth", description: "The OAuth module, without its client secret; null when not set.",
		attrs: map[string]schema.Attribute{
			"enabled":             computedBool(moduleEnabledDescription),
			"provider":            computedString("The OAuth provider (`google`, `github`, ...)."),
			"client_id":           computedString("The client ID of your OAuth application; null for ngrok's managed application."),
			"scopes":              computedStrings("Scopes requested."),
			"email_addresses":     computedStrings("Email addresses allowed; empty allows any."),
			"email_domains":       computedStrings("Email domains allowed; empty allows any."),
			"teams":               computedStrings("GitHub teams allowed (github only)."),
			"organizations":       computedStrings("GitHub organizations allowed (github only)."),
			"options_passthrough": computedBool("Whether OPTIONS requests pass without authentication (CORS preflight)."),
			"cookie_prefix":       computedString("Prefix of the session cookies."),
			"inactivity_timeout":  computedInt("Seconds of inactivity that end a session; 0 when not set."),
			"maximum_duration":    computedInt("Seconds a session lasts at most; 0 when not set."),
			"auth_check_interval": computedInt("Seconds between checks of the user with the provider; 0 when not set."),
		},
		types: map[string]attr.Type{
			"enabled": types.BoolType, "provider": types.StringType, "client_id": types.StringType,
			"scopes": stringListType, "email_addresses": stringListType, "email_domains": stringListType,
			"teams": stringListType, "organizations": stringListType, "options_passthrough": types.BoolType,
			"cookie_prefix": types.StringType, "inactivity_timeout": types.Int64Type, "maximum_duration": types.Int64Type,
			"auth_check_interval": types.Int64Type,
		},
		value: func(r *apiclient.HTTPSEdgeRoute) map[string]attr.Value {
			m := r.OAuth
			if m == nil {
				return nil
			}
			name, p := oauthProviderOf(m)
			return map[string]attr.Value{
				"enabled": types.BoolValue(m.Enabled), "provider": types.StringValue(name),
				"client_id": types.StringPointerValue(p.ClientID), "scopes": stringList(p.Scopes),
				"email_addresses": stringList(p.EmailAddresses), "email_domains": stringList(p.EmailDomains),
				"teams": stringList(p.Teams), "organizations": stringList(p.Organizations),
				"options_passthrough": types.BoolValue(m.OptionsPassthrough), "cookie_prefix": types.StringValue(m.CookiePrefix),
				"inactivity_timeout":  types.Int64Value(int64(m.InactivityTimeout)),
				"maximum_duration":    types.Int64Value(int64(m.MaximumDuration)),
				"auth_check_interval": types.Int64Value(int64(m.AuthCheckInterval)),
			}
		},
	},
	{
		name: "saml", description: "The SAML module; null when not set. Traffic policy has no SAML action.",
		attrs: map[string]schema.Attribute{
			"enabled":                        computedBool(moduleEnabledDescription),
			"options_passthrough":            computedBool("Whether OPTIONS requests pass without authentication (CORS preflight)."),
			"cookie_prefix":                  computedString("Prefix of the session cookies."),
			"inactivity_timeout":             computedInt("Seconds of inactivity that end a session; 0 when not set."),
			"maximum_duration":               computedInt("Seconds a session lasts at most; 0 when not set."),
			"idp_metadata":                   computedString("The identity provider's metadata (XML)."),
			"force_authn":                    computedBool("Whether the identity provider must authenticate the user again at each login."),
			"allow_idp_initiated":            computedBool("Whether logins started at the identity provider are accepted."),
			"authorized_groups":              computedStrings("Groups allowed; empty allows any."),
			"entity_id":                      computedString("The service provider's entity ID."),
			"assertion_consumer_service_url": computedString("The service provider's assertion consumer service URL."),
			"single_logout_url":              computedString("The service provider's single logout URL."),
			"metadata_url":                   computedString("The service provider's metadata URL."),
			"nameid_format":                  computedString("The NameID format requested."),
		},
		types: map[string]attr.Type{
			"enabled": types.BoolType, "options_passthrough": types.BoolType, "cookie_prefix": types.StringType,
			"inactivity_timeout": types.Int64Type, "maximum_duration": types.Int64Type, "idp_metadata": types.StringType,
			"force_authn": types.BoolType, "allow_idp_initiated": types.BoolType, "authorized_groups": stringListType,
			"entity_id": types.StringType, "assertion_consumer_service_url": types.StringType,
			"single_logout_url": types.StringType, "metadata_url": types.StringType, "nameid_format": types.StringType,
		},
		value: func(r *apiclient.HTTPSEdgeRoute) map[string]attr.Value {
			m := r.SAML
			if m == nil {
				return nil
			}
			return map[string]attr.Value{
				"enabled": types.BoolValue(m.Enabled), "options_passthrough": types.BoolValue(m.OptionsPassthrough),
				"cookie_prefix": types.StringValue(m.CookiePrefix), "inactivity_timeout": types.Int64Value(int64(m.InactivityTimeout)),
				"maximum_duration": types.Int64Value(int64(m.MaximumDuration)), "idp_metadata": types.StringValue(m.IdPMetadata),
				"force_authn": types.BoolValue(m.ForceAuthn), "allow_idp_initiated": types.BoolValue(m.AllowIdPInitiated),
				"authorized_groups": stringList(m.AuthorizedGroups), "entity_id": types.StringValue(m.EntityID),
				"assertion_consumer_service_url": types.StringValue(m.AssertionConsumerServiceURL),
				"single_logout_url":              types.StringValue(m.SingleLogoutURL),
				"metadata_url":                   types.StringValue(m.MetadataURL), "nameid_format": types.StringValue(m.NameIDFormat),
			}
		},
	},
	enabledOnlyModule("websocket_tcp_converter", "The WebSocket-TCP converter module; null when not set.",
		func(r *apiclient.HTTPSEdgeRoute) *apiclient.HTTPSEdgeRouteEnabled { return r.WebsocketTCPConverter }),
	{
		name: "user_agent_filter", description: "The user agent filter module; null when not set.",
		attrs: map[string]schema.Attribute{
			"enabled": computedBool(moduleEnabledDescription),
			"allow":   computedStrings("Regular expressions (RE2) of the User-Agents allowed."),
			"deny":    computedStrings("Regular expressions (RE2) of the User-Agents denied."),
		},
		types: map[string]attr.Type{"enabled": types.BoolType, "allow": stringListType, "deny": stringListType},
		value: func(r *apiclient.HTTPSEdgeRoute) map[string]attr.Value {
			m := r.UserAgentFilter
			if m == nil {
				return nil
			}
			return map[string]attr.Value{"enabled": types.BoolValue(m.Enabled), "allow": stringList(m.Allow), "deny": stringList(m.Deny)}
		},
	},
	{
		name: "traffic_policy", description: "The traffic policy module; null when not set.",
		attrs: map[string]schema.Attribute{
			"enabled": computedBool(moduleEnabledDescription),
			"value":   computedString("The traffic policy, as the API holds it (JSON or YAML)."),
		},
		types: map[string]attr.Type{"enabled": types.BoolType, "value": types.StringType},
		value: func(r *apiclient.HTTPSEdgeRoute) map[string]attr.Value {
			m := r.TrafficPolicy
			if m == nil {
				return nil
			}
			return map[string]attr.Value{"enabled": types.BoolValue(m.Enabled), "value": types.StringValue(m.Value)}
		},
	},
}

func enabledOnlyModule(name, description string, get func(*apiclient.HTTPSEdgeRoute) *apiclient.HTTPSEdgeRouteEnabled) edgeReadModule {
	return edgeReadModule{
		name: name, description: description,
		attrs: map[string]schema.Attribute{"enabled": computedBool(moduleEnabledDescription)},
		types: map[string]attr.Type{"enabled": types.BoolType},
		value: func(r *apiclient.HTTPSEdgeRoute) map[string]attr.Value {
			m := get(r)
			if m == nil {
				return nil
			}
			return map[string]attr.Value{"enabled": types.BoolValue(m.Enabled)}
		},
	}
}

// oauthProviderOf is the module's one provider, by name; an empty one when
// the API answered none.
func oauthProviderOf(m *apiclient.HTTPSEdgeRouteOAuth) (string, *apiclient.HTTPSEdgeRouteOAuthProvider) {
	for name, p := range m.Provider {
		if p != nil {
			return name, p
		}
	}
	return "", &apiclient.HTTPSEdgeRouteOAuthProvider{}
}

func headersValue(m *apiclient.HTTPSEdgeRouteRequestHeaders) map[string]attr.Value {
	add := make(map[string]attr.Value, len(m.Add))
	for k, s := range m.Add {
		add[k] = types.StringValue(s)
	}
	return map[string]attr.Value{
		"enabled": types.BoolValue(m.Enabled), "add": types.MapValueMust(types.StringType, add), "remove": stringList(m.Remove),
	}
}

// addEdgeReadModuleTypes adds the modules' attribute types to a route's.
func addEdgeReadModuleTypes(route map[string]attr.Type) map[string]attr.Type {
	for _, m := range edgeReadModules {
		route[m.name] = types.ObjectType{AttrTypes: m.types}
	}
	return route
}

// addEdgeReadModuleAttributes adds the modules' attributes to a route's.
func addEdgeReadModuleAttributes(route map[string]schema.Attribute) map[string]schema.Attribute {
	for _, m := range edgeReadModules {
		route[m.name] = schema.SingleNestedAttribute{Description: m.description, Computed: true, Attributes: m.attrs}
	}
	return route
}

// addEdgeReadModuleValues adds the modules' values to a route's.
func addEdgeReadModuleValues(route map[string]attr.Value, r *apiclient.HTTPSEdgeRoute) {
	for _, m := range edgeReadModules {
		if v := m.value(r); v != nil {
			route[m.name] = types.ObjectValueMust(m.types, v)
		} else {
			route[m.name] = types.ObjectNull(m.types)
		}
	}
}
