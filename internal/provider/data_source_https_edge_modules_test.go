package provider

import (
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

// withNullReadModules adds a null check for every module a route's checks
// leave out.
func withNullReadModules(checks map[string]knownvalue.Check) map[string]knownvalue.Check {
	for _, m := range edgeReadModules {
		if _, ok := checks[m.name]; !ok {
			checks[m.name] = knownvalue.Null()
		}
	}
	return checks
}

// Every module's value fits its declared type, and a module not set is null.
func TestEdgeReadModuleValues(t *testing.T) {
	t.Parallel()
	id := "gid"
	r := &apiclient.HTTPSEdgeRoute{HTTPSEdgeRouteReadModules: apiclient.HTTPSEdgeRouteReadModules{
		CircuitBreaker:      &apiclient.HTTPSEdgeRouteCircuitBreaker{Enabled: true, ErrorThresholdPercentage: 0.5, RollingWindow: 60},
		Compression:         &apiclient.HTTPSEdgeRouteEnabled{Enabled: true},
		ResponseHeaders:     &apiclient.HTTPSEdgeRouteRequestHeaders{Enabled: true, Add: map[string]string{"a": "1"}},
		WebhookVerification: &apiclient.HTTPSEdgeRouteWebhookVerification{Enabled: true, Provider: "SLACK"},
		OAuth: &apiclient.HTTPSEdgeRouteOAuth{Enabled: true, Provider: map[string]*apiclient.HTTPSEdgeRouteOAuthProvider{
			"google": {ClientID: &id, EmailDomains: []string{"example.com"}}}},
		SAML:                  &apiclient.HTTPSEdgeRouteSAML{Enabled: true, EntityID: "e"},
		WebsocketTCPConverter: &apiclient.HTTPSEdgeRouteEnabled{},
		UserAgentFilter:       &apiclient.HTTPSEdgeRouteUserAgentFilter{Enabled: true, Deny: []string{"bot"}},
		TrafficPolicy:         &apiclient.HTTPSEdgeRouteTrafficPolicy{Enabled: true, Value: "{}"},
	}}
	v := map[string]attr.Value{}
	addEdgeReadModuleValues(v, r)
	for _, m := range edgeReadModules {
		got := v[m.name]
		if got == nil || got.IsNull() {
			t.Errorf("%s is null", m.name)
			continue
		}
		if len(m.attrs) != len(m.types) {
			t.Errorf("%s: %d attributes, %d types", m.name, len(m.attrs), len(m.types))
		}
	}
	if s := v["oauth"].String(); !strings.Contains(s, `"google"`) || !strings.Contains(s, `"gid"`) {
		t.Errorf("oauth %s", s)
	}
	empty := map[string]attr.Value{}
	addEdgeReadModuleValues(empty, &apiclient.HTTPSEdgeRoute{})
	for name, val := range empty {
		if !val.IsNull() {
			t.Errorf("%s of a route without it is %s, want null", name, val)
		}
	}
	// A managed OAuth application has no client ID: null, not "".
	r.OAuth.Provider["google"].ClientID = nil
	addEdgeReadModuleValues(v, r)
	if !strings.Contains(v["oauth"].String(), `"client_id":<null>`) {
		t.Errorf("oauth of a managed application %s", v["oauth"])
	}
}

// The data source reads every module of a seeded route, and neither the
// webhook verification secret nor the OAuth client secret.
func TestAccHTTPSEdgeDataSource_modules(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	s := mock.server
	edge, err := s.SeedHTTPSEdge(mockserver.HTTPSEdgeSeed{Hostports: []string{"app.example.com:443"}})
	if err != nil {
		t.Fatal(err)
	}
	raw := func(s string) *mockserver.RouteModuleSeed { r := mockserver.RouteModuleSeed(s); return &r }
	if _, err := s.SeedHTTPSEdgeRoute(edge, mockserver.HTTPSEdgeRouteSeed{Match: "/", RouteModuleSeeds: mockserver.RouteModuleSeeds{
		CircuitBreaker:        raw(`{"tripped_duration":30,"rolling_window":60,"num_buckets":10,"volume_threshold":100,"error_threshold_percentage":0.5}`),
		Compression:           raw(`{}`),
		ResponseHeaders:       raw(`{"add":{"x-frame-options":"DENY"},"remove":["server"]}`),
		WebhookVerification:   raw(`{"provider":"SLACK","secret":"whsec-not-in-state"}`),
		OAuth:                 raw(`{"provider":{"google":{"client_id":"gid","client_secret":"oauth-not-in-state","email_domains":["example.com"]}}}`),
		SAML:                  raw(`{"enabled":false,"idp_metadata":"<EntityDescriptor xmlns=\"urn:oasis:names:tc:SAML:2.0:metadata\"/>"}`),
		WebsocketTCPConverter: raw(`{}`),
		UserAgentFilter:       raw(`{"deny":["(?i)bot"]}`),
		TrafficPolicy:         raw(`{"value":"{\"on_http_request\":[{\"actions\":[{\"type\":\"deny\"}]}]}"}`),
	}}); err != nil {
		t.Fatal(err)
	}
	route := tfjsonpath.New("routes").AtSliceIndex(0)
	ds := "data.ngrok_https_edge.app"
	strs := func(s ...string) knownvalue.Check {
		c := make([]knownvalue.Check, len(s))
		for i, v := range s {
			c[i] = knownvalue.StringExact(v)
		}
		return knownvalue.ListExact(c)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(`data "ngrok_https_edge" "app" { id = "` + edge + `" }`),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(ds, route.AtMapKey("circuit_breaker"), knownvalue.ObjectExact(map[string]knownvalue.Check{
					"enabled": knownvalue.Bool(true), "tripped_duration": knownvalue.Int64Exact(30), "rolling_window": knownvalue.Int64Exact(60),
					"num_buckets": knownvalue.Int64Exact(10), "volume_threshold": knownvalue.Int64Exact(100),
					"error_threshold_percentage": knownvalue.Float64Exact(0.5),
				})),
				statecheck.ExpectKnownValue(ds, route.AtMapKey("compression").AtMapKey("enabled"), knownvalue.Bool(true)),
				statecheck.ExpectKnownValue(ds, route.AtMapKey("response_headers").AtMapKey("remove"), strs("server")),
				statecheck.ExpectKnownValue(ds, route.AtMapKey("webhook_verification"), knownvalue.ObjectExact(map[string]knownvalue.Check{
					"enabled": knownvalue.Bool(true), "provider": knownvalue.StringExact("SLACK"),
				})),
				statecheck.ExpectKnownValue(ds, route.AtMapKey("oauth").AtMapKey("provider"), knownvalue.StringExact("google")),
				statecheck.ExpectKnownValue(ds, route.AtMapKey("oauth").AtMapKey("client_id"), knownvalue.StringExact("gid")),
				statecheck.ExpectKnownValue(ds, route.AtMapKey("oauth").AtMapKey("email_domains"), strs("example.com")),
				statecheck.ExpectKnownValue(ds, route.AtMapKey("saml").AtMapKey("enabled"), knownvalue.Bool(false)),
				statecheck.ExpectKnownValue(ds, route.AtMapKey("websocket_tcp_converter").AtMapKey("enabled"), knownvalue.Bool(true)),
				statecheck.ExpectKnownValue(ds, route.AtMapKey("user_agent_filter").AtMapKey("deny"), strs("(?i)bot")),
				statecheck.ExpectKnownValue(ds, route.AtMapKey("traffic_policy").AtMapKey("enabled"), knownvalue.Bool(true)),
				statecheck.ExpectKnownValue(ds, route.AtMapKey("oidc"), knownvalue.Null()),
			},
		}},
	})
}
