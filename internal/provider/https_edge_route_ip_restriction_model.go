package provider

import (
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

type httpsEdgeRouteIPRestrictionModel struct {
	edgeRouteModuleBase
	IPPolicyIDs types.Set `tfsdk:"ip_policy_ids"`
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
		edgeRouteModuleBase: newEdgeRouteModuleBase(edgeID, routeID, m.Enabled),
		IPPolicyIDs:         set,
	}, diags
}

func (m httpsEdgeRouteIPRestrictionModel) toReplace() *apiclient.HTTPSEdgeRouteIPRestrictionReplace {
	return &apiclient.HTTPSEdgeRouteIPRestrictionReplace{
		Enabled:     m.Enabled.ValueBoolPointer(),
		IPPolicyIDs: moduleSetStrings(m.IPPolicyIDs),
	}
}
