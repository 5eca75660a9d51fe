package provider

import (
	"context"
	"encoding/json"
	"math/big"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/function"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/tfedge/terraform-provider-ngrok/internal/trafficpolicy"
)

// runTrafficPolicy runs the function on one argument.
func runTrafficPolicy(t *testing.T, arg attr.Value) *function.RunResponse {
	t.Helper()
	resp := &function.RunResponse{Result: function.NewResultData(types.StringUnknown())}
	(&trafficPolicyFunction{}).Run(context.Background(), function.RunRequest{
		Arguments: function.NewArgumentsData([]attr.Value{types.DynamicValue(arg)}),
	}, resp)
	return resp
}

func TestTrafficPolicyFunction(t *testing.T) {
	t.Parallel()
	str := types.StringValue
	obj := func(m map[string]attr.Value) attr.Value {
		ts := map[string]attr.Type{}
		for k, v := range m {
			ts[k] = v.Type(context.Background())
		}
		return types.ObjectValueMust(ts, m)
	}
	tuple := func(vs ...attr.Value) attr.Value {
		ts := make([]attr.Type, len(vs))
		for i, v := range vs {
			ts[i] = v.Type(context.Background())
		}
		return types.TupleValueMust(ts, vs)
	}
	policy := func(action attr.Value) attr.Value {
		return obj(map[string]attr.Value{"on_http_request": tuple(obj(map[string]attr.Value{"actions": tuple(action)}))})
	}
	restrict := func(id attr.Value) attr.Value {
		return obj(map[string]attr.Value{"type": str("restrict-ips"), "config": obj(map[string]attr.Value{"ip_policies": tuple(id)})})
	}
	deny := obj(map[string]attr.Value{"type": str("deny"), "config": obj(map[string]attr.Value{"status_code": types.NumberValue(big.NewFloat(404))})})
	tests := []struct {
		name    string
		arg     attr.Value
		want    string // "" for unknown
		wantErr string
	}{
		{name: "known", arg: policy(deny), want: `{"on_http_request":[{"actions":[{"config":{"status_code":404},"type":"deny"}]}]}`},
		{name: "an unknown id", arg: policy(restrict(types.StringUnknown()))},
		{name: "a known id", arg: policy(restrict(str("ipp_1"))), want: `{"on_http_request":[{"actions":[{"config":{"ip_policies":["ipp_1"]},"type":"restrict-ips"}]}]}`},
		{name: "an unknown id and a typo", arg: obj(map[string]attr.Value{"on_http_request": tuple(obj(map[string]attr.Value{"actions": tuple(
			restrict(types.StringUnknown()),
			obj(map[string]attr.Value{"type": str("forward_internal"), "config": obj(map[string]attr.Value{"url": types.StringUnknown()})}),
		)}))}), wantErr: `action[1] (type "forward_internal"): unknown action type; did you mean "forward-internal"?`},
		{name: "a known id that is not one", arg: policy(restrict(str("office"))), wantErr: `"office" is not an IP policy ID`},
		{name: "text", arg: str(`on_http_request: [{actions: [{type: deny}]}]`), want: `{"on_http_request":[{"actions":[{"type":"deny"}]}]}`},
		{name: "text with a mistake", arg: str(`on_http_request: [{actions: [{type: deny, config: {status_code: 99}}]}]`), wantErr: "99 is not an HTTP status code"},
		{name: "wholly unknown", arg: types.StringUnknown()},
		{name: "null", arg: types.StringNull(), wantErr: "the traffic policy is null"},
	}
	for _, tc := range tests {
		resp := runTrafficPolicy(t, tc.arg)
		switch {
		case tc.wantErr != "":
			if resp.Error == nil || !strings.Contains(resp.Error.Text, tc.wantErr) {
				t.Errorf("%s: error %v, want it to contain %q", tc.name, resp.Error, tc.wantErr)
			}
			continue
		case resp.Error != nil:
			t.Errorf("%s: %s", tc.name, resp.Error.Text)
			continue
		}
		got, ok := resp.Result.Value().(types.String)
		if !ok {
			t.Fatalf("%s: result %T", tc.name, resp.Result.Value())
		}
		if tc.want == "" {
			if !got.IsUnknown() {
				t.Errorf("%s: %s, want unknown", tc.name, got)
			}
			continue
		}
		if got.ValueString() != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.name, got.ValueString(), tc.want)
		}
	}
}

// TestPolicyFromTerraform: unknown parts become placeholders, known ones
// the checker's values.
func TestPolicyFromTerraform(t *testing.T) {
	t.Parallel()
	v := tftypes.NewValue(tftypes.Object{AttributeTypes: map[string]tftypes.Type{
		"a": tftypes.List{ElementType: tftypes.Number}, "b": tftypes.String, "c": tftypes.Bool,
	}}, map[string]tftypes.Value{
		"a": tftypes.NewValue(tftypes.List{ElementType: tftypes.Number}, []tftypes.Value{tftypes.NewValue(tftypes.Number, big.NewFloat(0.5))}),
		"b": tftypes.NewValue(tftypes.String, tftypes.UnknownValue),
		"c": tftypes.NewValue(tftypes.Bool, true),
	})
	doc, known, err := policyFromTerraform(v)
	if err != nil || known {
		t.Fatalf("known %v, err %v", known, err)
	}
	m, _ := doc.(map[string]any)
	a, _ := m["a"].([]any)
	if len(a) != 1 || a[0] != json.Number("0.5") || m["b"] != (trafficpolicy.Unknown{}) || m["c"] != true {
		t.Errorf("doc = %#v", doc)
	}
}

// A policy that holds an IP policy's id, unknown until the IP policy is
// created, and a typo fails the plan before anything is created; without
// the typo it applies.
func TestAccTrafficPolicyFunction_unknownIDAndATypo(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	config := func(typ string) string {
		return mock.config(`
resource "ngrok_ip_policy" "office" {}

resource "ngrok_cloud_endpoint" "app" {
  url = "https://gate.internal"
  traffic_policy = provider::ngrok::traffic_policy({
    on_http_request = [{
      actions = [
        { type = "restrict-ips", config = { ip_policies = [ngrok_ip_policy.office.id] } },
        { type = "` + typ + `", config = { url = "https://app.internal" } },
      ]
    }]
  })
}
`)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config:      config("forward_internal"),
				ExpectError: regexp.MustCompile(`(?s)unknown\s+action\s+type;\s+did\s+you\s+mean\s+"forward-internal"\?`),
			},
			{
				PreConfig: func() {
					if n := countObjects(t, mock, "/ip_policies", "ip_policies"); n != 0 {
						t.Errorf("%d IP policies were created before the typo was reported", n)
					}
				},
				Config: config("forward-internal"),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("ngrok_cloud_endpoint.app", tfjsonpath.New("traffic_policy"),
						knownvalue.StringRegexp(regexp.MustCompile(`^\{"on_http_request":\[\{"actions":\[\{"config":\{"ip_policies":\["ipp_\w+"\]\},"type":"restrict-ips"\},`))),
				},
			},
		},
	})
}

// countObjects is the number of objects a list of the mock answers.
func countObjects(t *testing.T, mock *testMock, path, property string) int {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, mock.url+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+testAPIKey)
	req.Header.Set("Ngrok-Version", "2")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = resp.Body.Close() }()
	var page map[string]json.RawMessage
	if err := json.NewDecoder(resp.Body).Decode(&page); err != nil {
		t.Fatal(err)
	}
	var list []any
	if err := json.Unmarshal(page[property], &list); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return len(list)
}
