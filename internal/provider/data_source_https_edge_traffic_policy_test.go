package provider

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
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
// endpoint's policy is the data source's, action for action, with a route of
// every module kind that has an action.
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
	root := must(s.SeedHTTPSEdgeRoute(edge, mockserver.HTTPSEdgeRouteSeed{Match: "/",
		Backend:        raw(`{"backend_id":"` + backend + `"}`),
		RequestHeaders: raw(`{"add":{"x-from":"edge"},"remove":["x-internal"]}`),
		RouteModuleSeeds: mockserver.RouteModuleSeeds{
			ResponseHeaders: raw(`{"add":{"x-frame-options":"DENY"},"remove":["server"]}`),
			Compression:     raw(`{}`),
		}}))
	hooks := must(s.SeedHTTPSEdgeRoute(edge, mockserver.HTTPSEdgeRouteSeed{Match: "/hooks",
		RouteModuleSeeds: mockserver.RouteModuleSeeds{
			CircuitBreaker:      raw(`{"tripped_duration":30,"rolling_window":60,"volume_threshold":20,"error_threshold_percentage":0.25}`),
			WebhookVerification: raw(`{"provider":"GITHUB","secret":"never-copied-either"}`),
			OAuth: raw(`{"provider":{"google":{"client_id":"gid","client_secret":"nor-this","email_domains":["example.com"]}},` +
				`"maximum_duration":3600}`),
			UserAgentFilter: raw(`{"deny":["(?i)bot"]}`),
			TrafficPolicy:   raw(`{"value":"{\"on_http_request\":[{\"name\":\"teapot\",\"expressions\":[\"req.method == 'BREW'\"],\"actions\":[{\"type\":\"custom-response\",\"config\":{\"status_code\":418}}]}]}"}`),
			SAML:            raw(`{"idp_metadata":"<EntityDescriptor xmlns=\"urn:oasis:names:tc:SAML:2.0:metadata\"/>"}`),
		}}))
	adminRoute := must(s.SeedHTTPSEdgeRoute(edge, mockserver.HTTPSEdgeRouteSeed{Match: "/admin", MatchType: "exact_path",
		IPRestriction: raw(`{"ip_policy_ids":["` + policy + `"]}`),
		OIDC:          raw(`{"issuer":"https://id.example.com","client_id":"app","client_secret":"never-copied","scopes":["openid"]}`),
		Backend:       raw(`{"backend_id":"` + backend + `"}`)}))
	s.SetEdgesReadOnly(true)
	reserveTestDomains(t, mock, "app.example.com")

	config := mock.config(`
data "ngrok_https_edge_traffic_policy" "app" {
  edge_id            = "` + edge + `"
  oidc_client_secret = { vault = "edges", name = "oidc" }
  oauth_client_secret = { vault = "edges", name = "oauth" }
  webhook_verification_secret = { vault = "edges", name = "github" }
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
						knownvalue.ListExact([]knownvalue.Check{knownvalue.ObjectPartial(map[string]knownvalue.Check{
							"route_id": knownvalue.StringExact(hooks), "module": knownvalue.StringExact("saml"),
						})})),
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
						var doc checkedDoc
						if err := json.Unmarshal([]byte(found), &doc); err != nil {
							return err
						}
						admin, hooksRule, rootRule := "route "+adminRoute+" (exact_path /admin)", "route "+hooks+" (path_prefix /hooks)",
							"route "+root+" (path_prefix /)"
						wantRequest := []string{
							admin + " => restrict-ips,openid-connect",
							hooksRule + ": user agent filter => deny",
							hooksRule + " => circuit-breaker,verify-webhook,oauth",
							hooksRule + ": oauth email restriction => deny",
							hooksRule + ": traffic_policy: teapot => custom-response",
							rootRule + " => remove-headers,add-headers",
							admin + ": backend => forward-internal",
							rootRule + ": backend => forward-internal",
						}
						wantResponse := []string{rootRule + " => remove-headers,add-headers,compress-response"}
						if got := ruleSummaries(doc, phaseOnHTTPRequest); !slices.Equal(got, wantRequest) {
							return fmt.Errorf("the endpoint's on_http_request\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(wantRequest, "\n"))
						}
						if got := ruleSummaries(doc, phaseOnHTTPResponse); !slices.Equal(got, wantResponse) {
							return fmt.Errorf("the endpoint's on_http_response %v, want %v", got, wantResponse)
						}
						if regexp.MustCompile("never-copied|nor-this").MatchString(found) {
							return fmt.Errorf("the endpoint's policy holds a module secret")
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
