package provider

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

const testRequestHeadersResource = "ngrok_https_edge_route_request_headers.test"

func testAccRequestHeadersConfig(edgeID, routeID string, attrs ...string) string {
	return moduleConfig("resource", "ngrok_https_edge_route_request_headers", edgeID, routeID, attrs...)
}

func TestAccHTTPSEdgeRouteRequestHeaders_basic(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	f := seedEdgeRoutes(t, mock)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: mock.config(testAccRequestHeadersConfig(f.edge, f.route,
					`add    = { "X-Team" = "platform", "X-Empty" = "" }`, `remove = ["Cookie", "X-Debug"]`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testRequestHeadersResource, plancheck.ResourceActionCreate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(testRequestHeadersResource, tfjsonpath.New("id"), knownvalue.StringExact(f.edge+"/"+f.route)),
					statecheck.ExpectKnownValue(testRequestHeadersResource, tfjsonpath.New("enabled"), knownvalue.Bool(true)),
					statecheck.ExpectKnownValue(testRequestHeadersResource, tfjsonpath.New("add"), knownvalue.MapExact(map[string]knownvalue.Check{
						"X-Team": knownvalue.StringExact("platform"), "X-Empty": knownvalue.StringExact(""),
					})),
					statecheck.ExpectKnownValue(testRequestHeadersResource, tfjsonpath.New("remove"), knownvalue.SetExact([]knownvalue.Check{
						knownvalue.StringExact("Cookie"), knownvalue.StringExact("X-Debug"),
					})),
				},
			},
			{
				ResourceName:      testRequestHeadersResource,
				ImportState:       true,
				ImportStateVerify: true,
			},
			{
				// The configuration that plan -generate-config-out writes imports with no change.
				ResourceName:    testRequestHeadersResource,
				ImportState:     true,
				ImportStateKind: resource.ImportBlockWithID,
				GenerateConfig:  true,
			},
		},
	})
}

func TestAccHTTPSEdgeRouteRequestHeaders_defaults(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	f := seedEdgeRoutes(t, mock)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(testAccRequestHeadersConfig(f.edge, f.route)),
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
			},
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(testRequestHeadersResource, tfjsonpath.New("add"), knownvalue.MapExact(map[string]knownvalue.Check{})),
				statecheck.ExpectKnownValue(testRequestHeadersResource, tfjsonpath.New("remove"), knownvalue.SetExact([]knownvalue.Check{})),
				expectSentModule(mock, f.edge, f.route, mockserver.ModuleRequestHeaders, func(body map[string]any) error {
					if len(body) != 1 || body["enabled"] != true {
						return fmt.Errorf("sent %v, want only enabled", body)
					}
					return nil
				}),
			},
		}},
	})
}

// Header names differing only in case are the same header: no diff, whether
// the configuration or the API changed the case.
func TestAccHTTPSEdgeRouteRequestHeaders_caseInsensitive(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	f := seedEdgeRoutes(t, mock)
	sameID := statecheck.CompareValue(compare.ValuesSame())
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: mock.config(testAccRequestHeadersConfig(f.edge, f.route,
					`add    = { "X-Team" = "platform" }`, `remove = ["Cookie", "X-Debug"]`)),
				ConfigStateChecks: []statecheck.StateCheck{sameID.AddStateValue(testRequestHeadersResource, tfjsonpath.New("id"))},
			},
			{
				Config: mock.config(testAccRequestHeadersConfig(f.edge, f.route,
					`add    = { "x-team" = "platform" }`, `remove = ["COOKIE", "x-debug"]`)),
				PlanOnly: true,
			},
			{
				// Respelled outside Terraform: the refresh reads the new case, still no diff.
				PreConfig: func() {
					_, err := mock.client.ReplaceHTTPSEdgeRouteRequestHeaders(context.Background(), f.edge, f.route,
						&apiclient.HTTPSEdgeRouteRequestHeadersReplace{
							Add: map[string]string{"X-TEAM": "platform"}, Remove: []string{"cookie", "X-DEBUG"},
						})
					if err != nil {
						t.Fatal(err)
					}
				},
				Config: mock.config(testAccRequestHeadersConfig(f.edge, f.route,
					`add    = { "X-Team" = "platform" }`, `remove = ["Cookie", "X-Debug"]`)),
				PlanOnly: true,
			},
			{
				// A change of value is a change, even when the name's case changes too.
				Config: mock.config(testAccRequestHeadersConfig(f.edge, f.route,
					`add    = { "x-team" = "infra" }`, `remove = ["Cookie", "X-Debug"]`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testRequestHeadersResource, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testRequestHeadersResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testRequestHeadersResource, tfjsonpath.New("add"), knownvalue.MapExact(map[string]knownvalue.Check{
						"x-team": knownvalue.StringExact("infra"),
					})),
					expectSentModule(mock, f.edge, f.route, mockserver.ModuleRequestHeaders, func(body map[string]any) error {
						add, _ := body["add"].(map[string]any)
						remove, _ := body["remove"].([]any)
						if !maps.Equal(add, map[string]any{"x-team": "infra"}) || len(remove) != 2 {
							return fmt.Errorf("sent %v", body)
						}
						return nil
					}),
				},
			},
			{
				// Adding a header is a change although the others differ only in case.
				Config: mock.config(testAccRequestHeadersConfig(f.edge, f.route,
					`add    = { "x-team" = "infra" }`, `remove = ["cookie", "x-debug", "X-Trace"]`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testRequestHeadersResource, plancheck.ResourceActionUpdate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					expectSentModule(mock, f.edge, f.route, mockserver.ModuleRequestHeaders, func(body map[string]any) error {
						remove, _ := body["remove"].([]any)
						if !slices.Equal(remove, []any{"X-Trace", "cookie", "x-debug"}) {
							return fmt.Errorf("sent remove %v", body["remove"])
						}
						return nil
					}),
				},
			},
		},
	})
}

