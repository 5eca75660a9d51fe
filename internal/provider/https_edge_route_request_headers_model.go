package provider

import (
	"maps"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

type httpsEdgeRouteRequestHeadersModel struct {
	edgeRouteModuleBase
	Add    types.Map `tfsdk:"add"`
	Remove types.Set `tfsdk:"remove"`
}

// httpsEdgeRouteRequestHeadersModelFromAPI keeps header names as the API
// spells them; the resource's plan modifiers make a difference of case alone
// no change.
func httpsEdgeRouteRequestHeadersModelFromAPI(edgeID, routeID string, m *apiclient.HTTPSEdgeRouteRequestHeaders) (httpsEdgeRouteRequestHeadersModel, diag.Diagnostics) {
	add := make(map[string]attr.Value, len(m.Add))
	for k, v := range m.Add {
		add[k] = types.StringValue(v)
	}
	addMap, diags := types.MapValue(types.StringType, add)
	remove, d := moduleStringSet(m.Remove)
	diags.Append(d...)
	return httpsEdgeRouteRequestHeadersModel{
		edgeRouteModuleBase: newEdgeRouteModuleBase(edgeID, routeID, m.Enabled),
		Add:                 addMap,
		Remove:              remove,
	}, diags
}

func (m httpsEdgeRouteRequestHeadersModel) toReplace() *apiclient.HTTPSEdgeRouteRequestHeadersReplace {
	return &apiclient.HTTPSEdgeRouteRequestHeadersReplace{
		Enabled: m.Enabled.ValueBoolPointer(),
		Add:     moduleMapStrings(m.Add),
		Remove:  moduleSetStrings(m.Remove),
	}
}

// moduleMapStrings returns the known string values of a map; null or unknown
// gives nil.
func moduleMapStrings(m types.Map) map[string]string {
	if m.IsNull() || m.IsUnknown() {
		return nil
	}
	out := make(map[string]string, len(m.Elements()))
	for k, e := range maps.All(m.Elements()) {
		if v, ok := e.(types.String); ok && !v.IsNull() && !v.IsUnknown() {
			out[k] = v.ValueString()
		}
	}
	return out
}
