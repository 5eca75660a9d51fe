package provider

import (
	"math"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// maxOIDCSeconds bounds the OIDC durations, which the API holds as uint32 seconds.
const maxOIDCSeconds = math.MaxUint32

type httpsEdgeRouteOIDCModel struct {
	ID                    types.String `tfsdk:"id"`
	EdgeID                types.String `tfsdk:"edge_id"`
	RouteID               types.String `tfsdk:"route_id"`
	Enabled               types.Bool   `tfsdk:"enabled"`
	OptionsPassthrough    types.Bool   `tfsdk:"options_passthrough"`
	CookiePrefix          types.String `tfsdk:"cookie_prefix"`
	InactivityTimeout     types.Int64  `tfsdk:"inactivity_timeout"`
	MaximumDuration       types.Int64  `tfsdk:"maximum_duration"`
	Issuer                types.String `tfsdk:"issuer"`
	ClientID              types.String `tfsdk:"client_id"`
	ClientSecret          types.String `tfsdk:"client_secret"`
	ClientSecretWO        types.String `tfsdk:"client_secret_wo"`
	ClientSecretWOVersion types.Int64  `tfsdk:"client_secret_wo_version"`
	Scopes                types.Set    `tfsdk:"scopes"`
}

// httpsEdgeRouteOIDCDataModel is the data source's view: everything but the
// client secret.
type httpsEdgeRouteOIDCDataModel struct {
	ID                 types.String `tfsdk:"id"`
	EdgeID             types.String `tfsdk:"edge_id"`
	RouteID            types.String `tfsdk:"route_id"`
	Enabled            types.Bool   `tfsdk:"enabled"`
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
// client_secret_wo then calls withWriteOnlySecret, so that the secret never
// reaches its state.
func httpsEdgeRouteOIDCModelFromAPI(edgeID, routeID string, m *apiclient.HTTPSEdgeRouteOIDC) (httpsEdgeRouteOIDCModel, diag.Diagnostics) {
	scopes, diags := moduleStringSet(m.Scopes)
	return httpsEdgeRouteOIDCModel{
		ID:                    types.StringValue(edgeRouteModuleID(edgeID, routeID)),
		EdgeID:                types.StringValue(edgeID),
		RouteID:               types.StringValue(routeID),
		Enabled:               types.BoolValue(m.Enabled),
		OptionsPassthrough:    types.BoolValue(m.OptionsPassthrough),
		CookiePrefix:          types.StringValue(m.CookiePrefix),
		InactivityTimeout:     types.Int64Value(int64(m.InactivityTimeout)),
		MaximumDuration:       types.Int64Value(int64(m.MaximumDuration)),
		Issuer:                types.StringValue(m.Issuer),
		ClientID:              types.StringValue(m.ClientID),
		ClientSecret:          types.StringValue(m.ClientSecret),
		ClientSecretWO:        types.StringNull(),
		ClientSecretWOVersion: types.Int64Null(),
		Scopes:                scopes,
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

func (m httpsEdgeRouteOIDCModel) dataModel() httpsEdgeRouteOIDCDataModel {
	return httpsEdgeRouteOIDCDataModel{
		ID:                 m.ID,
		EdgeID:             m.EdgeID,
		RouteID:            m.RouteID,
		Enabled:            m.Enabled,
		OptionsPassthrough: m.OptionsPassthrough,
		CookiePrefix:       m.CookiePrefix,
		InactivityTimeout:  m.InactivityTimeout,
		MaximumDuration:    m.MaximumDuration,
		Issuer:             m.Issuer,
		ClientID:           m.ClientID,
		Scopes:             m.Scopes,
	}
}

// moduleStringSet is a set of strings that is empty, never null, for a nil slice:
// the API returns [] for an empty list.
func moduleStringSet(values []string) (types.Set, diag.Diagnostics) {
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