func TestAccHTTPSEdgeRouteRequestHeaders_updateInPlace(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	f := seedEdgeRoutes(t, mock)
	sameID := statecheck.CompareValue(compare.ValuesSame())
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: mock.config(testAccRequestHeadersConfig(f.edge, f.route,
					`add    = { "X-Team" = "platform" }`, `remove = ["Cookie"]`)),
				ConfigStateChecks: []statecheck.StateCheck{sameID.AddStateValue(testRequestHeadersResource, tfjsonpath.New("id"))},
			},
			{
				// Removing both attributes empties them in the API, and disabling is in place.
				Config: mock.config(testAccRequestHeadersConfig(f.edge, f.route, "enabled = false")),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testRequestHeadersResource, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testRequestHeadersResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testRequestHeadersResource, tfjsonpath.New("enabled"), knownvalue.Bool(false)),
					stateCheckFunc(func(ctx context.Context, _ func(string) (string, error)) error {
						m, err := mock.client.GetHTTPSEdgeRouteRequestHeaders(ctx, f.edge, f.route)
						if err != nil {
							return err
						}
						if m.Enabled || len(m.Add) != 0 || len(m.Remove) != 0 {
							return fmt.Errorf("API holds %+v", m)
						}
						return nil
					}),
				},
			},
		},
	})
}

func TestAccHTTPSEdgeRouteRequestHeaders_invalidConfig(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	f := seedEdgeRoutes(t, mock)
	for name, tc := range map[string]struct {
		attrs []string
		want  string
	}{
		"name with a space":           {[]string{`add = { "X Team" = "a" }`}, `(?s)Invalid HTTP Header Name.*"X Team"`},
		"name with a colon":           {[]string{`remove = ["X-Team:"]`}, `(?s)Invalid HTTP Header Name.*"X-Team:"`},
		"empty name":                  {[]string{`remove = [""]`}, `(?s)Invalid HTTP Header Name`},
		"non-ASCII name":              {[]string{`add = { "X-Équipe" = "a" }`}, `(?s)Invalid HTTP Header Name`},
		"added twice ignoring case":   {[]string{`add = { "X-Team" = "a", "x-team" = "b" }`}, `(?s)Duplicate HTTP Header Name.*"X-Team"\s+and\s+"x-team"`},
		"removed twice ignoring case": {[]string{`remove = ["Cookie", "COOKIE"]`}, `(?s)Duplicate HTTP Header Name.*"COOKIE"\s+and\s+"Cookie"`},
		"value with a line break":     {[]string{`add = { "X-A" = "a\r\nX-B: b" }`}, `(?s)add.*must\s+not\s+contain\s+a\s+line\s+break`},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			testAccExpectPlanError(t, mock.config(testAccRequestHeadersConfig(f.edge, f.route, tc.attrs...)), tc.want)
		})
	}
}

func TestHeaderNamesEqualFold(t *testing.T) {
	t.Parallel()
	planned := types.MapValueMust(types.StringType, map[string]attr.Value{"x-team": stringValue("a"), "X-ENV": stringValue("prod")})
	for _, tc := range []struct {
		state map[string]string
		want  bool
	}{
		{map[string]string{"X-Team": "a", "X-Env": "prod"}, true},
		{map[string]string{"X-Team": "A", "X-Env": "prod"}, false}, // values are case-sensitive
		{map[string]string{"X-Team": "a"}, false},
		{map[string]string{"X-Team": "a", "X-Env": "prod", "X-More": ""}, false},
		{map[string]string{"X-Team": "a", "X-Other": "prod"}, false},
	} {
		if got := headerMapsEqualFold(tc.state, planned); got != tc.want {
			t.Errorf("headerMapsEqualFold(%v, %v) = %v, want %v", tc.state, planned, got, tc.want)
		}
	}
	unknownValue := types.MapValueMust(types.StringType, map[string]attr.Value{"X-Team": types.StringUnknown()})
	if headerMapsEqualFold(map[string]string{"X-Team": "a"}, unknownValue) {
		t.Error("an unknown value must count as a change")
	}

	set := mustStringSet(t, "cookie", "X-DEBUG")
	for _, tc := range []struct {
		state []string
		want  bool
	}{
		{[]string{"Cookie", "X-Debug"}, true},
		{[]string{"Cookie"}, false},
		{[]string{"Cookie", "X-Trace"}, false},
		{[]string{"Cookie", "X-Debug", "X-Trace"}, false},
	} {
		if got := headerSetsEqualFold(tc.state, set); got != tc.want {
			t.Errorf("headerSetsEqualFold(%v, %v) = %v, want %v", tc.state, set, got, tc.want)
		}
	}
}
