package provider

import (
	"context"
	"fmt"
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/resourcevalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64default"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/setdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// cookiePrefixPattern keeps the prefix a valid cookie name (an HTTP token).
var cookiePrefixPattern = regexp.MustCompile("^[0-9A-Za-z!#$%&'*+\\-.^_`|~]*$")

// httpsEdgeRouteOIDCModule is the OIDC module: visitors sign in with an
// OpenID Connect identity provider before reaching the upstream.
var httpsEdgeRouteOIDCModule = &edgeRouteModule[httpsEdgeRouteOIDCModel, apiclient.HTTPSEdgeRouteOIDC, apiclient.HTTPSEdgeRouteOIDCReplace]{
	typeName: "https_edge_route_oidc",
	noun:     "OIDC module",
	title:    "OIDC Module",

	resourceDescription: "The OIDC module of a route of an HTTPS edge: visitors sign in with an OpenID Connect " +
		"identity provider before their requests reach the upstream. The edge and the route must exist already. " +
		"ngrok has made edges read-only for most accounts (see the HTTPS edges guide).",
	resourceAttributes: httpsEdgeRouteOIDCAttributes,
	configValidators: func() []resource.ConfigValidator {
		return []resource.ConfigValidator{
			resourcevalidator.ExactlyOneOf(path.MatchRoot("client_secret"), path.MatchRoot("client_secret_wo")),
			resourcevalidator.RequiredTogether(path.MatchRoot("client_secret_wo"), path.MatchRoot("client_secret_wo_version")),
			writeOnlyAlternative{"client_secret"},
		}
	},
	dataSourceDescription: "Reads the OIDC module of a route of an HTTPS edge. The client secret is not exposed: " +
		"manage it with the `ngrok_https_edge_route_oidc` resource.",
	dataSourceAttributes: httpsEdgeRouteOIDCDataSourceAttributes,
	dataSourceModel:      func(m httpsEdgeRouteOIDCModel) any { return m.httpsEdgeRouteOIDCDataModel },

	get:     (*apiclient.Client).GetHTTPSEdgeRouteOIDC,
	replace: (*apiclient.Client).ReplaceHTTPSEdgeRouteOIDC,
	remove:  (*apiclient.Client).DeleteHTTPSEdgeRouteOIDC,
	fromAPI: httpsEdgeRouteOIDCModelFromAPI,
	toReplace: func(ctx context.Context, m httpsEdgeRouteOIDCModel, config tfsdk.Config) (*apiclient.HTTPSEdgeRouteOIDCReplace, diag.Diagnostics) {
		return m.replaceBody(ctx, config)
	},
	keep: keepWriteOnlySecret,
}

func NewHTTPSEdgeRouteOIDCResource() resource.Resource {
	return newEdgeRouteModuleResource(httpsEdgeRouteOIDCModule)
}

func httpsEdgeRouteOIDCAttributes() map[string]schema.Attribute {
	attrs := map[string]schema.Attribute{}
	attrs["options_passthrough"] = schema.BoolAttribute{
		Description: "Let HTTP `OPTIONS` requests through without authentication, as CORS preflight requests need. Defaults to `false`.",
		Optional:    true,
		Computed:    true,
		Default:     booldefault.StaticBool(false),
	}
	attrs["cookie_prefix"] = schema.StringAttribute{
		Description: "Prefix of the session cookie that caches the authentication. Empty (the default) means ngrok's own prefix.",
		Optional:    true,
		Computed:    true,
		Default:     stringdefault.StaticString(""),
		Validators: []validator.String{stringvalidator.RegexMatches(cookiePrefixPattern,
			"must contain only the characters of a cookie name: letters, digits and "+httpTokenChars)},
	}
	attrs["inactivity_timeout"] = oidcSecondsAttribute("Seconds without a request after which the session ends and the visitor signs in again")
	attrs["maximum_duration"] = oidcSecondsAttribute("Longest a session lasts, in seconds, before the visitor signs in again")
	attrs["issuer"] = schema.StringAttribute{
		Description: "URL of the OpenID Connect identity provider, the base of its discovery document " +
			"(`/.well-known/openid-configuration`), such as `https://accounts.google.com`. Must be https.",
		Required:   true,
		Validators: []validator.String{httpsURLValidator{}},
	}
	attrs["client_id"] = schema.StringAttribute{
		Description: "Client ID of the application registered with the identity provider; also the token audience.",
		Required:    true,
		Validators:  []validator.String{stringvalidator.LengthAtLeast(1)},
	}
	attrs["client_secret"] = schema.StringAttribute{
		Description: "Client secret of the application. Stored in the Terraform state (marked sensitive), and " +
			"compared with the API's on every refresh. Exactly one of `client_secret` and `client_secret_wo` is required; " +
			"prefer `client_secret_wo` on Terraform 1.11 and later, which keeps the secret out of the state.",
		Optional:   true,
		Sensitive:  true,
		Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
	}
	attrs["client_secret_wo"] = schema.StringAttribute{
		Description: "Client secret of the application, write-only (Terraform 1.11 and later): sent to the API, " +
			"never stored in the plan or the state. Requires `client_secret_wo_version`; Terraform cannot see a " +
			"change of a write-only value, so change the version to send a new secret.",
		Optional:   true,
		Sensitive:  true,
		WriteOnly:  true,
		Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
	}
	attrs["client_secret_wo_version"] = schema.Int64Attribute{
		Description: "Version of `client_secret_wo`, required with it. Any change (for example incrementing it) " +
			"sends `client_secret_wo` to the API again, which is how a rotated secret is applied.",
		Optional: true,
	}
	attrs["scopes"] = schema.SetAttribute{
		Description: "Scopes to request from the identity provider, such as `openid`, `profile` and `email`. " +
			"Defaults to none, which leaves the choice to the identity provider.",
		ElementType: types.StringType,
		Optional:    true,
		Computed:    true,
		Default:     setdefault.StaticValue(types.SetValueMust(types.StringType, nil)),
		Validators: []validator.Set{setvalidator.ValueStringsAre(stringvalidator.RegexMatches(oidcScopePattern,
			`must be an OAuth scope: printable ASCII without spaces, '"' or '\'`))},
	}
	return attrs
}

// oidcSecondsAttribute is an OIDC duration: seconds, held by the API as a uint32.
func oidcSecondsAttribute(what string) schema.Int64Attribute {
	return schema.Int64Attribute{
		Description: fmt.Sprintf("%s, from 0 to %d. `0` (the default) means ngrok's default.", what, uint64(maxOIDCSeconds)),
		Optional:    true,
		Computed:    true,
		Default:     int64default.StaticInt64(0),
		Validators:  []validator.Int64{int64validator.Between(0, maxOIDCSeconds)},
	}
}
