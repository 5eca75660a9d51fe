package provider

import (
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

// The data sources read a read-only account's edges with their routes and
// modules, without the OIDC client secret.
func TestAccHTTPSEdgeDataSources(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	s := mock.server
	must := func(id string, err error) string {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	backend := must(s.SeedTunnelGroupBackend(mockserver.TunnelGroupBackendSeed{Labels: map[string]string{"app": "web"}}))
	policy := must(s.SeedIPPolicy(mockserver.IPPolicySeed{}))
	edge := must(s.SeedHTTPSEdge(mockserver.HTTPSEdgeSeed{Hostports: []string{"app.example.com:443"}, Description: "app"}))
	raw := func(s string) *mockserver.RouteModuleSeed { r := mockserver.RouteModuleSeed(s); return &r }
	route := must(s.SeedHTTPSEdgeRoute(edge, mockserver.HTTPSEdgeRouteSeed{Match: "/admin", MatchType: "exact_path",
		Backend:        raw(`{"backend_id":"` + backend + `"}`),
		IPRestriction:  raw(`{"ip_policy_ids":["` + policy + `"]}`),
		OIDC:           raw(`{"issuer":"https://id.example.com","client_id":"app","client_secret":"not-in-state","scopes":["openid"]}`),
		RequestHeaders: raw(`{"add":{"x-a":"1"},"remove":["x-b"]}`)}))
	other := must(s.SeedHTTPSEdge(mockserver.HTTPSEdgeSeed{}))
	s.SetEdgesReadOnly(true)

	routeCheck := knownvalue.ObjectExact(withNullReadModules(map[string]knownvalue.Check{
		"id": knownvalue.StringExact(route), "match_type": knownvalue.StringExact("exact_path"),
		"match": knownvalue.StringExact("/admin"), "description": knownvalue.StringExact(""), "metadata": knownvalue.StringExact(""),
		"backend_id":    knownvalue.StringExact(backend),
		"ip_policy_ids": knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact(policy)}),
		"oidc": knownvalue.ObjectExact(map[string]knownvalue.Check{
			"enabled": knownvalue.Bool(true), "issuer": knownvalue.StringExact("https://id.example.com"),
			"client_id": knownvalue.StringExact("app"), "scopes": knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact("openid")}),
		}),
		"request_headers": knownvalue.ObjectExact(map[string]knownvalue.Check{
			"enabled": knownvalue.Bool(true), "add": knownvalue.MapExact(map[string]knownvalue.Check{"x-a": knownvalue.StringExact("1")}),
			"remove": knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact("x-b")}),
		}),
	}))
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(`data "ngrok_https_edge" "app" { id = "` + edge + `" }
data "ngrok_https_edges" "all" {}`),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.ngrok_https_edge.app", tfjsonpath.New("routes"), knownvalue.ListExact([]knownvalue.Check{routeCheck})),
				statecheck.ExpectKnownValue("data.ngrok_https_edge.app", tfjsonpath.New("hostports"),
					knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact("app.example.com:443")})),
				statecheck.ExpectKnownValue("data.ngrok_https_edges.all", tfjsonpath.New("https_edges").AtSliceIndex(0).AtMapKey("id"), knownvalue.StringExact(other)),
				statecheck.ExpectKnownValue("data.ngrok_https_edges.all", tfjsonpath.New("https_edges").AtSliceIndex(1).AtMapKey("routes"),
					knownvalue.ListExact([]knownvalue.Check{routeCheck})),
			},
		}},
	})
}

func TestAccHTTPSEdgeDataSource_unknown(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config:      mock.config(`data "ngrok_https_edge" "x" { id = "edghts_2hHGVyb5ZT6WQm1uXnLfNc8Ykam" }`),
			ExpectError: regexp.MustCompile(`(?s)Unable to Read HTTPS Edge.*404`),
		}},
	})
}
