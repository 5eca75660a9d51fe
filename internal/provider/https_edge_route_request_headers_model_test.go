package provider

import (
	"maps"
	"slices"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

func TestHTTPSEdgeRouteRequestHeadersModel(t *testing.T) {
	t.Parallel()
	m, diags := httpsEdgeRouteRequestHeadersModelFromAPI("edghts_a", "edghtsrt_b", &apiclient.HTTPSEdgeRouteRequestHeaders{
		Enabled: true, Add: map[string]string{"X-Team": "a", "x-empty": ""}, Remove: []string{"Cookie"},
	})
	if diags.HasError() {
		t.Fatal(diags)
	}
	wantAdd := types.MapValueMust(types.StringType, map[string]attr.Value{"X-Team": stringValue("a"), "x-empty": stringValue("")})
	if !m.Add.Equal(wantAdd) || !m.Remove.Equal(mustStringSet(t, "Cookie")) || !m.Enabled.ValueBool() {
		t.Errorf("fromAPI = %+v", m)
	}
	r := m.toReplace()
	if !maps.Equal(r.Add, map[string]string{"X-Team": "a", "x-empty": ""}) || !slices.Equal(r.Remove, []string{"Cookie"}) {
		t.Errorf("toReplace = %+v", r)
	}

	// Empty collections from the API are empty, not null, as the schema's defaults.
	empty, _ := httpsEdgeRouteRequestHeadersModelFromAPI("e", "r", &apiclient.HTTPSEdgeRouteRequestHeaders{})
	if empty.Add.IsNull() || empty.Remove.IsNull() {
		t.Errorf("empty module = %+v, want empty collections", empty)
	}
	// Empty collections are left out of the body: the replace resets them anyway.
	if r := empty.toReplace(); len(r.Add) != 0 || len(r.Remove) != 0 {
		t.Errorf("empty toReplace = %+v", r)
	}
}
