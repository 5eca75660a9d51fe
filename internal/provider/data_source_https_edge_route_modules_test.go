package provider

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

func TestAccHTTPSEdgeRouteModuleDataSources(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	f := seedEdgeRoutes(t, mock)
	ctx := context.Background()
	disabled := false
	if _, err := mock.client.ReplaceHTTPSEdgeRouteOIDC(ctx, f.edge, f.route, &apiclient.HTTPSEdgeRouteOIDCReplace{
		Issuer: "https://accounts.example.com", ClientID: "web-app", ClientSecret: "never-shown",
		CookiePrefix: "corp", InactivityTimeout: 600, Scopes: []string{"openid", "email"},
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := mock.client.ReplaceHTTPSEdgeRouteBackend(ctx, f.edge, f.route, &apiclient.HTTPSEdgeRouteBackendReplace{
		Enabled: &disabled, BackendID: f.backend,
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := mock.client.ReplaceHTTPSEdgeRouteIPRestriction(ctx, f.edge, f.route, &apiclient.HTTPSEdgeRouteIPRestrictionReplace{
		IPPolicyIDs: []string{f.ipPolicy, f.ipPolicy2},
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := mock.client.ReplaceHTTPSEdgeRouteRequestHeaders(ctx, f.edge, f.route, &apiclient.HTTPSEdgeRouteRequestHeadersReplace{
		Add: map[string]string{"X-Team": "platform"}, Remove: []string{"Cookie"},
	}); err != nil {
		t.Fatal(err)
	}

	var config strings.Builder
	for _, typ := range []string{"oidc", "backend", "ip_restriction", "request_headers"} {
		config.WriteString(moduleConfig("data", "ngrok_https_edge_route_"+typ, f.edge, f.route))
	}
	const (
		oidc    = "data.ngrok_https_edge_route_oidc.test"
		backend = "data.ngrok_https_edge_route_backend.test"
		ipr     = "data.ngrok_https_edge_route_ip_restriction.test"
		headers = "data.ngrok_https_edge_route_request_headers.test"
	)
	id := knownvalue.StringExact(f.edge + "/" + f.route)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(config.String()),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(oidc, tfjsonpath.New("id"), id),
				statecheck.ExpectKnownValue(oidc, tfjsonpath.New("enabled"), knownvalue.Bool(true)),
				statecheck.ExpectKnownValue(oidc, tfjsonpath.New("issuer"), knownvalue.StringExact("https://accounts.example.com")),
				statecheck.ExpectKnownValue(oidc, tfjsonpath.New("client_id"), knownvalue.StringExact("web-app")),
				statecheck.ExpectKnownValue(oidc, tfjsonpath.New("cookie_prefix"), knownvalue.StringExact("corp")),
				statecheck.ExpectKnownValue(oidc, tfjsonpath.New("inactivity_timeout"), knownvalue.Int64Exact(600)),
				statecheck.ExpectKnownValue(oidc, tfjsonpath.New("maximum_duration"), knownvalue.Int64Exact(0)),
				statecheck.ExpectKnownValue(oidc, tfjsonpath.New("options_passthrough"), knownvalue.Bool(false)),
				statecheck.ExpectKnownValue(oidc, tfjsonpath.New("scopes"), knownvalue.SetExact([]knownvalue.Check{
					knownvalue.StringExact("email"), knownvalue.StringExact("openid"),
				})),
				stateAttributesCheck{address: oidc, check: func(attrs map[string]any, whole string) error {
					if _, ok := attrs["client_secret"]; ok {
						return fmt.Errorf("the OIDC data source exposes client_secret")
					}
					if strings.Contains(whole, "never-shown") {
						return fmt.Errorf("the client secret reached the state")
					}
					return nil
				}},
				statecheck.ExpectKnownValue(backend, tfjsonpath.New("id"), id),
				statecheck.ExpectKnownValue(backend, tfjsonpath.New("enabled"), knownvalue.Bool(false)),
				statecheck.ExpectKnownValue(backend, tfjsonpath.New("backend_id"), knownvalue.StringExact(f.backend)),
				statecheck.ExpectKnownValue(ipr, tfjsonpath.New("ip_policy_ids"), knownvalue.SetExact([]knownvalue.Check{
					knownvalue.StringExact(f.ipPolicy), knownvalue.StringExact(f.ipPolicy2),
				})),
				statecheck.ExpectKnownValue(headers, tfjsonpath.New("add"), knownvalue.MapExact(map[string]knownvalue.Check{
					"X-Team": knownvalue.StringExact("platform"),
				})),
				statecheck.ExpectKnownValue(headers, tfjsonpath.New("remove"), knownvalue.SetExact([]knownvalue.Check{
					knownvalue.StringExact("Cookie"),
				})),
			},
		}},
	})
}

func TestAccHTTPSEdgeRouteModuleDataSources_notFound(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	f := seedEdgeRoutes(t, mock)
	for name, tc := range map[string]struct {
		typ, edge, route, want string
	}{
		"module not set": {"ngrok_https_edge_route_oidc", f.edge, f.route,
			`(?s)Unable to Read HTTPS Edge Route OIDC Module.*404.*has\s+no\s+OIDC\s+module`},
		"unknown edge": {"ngrok_https_edge_route_backend", f.unknownEdge, f.route,
			`(?s)Unable to Read HTTPS Edge Route Backend Module.*` + f.unknownEdge},
		"invalid route ID": {"ngrok_https_edge_route_request_headers", f.edge, "rt_1",
			`(?s)route_id.*must\s+be\s+the\s+ID\s+of\s+an\s+HTTPS\s+edge\s+route`},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
				Steps: []resource.TestStep{{
					Config:      mock.config(moduleConfig("data", tc.typ, tc.edge, tc.route)),
					ExpectError: regexp.MustCompile(tc.want),
				}},
			})
		})
	}
}
