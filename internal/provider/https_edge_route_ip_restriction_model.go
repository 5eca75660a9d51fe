package provider

import (
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

type httpsEdgeRouteIPRestrictionModel struct {
	ID          types.String `tfsdk:"id"`
	EdgeID      types.String `tfsdk:"edge_id"`
	RouteID     types.String `tfsdk:"route_id"`
	Enabled     types.Bool   `tfsdk:"enabled"`
	IPPolicyIDs types.Set    `tfsdk:"ip_policy_ids"`
}

// httpsEdgeRouteIPRestrictionModelFromAPI keeps the IDs of the ip_policies
// references: the body of a replace names policies by ID.
func httpsEdgeRouteIPRestrictionModelFromAPI(edgeID, routeID string, m *apiclient.HTTPSEdgeRouteIPRestriction) (httpsEdgeRouteIPRestrictionModel, diag.Diagnostics) {
	ids := make([]string, len(m.IPPolicies))
	for i, p := range m.IPPolicies {
		ids[i] = p.ID
	}
	set, diags := moduleStringSet(ids)
	return httpsEdgeRouteIPRestrictionModel{
		ID:          types.StringValue(edgeRouteModuleID(edgeID, routeID)),
		EdgeID:      types.StringValue(edgeID),
		RouteID:     types.StringValue(routeID),
		Enabled:     types.BoolValue(m.Enabled),
		IPPolicyIDs: set,
	}, diags
}

func (m httpsEdgeRouteIPRestrictionModel) toReplace() *apiclient.HTTPSEdgeRouteIPRestrictionReplace {
	return &apiclient.HTTPSEdgeRouteIPRestrictionReplace{
		Enabled:     m.Enabled.ValueBoolPointer(),
		IPPolicyIDs: moduleSetStrings(m.IPPolicyIDs),
	}
}
