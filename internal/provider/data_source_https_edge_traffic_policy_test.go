package provider

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

// An edge of a read-only account becomes cloud endpoints whose policy the
// API takes and returns unchanged: the second plan is empty, and the
// endpoint's policy is the data source's, action for action.
func TestAccHTTPSEdgeTrafficPolicy_roundTrip(t *testing.T) {
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
	policy := must(s.SeedIPPolicy(mockserver.IPPolicySeed{Description: "office"}))
	edge := must(s.SeedHTTPSEdge(mockserver.HTTPSEdgeSeed{Hostports: []string{"app.example.com:443"}}))
	raw := func(s string) *mockserver.RouteModuleSeed { r := mockserver.RouteModuleSeed(s); return &r }
	must(s.SeedHTTPSEdgeRoute(edge, mockserver.HTTPSEdgeRouteSeed{Match: "/",
		Backend:        raw(`{"backend_id":"` + backend + `"}`),
		RequestHeaders: raw(`{"add":{"x-from":"edge"},"remove":["x-internal"]}`)}))
	must(s.SeedHTTPSEdgeRoute(edge, mockserver.HTTPSEdgeRouteSeed{Match: "/admin", MatchType: "exact_path",
		IPRestriction: raw(`{"ip_policy_ids":["` + policy + `"]}`),
		OIDC:          raw(`{"issuer":"https://id.example.com","client_id":"app","client_secret":"never-copied","scopes":["openid"]}`),
		Backend:       raw(`{"backend_id":"` + backend + `"}`)}))
	s.SetEdgesReadOnly(true)
	reserveTestDomains(t, mock, "app.example.com")

	config := mock.config(`
data "ngrok_https_edge_traffic_policy" "app" {
  edge_id            = "` + edge + `"
  oidc_client_secret = { vault = "edges", name = "oidc" }
}

resource "ngrok_cloud_endpoint" "app" {
  count          = length(data.ngrok_https_edge_traffic_policy.app.endpoints)
  url            = data.ngrok_https_edge_traffic_policy.app.endpoints[count.index].url
  traffic_policy = data.ngrok_https_edge_traffic_policy.app.endpoints[count.index].traffic_policy
}
`)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("ngrok_cloud_endpoint.app[0]", tfjsonpath.New("url"),
						knownvalue.StringExact("https://app.example.com")),
					statecheck.ExpectKnownValue("data.ngrok_https_edge_traffic_policy.app", tfjsonpath.New("not_migrated"),
						knownvalue.ListExact([]knownvalue.Check{})),
					statecheck.ExpectKnownValue("data.ngrok_https_edge_traffic_policy.app", tfjsonpath.New("forward_internal_urls"),
						knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact("https://app-web.internal")})),
					stateCheckFunc(func(ctx context.Context, _ func(string) (string, error)) error {
						var found string
						for ep, err := range mock.client.ListEndpoints(ctx, nil) {
							if err != nil {
								return err
							}
							if ep.TrafficPolicy != nil {
								found = *ep.TrafficPolicy
							}
						}
						var doc testPolicy
						if err := json.Unmarshal([]byte(found), &doc); err != nil {
							return err
						}
						if len(doc.OnHTTPRequest) != 4 || doc.OnHTTPRequest[0].Actions[1].Type != actionOpenIDConnect ||
							doc.OnHTTPRequest[3].Actions[0].Type != actionForwardInternal {
							return fmt.Errorf("the endpoint's policy %s", found)
						}
						if regexp.MustCompile("never-copied").MatchString(found) {
							return fmt.Errorf("the endpoint's policy holds the client secret")
						}
						return nil
					}),
				},
			},
			{Config: config, ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
		},
	})
}

// An edge that does not exist is an error that names it.
func TestAccHTTPSEdgeTrafficPolicy_unknownEdge(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config:      mock.config(`data "ngrok_https_edge_traffic_policy" "x" { edge_id = "edghts_2hHGVyb5ZT6WQm1uXnLfNc8Ykam" }`),
			ExpectError: regexp.MustCompile(`(?s)Unable to Read HTTPS Edge.*404`),
		}},
	})
}
