package provider

import (
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

type httpsEdgeRouteBackendModel struct {
	ID        types.String `tfsdk:"id"`
	EdgeID    types.String `tfsdk:"edge_id"`
	RouteID   types.String `tfsdk:"route_id"`
	Enabled   types.Bool   `tfsdk:"enabled"`
	BackendID types.String `tfsdk:"backend_id"`
}

func httpsEdgeRouteBackendModelFromAPI(edgeID, routeID string, m *apiclient.HTTPSEdgeRouteBackend) httpsEdgeRouteBackendModel {
	return httpsEdgeRouteBackendModel{
		ID:        types.StringValue(edgeRouteModuleID(edgeID, routeID)),
		EdgeID:    types.StringValue(edgeID),
		RouteID:   types.StringValue(routeID),
		Enabled:   types.BoolValue(m.Enabled),
		BackendID: types.StringValue(m.Backend.ID),
	}
}

func (m httpsEdgeRouteBackendModel) toReplace() *apiclient.HTTPSEdgeRouteBackendReplace {
	return &apiclient.HTTPSEdgeRouteBackendReplace{
		Enabled:   m.Enabled.ValueBoolPointer(),
		BackendID: m.BackendID.ValueString(),
	}
}
