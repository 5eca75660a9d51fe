package provider

import (
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

type httpsEdgeRouteBackendModel struct {
	edgeRouteModuleBase
	BackendID types.String `tfsdk:"backend_id"`
}

// httpsEdgeRouteBackendModelFromAPI keeps the ID of the backend reference:
// the body of a replace names the backend by ID.
func httpsEdgeRouteBackendModelFromAPI(edgeID, routeID string, m *apiclient.HTTPSEdgeRouteBackend) (httpsEdgeRouteBackendModel, diag.Diagnostics) {
	return httpsEdgeRouteBackendModel{
		edgeRouteModuleBase: newEdgeRouteModuleBase(edgeID, routeID, m.Enabled),
		BackendID:           types.StringValue(m.Backend.ID),
	}, nil
}

func (m httpsEdgeRouteBackendModel) toReplace() *apiclient.HTTPSEdgeRouteBackendReplace {
	return &apiclient.HTTPSEdgeRouteBackendReplace{
		Enabled:   m.Enabled.ValueBoolPointer(),
		BackendID: m.BackendID.ValueString(),
	}
}
