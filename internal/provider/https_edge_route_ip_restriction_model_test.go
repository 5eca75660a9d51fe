package provider

import (
	"slices"
	"testing"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

func TestHTTPSEdgeRouteIPRestrictionModel(t *testing.T) {
	t.Parallel()
	m, diags := httpsEdgeRouteIPRestrictionModelFromAPI("edghts_a", "edghtsrt_b", &apiclient.HTTPSEdgeRouteIPRestriction{
		Enabled: false, IPPolicies: []apiclient.Ref{{ID: "ipp_2", URI: "u2"}, {ID: "ipp_1", URI: "u1"}},
	})
	if diags.HasError() {
		t.Fatal(diags)
	}
	if m.Enabled.ValueBool() || !m.IPPolicyIDs.Equal(mustStringSet(t, "ipp_1", "ipp_2")) || m.ID.ValueString() != "edghts_a/edghtsrt_b" {
		t.Errorf("fromAPI = %+v", m)
	}
	r := m.toReplace()
	if r.Enabled == nil || *r.Enabled || !slices.Equal(r.IPPolicyIDs, []string{"ipp_1", "ipp_2"}) {
		t.Errorf("toReplace = %+v", r)
	}
}
