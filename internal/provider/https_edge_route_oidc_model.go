package provider

import (
	"context"
	"math"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// maxOIDCSeconds bounds the OIDC durations, which the API holds as uint32 seconds.
const maxOIDCSeconds = math.MaxUint32

type httpsEdgeRouteOIDCModel struct {
	httpsEdgeRouteOIDCDataModel
	ClientSecret          types.String `tfsdk:"client_secret"`
	ClientSecretWO        types.String `tfsdk:"client_secret_wo"`
	ClientSecretWOVersion types.Int64  `tfsdk:"client_secret_wo_version"`
}

// httpsEdgeRouteOIDCDataModel is the data source's view: everything but the
// client secret.
type httpsEdgeRouteOIDCDataModel struct {
	edgeRouteModuleBase
	OptionsPassthrough types.Bool   `tfsdk:"options_passthrough"`
	CookiePrefix       types.String `tfsdk:"cookie_prefix"`
	InactivityTimeout  types.Int64  `tfsdk:"inactivity_timeout"`
	MaximumDuration    types.Int64  `tfsdk:"maximum_duration"`
	Issuer             types.String `tfsdk:"issuer"`
	ClientID           types.String `tfsdk:"client_id"`
	Scopes             types.Set    `tfsdk:"scopes"`
}

// httpsEdgeRouteOIDCModelFromAPI maps the module onto the model, with the
// client secret as the API returns it. A resource whose configuration uses
// client_secret_wo then drops it (keepWriteOnlySecret), so that the secret
// never reaches its state.
func httpsEdgeRouteOIDCModelFromAPI(edgeID, routeID string, m *apiclient.HTTPSEdgeRouteOIDC) (httpsEdgeRouteOIDCModel, diag.Diagnostics) {
	scopes, diags := moduleStringSet(m.Scopes)
	return httpsEdgeRouteOIDCModel{
		httpsEdgeRouteOIDCDataModel: httpsEdgeRouteOIDCDataModel{
			edgeRouteModuleBase: newEdgeRouteModuleBase(edgeID, routeID, m.Enabled),
			OptionsPassthrough:  types.BoolValue(m.OptionsPassthrough),
			CookiePrefix:        types.StringValue(m.CookiePrefix),
			InactivityTimeout:   types.Int64Value(int64(m.InactivityTimeout)),
			MaximumDuration:     types.Int64Value(int64(m.MaximumDuration)),
			Issuer:              types.StringValue(m.Issuer),
			ClientID:            types.StringValue(m.ClientID),
			Scopes:              scopes,
		},
		ClientSecret:          types.StringValue(m.ClientSecret),
		ClientSecretWO:        types.StringNull(),
		ClientSecretWOVersion: types.Int64Null(),
	}, diags
}

// usesWriteOnlySecret reports whether the secret is managed through
// client_secret_wo, which a configuration must pair with
// client_secret_wo_version: so a version in the state marks that mode.
func (m httpsEdgeRouteOIDCModel) usesWriteOnlySecret() bool {
	return !m.ClientSecretWOVersion.IsNull()
}

// withWriteOnlySecret drops the secret the API returned and keeps the
// version, which only the configuration knows.
func (m httpsEdgeRouteOIDCModel) withWriteOnlySecret(version types.Int64) httpsEdgeRouteOIDCModel {
	m.ClientSecret = types.StringNull()
	m.ClientSecretWO = types.StringNull()
	m.ClientSecretWOVersion = version
	return m
}

// keepWriteOnlySecret is the model to store after reading read from the
// API: when known (the plan, or the prior state) manages the secret through
// client_secret_wo, the secret the API returned is dropped and the version,
// which only the configuration knows, is kept.
func keepWriteOnlySecret(known, read httpsEdgeRouteOIDCModel) httpsEdgeRouteOIDCModel {
	if known.usesWriteOnlySecret() {
		return read.withWriteOnlySecret(known.ClientSecretWOVersion)
	}
	return read
}

// toReplace is the PUT body. secret is client_secret, or client_secret_wo
// read from the configuration: a replace must always carry the secret.
func (m httpsEdgeRouteOIDCModel) toReplace(secret string) *apiclient.HTTPSEdgeRouteOIDCReplace {
	return &apiclient.HTTPSEdgeRouteOIDCReplace{
		Enabled:            m.Enabled.ValueBoolPointer(),
		OptionsPassthrough: m.OptionsPassthrough.ValueBool(),
		CookiePrefix:       m.CookiePrefix.ValueString(),
		InactivityTimeout:  uint32(min(max(m.InactivityTimeout.ValueInt64(), 0), maxOIDCSeconds)),
		MaximumDuration:    uint32(min(max(m.MaximumDuration.ValueInt64(), 0), maxOIDCSeconds)),
		Issuer:             m.Issuer.ValueString(),
		ClientID:           m.ClientID.ValueString(),
		ClientSecret:       secret,
		Scopes:             moduleSetStrings(m.Scopes),
	}
}

// replaceBody is toReplace with the secret taken where the plan says it is:
// client_secret, or, being write-only and so never in a plan,
// client_secret_wo in the configuration.
func (m httpsEdgeRouteOIDCModel) replaceBody(ctx context.Context, config tfsdk.Config) (*apiclient.HTTPSEdgeRouteOIDCReplace, diag.Diagnostics) {
	var diags diag.Diagnostics
	secret, from := m.ClientSecret, path.Root("client_secret")
	if m.usesWriteOnlySecret() {
		from = path.Root("client_secret_wo")
		diags.Append(config.GetAttribute(ctx, from, &secret)...)
		if diags.HasError() {
			return nil, diags
		}
	}
	if secret.IsNull() || secret.IsUnknown() || secret.ValueString() == "" {
		diags.AddAttributeError(from, "Missing OIDC Client Secret",
			"Neither client_secret nor client_secret_wo has a value at apply time, and the API requires the secret "+
				"on every change of the OIDC module. Set exactly one of them (client_secret_wo with client_secret_wo_version).")
		return nil, diags
	}
	return m.toReplace(secret.ValueString()), diags
}

// moduleStringSet is a set of strings that is empty, never null, for a nil slice:
// the API returns [] for an empty list. A value the API lists twice is one
// element: a set cannot hold it twice.
func moduleStringSet(values []string) (types.Set, diag.Diagnostics) {
	values = slices.Compact(slices.Sorted(slices.Values(values)))
	elems := make([]attr.Value, len(values))
	for i, v := range values {
		elems[i] = types.StringValue(v)
	}
	return types.SetValue(types.StringType, elems)
}

// moduleSetStrings returns the known string elements of a set, sorted so that a
// request body does not depend on the set's order. Null or unknown gives nil.
func moduleSetStrings(s types.Set) []string {
	if s.IsNull() || s.IsUnknown() {
		return nil
	}
	out := make([]string, 0, len(s.Elements()))
	for _, e := range s.Elements() {
		if v, ok := e.(types.String); ok && !v.IsNull() && !v.IsUnknown() {
			out = append(out, v.ValueString())
		}
	}
	slices.Sort(out)
	return out
}
