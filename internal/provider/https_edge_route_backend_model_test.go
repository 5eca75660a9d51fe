package provider

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

func TestHTTPSEdgeRouteBackendModel(t *testing.T) {
	t.Parallel()
	m, diags := httpsEdgeRouteBackendModelFromAPI("edghts_a", "edghtsrt_b", &apiclient.HTTPSEdgeRouteBackend{
		Enabled: true, Backend: apiclient.Ref{ID: "bkdtg_c", URI: "https://api.example.com/backends/tunnel_group/bkdtg_c"},
	})
	want := httpsEdgeRouteBackendModel{
		edgeRouteModuleBase: edgeRouteModuleBase{ID: stringValue("edghts_a/edghtsrt_b"), EdgeID: stringValue("edghts_a"),
			RouteID: stringValue("edghtsrt_b"), Enabled: types.BoolValue(true)},
		BackendID: stringValue("bkdtg_c"),
	}
	if diags.HasError() || m != want {
		t.Errorf("fromAPI = %+v, want %+v", m, want)
	}
	r := m.toReplace()
	if r.Enabled == nil || !*r.Enabled || r.BackendID != "bkdtg_c" {
		t.Errorf("toReplace = %+v", r)
	}
}
