package provider

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

// edgeRouteFixture is what the module tests need seeded in their mock: an
// HTTPS edge with two routes, a second edge, two tunnel group backends and
// two IP policies.
type edgeRouteFixture struct {
	edge, route, route2   string
	otherEdge             string
	backend, backend2     string
	ipPolicy, ipPolicy2   string
	unknownEdge           string // well-formed, never seeded
	unknownRouteOfTheEdge string
}

func seedEdgeRoutes(t *testing.T, mock *testMock) edgeRouteFixture {
	t.Helper()
	s := mock.server
	must := func(id string, err error) string {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	f := edgeRouteFixture{
		unknownEdge:           "edghts_2hHGVyb5ZT6WQm1uXnLfNc8Ykam",
		unknownRouteOfTheEdge: "edghtsrt_2hHGW0x7oSn4wdDzkRmE7YcB3Lq",
	}
	f.edge = must(s.SeedHTTPSEdge(mockserver.HTTPSEdgeSeed{Hostports: []string{"app.example.com:443"}}))
	f.route = must(s.SeedHTTPSEdgeRoute(f.edge, mockserver.HTTPSEdgeRouteSeed{Match: "/"}))
	f.route2 = must(s.SeedHTTPSEdgeRoute(f.edge, mockserver.HTTPSEdgeRouteSeed{Match: "/api"}))
	f.otherEdge = must(s.SeedHTTPSEdge(mockserver.HTTPSEdgeSeed{}))
	f.backend = must(s.SeedTunnelGroupBackend(mockserver.TunnelGroupBackendSeed{Labels: map[string]string{"app": "web"}}))
	f.backend2 = must(s.SeedTunnelGroupBackend(mockserver.TunnelGroupBackendSeed{Labels: map[string]string{"app": "api"}}))
	f.ipPolicy = must(s.SeedIPPolicy(mockserver.IPPolicySeed{Description: "office"}))
	f.ipPolicy2 = must(s.SeedIPPolicy(mockserver.IPPolicySeed{Description: "vpn"}))
	return f
}

// moduleConfig renders a resource or data block of the given type named
// "test" with edge_id and route_id and the given attribute lines.
func moduleConfig(kind, typ, edgeID, routeID string, attrs ...string) string {
	lines := append([]string{fmt.Sprintf("edge_id  = %q", edgeID), fmt.Sprintf("route_id = %q", routeID)}, attrs...)
	return fmt.Sprintf("%s %q \"test\" {\n  %s\n}\n", kind, typ, strings.Join(lines, "\n  "))
}

// lastModuleBody decodes the body of the last PUT the mock accepted for a module.
func lastModuleBody(mock *testMock, edgeID, routeID, module string) (map[string]any, error) {
	raw, ok := mock.server.EdgeRouteModule(edgeID, routeID, module)
	if !ok {
		return nil, fmt.Errorf("the mock received no PUT of the %s module of %s/%s", module, edgeID, routeID)
	}
	var body map[string]any
	if err := json.Unmarshal(raw, &body); err != nil {
		return nil, err
	}
	return body, nil
}

// expectSentModule checks the last PUT body of a module, as the API received it.
func expectSentModule(mock *testMock, edgeID, routeID, module string, check func(body map[string]any) error) statecheck.StateCheck {
	return stateCheckFunc(func(context.Context, func(string) (string, error)) error {
		body, err := lastModuleBody(mock, edgeID, routeID, module)
		if err != nil {
			return err
		}
		return check(body)
	})
}

// stateAttributes returns the attribute values of a resource in the state.
func stateAttributes(req statecheck.CheckStateRequest, address string) (map[string]any, error) {
	if req.State == nil || req.State.Values == nil || req.State.Values.RootModule == nil {
		return nil, errors.New("no state")
	}
	for _, r := range req.State.Values.RootModule.Resources {
		if r.Address == address {
			return r.AttributeValues, nil
		}
	}
	return nil, fmt.Errorf("%s not in state", address)
}

// stateAttributesCheck adapts a check of a resource's attribute values, the
// whole state's JSON given too, to statecheck.StateCheck.
type stateAttributesCheck struct {
	address string
	check   func(attrs map[string]any, stateJSON string) error
}

func (c stateAttributesCheck) CheckState(_ context.Context, req statecheck.CheckStateRequest, resp *statecheck.CheckStateResponse) {
	attrs, err := stateAttributes(req, c.address)
	if err != nil {
		resp.Error = err
		return
	}
	whole, err := json.Marshal(req.State)
	if err != nil {
		resp.Error = err
		return
	}
	resp.Error = c.check(attrs, string(whole))
}

func TestParseEdgeRouteModuleID(t *testing.T) {
	t.Parallel()
	ids, err := edgeRouteModuleImport.parseImportID("edghts_2hHGVyb5ZT6WQm1uXnLfNc8Ykam/edghtsrt_2hHGW0x7oSn4wdDzkRmE7YcB3Lq")
	if err != nil || len(ids) != 2 || ids[0] != "edghts_2hHGVyb5ZT6WQm1uXnLfNc8Ykam" || ids[1] != "edghtsrt_2hHGW0x7oSn4wdDzkRmE7YcB3Lq" {
		t.Errorf("parse = %q, %v", ids, err)
	}
	for _, bad := range []string{
		"",
		"edghts_2hHGVyb5ZT6WQm1uXnLfNc8Ykam",
		"edghts_2hHGVyb5ZT6WQm1uXnLfNc8Ykam/",
		"/edghtsrt_2hHGW0x7oSn4wdDzkRmE7YcB3Lq",
		"edghtsrt_2hHGW0x7oSn4wdDzkRmE7YcB3Lq/edghts_2hHGVyb5ZT6WQm1uXnLfNc8Ykam",
		"edghts_/edghtsrt_",
		"edghts_a/edghtsrt_b/oidc",
		"edghts_a:edghtsrt_b",
	} {
		if _, err := edgeRouteModuleImport.parseImportID(bad); err == nil || !strings.Contains(err.Error(), edgeRouteModuleImportFormat) {
			t.Errorf("parseImportID(%q) = %v, want an error naming the format", bad, err)
		}
	}
}

func TestEdgesReadOnlyHint(t *testing.T) {
	t.Parallel()
	// The status of ERR_NGROK_7196 is not documented; the hint must follow
	// the code whatever the status, ahead of the status's own hint.
	for _, status := range []int{400, 403, 409} {
		detail := apiErrorDetail(&apiclient.APIError{
			StatusCode: status, ErrorCode: "ERR_NGROK_7196", Msg: "Edges are read-only.", OperationID: "op_x",
			Method: "PUT", Path: "/edges/https/edghts_a/routes/edghtsrt_b/oidc",
		})
		for _, want := range []string{"ERR_NGROK_7196", "read-only", "Cloud endpoints with a traffic policy", "terraform state rm", "op_x"} {
			if !strings.Contains(detail, want) {
				t.Errorf("status %d: detail does not mention %q:\n%s", status, want, detail)
			}
		}
		for _, unwanted := range []string{"Check the API key", "Correct the configuration value", "Another object already holds"} {
			if strings.Contains(detail, unwanted) {
				t.Errorf("status %d: detail carries the status's generic hint %q:\n%s", status, unwanted, detail)
			}
		}
	}
	if d := apiErrorDetail(&apiclient.APIError{StatusCode: 400, ErrorCode: "ERR_NGROK_7025"}); strings.Contains(d, "read-only") {
		t.Errorf("another code got the read-only hint:\n%s", d)
	}
}

func TestEdgeRouteModuleDiagnostics(t *testing.T) {
	t.Parallel()
	notFound := &apiclient.APIError{StatusCode: 404, Msg: "Resource not found", OperationID: "op_y"}
	d := edgeRouteModuleDiagnostic("Unable to Create X", notFound, "edghts_a", "edghtsrt_b")
	if d.Severity() != diag.SeverityError || d.Summary() != "Unable to Create X" ||
		!strings.Contains(d.Detail(), "No route edghtsrt_b was found on the HTTPS edge edghts_a") || !strings.Contains(d.Detail(), "op_y") {
		t.Errorf("404 diagnostic: %s: %s", d.Summary(), d.Detail())
	}
	d = edgeRouteModuleReadDiagnostic("Unable to Read X", httpsEdgeRouteOIDCModule.noun, notFound, "edghts_a", "edghtsrt_b")
	if !strings.Contains(d.Detail(), "has no OIDC module, or the edge or the route does not exist") {
		t.Errorf("data source 404 diagnostic: %s", d.Detail())
	}
	bad := &apiclient.APIError{StatusCode: 400, ErrorCode: "ERR_NGROK_7088", Msg: "The OIDC issuer property is required."}
	if d := edgeRouteModuleDiagnostic("S", bad, "edghts_a", "edghtsrt_b"); strings.Contains(d.Detail(), "No route") {
		t.Errorf("a 400 must not claim the route is missing: %s", d.Detail())
	}
}

// What the four route module resources share (the generic resource of
// https_edge_route_module.go), tested for each: moving to another route or
// edge, a module or a route deleted outside Terraform, unknown edges and
// routes, read-only edges, and import IDs.

// moduleTestCase is one route module resource under test.
type moduleTestCase struct {
	address string // of the resource under test, "<type>.test"
	title   string // in diagnostic summaries, e.g. "Backend Module"
	// config renders a valid resource block on the given edge and route,
	// with extra attribute lines.
	config func(edgeID, routeID string, extra ...string) string
	// get reads the module from the API; remove deletes it there.
	get    func(ctx context.Context, c *apiclient.Client, edgeID, routeID string) error
	remove func(ctx context.Context, c *apiclient.Client, edgeID, routeID string) error
}

// moduleTestNames are the keys of moduleTestCases.
var moduleTestNames = []string{"oidc", "backend", "ip_restriction", "request_headers"}

// moduleTestCases returns the four route modules, set up against f's objects.
func moduleTestCases(f edgeRouteFixture) map[string]moduleTestCase {
	return map[string]moduleTestCase{
		"oidc":            moduleCase(httpsEdgeRouteOIDCModule, testAccOIDCConfig, `client_secret = "s3cret"`),
		"backend":         moduleCase(httpsEdgeRouteBackendModule, testAccBackendConfig, fmt.Sprintf("backend_id = %q", f.backend)),
		"ip_restriction":  moduleCase(httpsEdgeRouteIPRestrictionModule, testAccIPRestrictionConfig, fmt.Sprintf("ip_policy_ids = [%q]", f.ipPolicy)),
		"request_headers": moduleCase(httpsEdgeRouteRequestHeadersModule, testAccRequestHeadersConfig, `remove = ["Cookie"]`),
	}
}

func moduleCase[M edgeRouteModuleModel, A, B any](m *edgeRouteModule[M, A, B], config func(edgeID, routeID string, attrs ...string) string, required ...string) moduleTestCase {
	return moduleTestCase{
		address: "ngrok_" + m.typeName + ".test",
		title:   m.title,
		config: func(edgeID, routeID string, extra ...string) string {
			return config(edgeID, routeID, append(append([]string{}, required...), extra...)...)
		},
		get: func(ctx context.Context, c *apiclient.Client, edgeID, routeID string) error {
			_, err := m.get(c, ctx, edgeID, routeID)
			return err
		},
		remove: func(ctx context.Context, c *apiclient.Client, edgeID, routeID string) error {
			return m.remove(c, ctx, edgeID, routeID)
		},
	}
}

// allModulesConfig is the four route modules on one route, as the API
// allows: the tests of what they share that pass without an error run them
// in one TestCase, and assert each module.
func allModulesConfig(mock *testMock, modules map[string]moduleTestCase, edgeID, routeID string, extra ...string) string {
	var b strings.Builder
	for _, name := range moduleTestNames {
		b.WriteString(modules[name].config(edgeID, routeID, extra...) + "\n")
	}
	return mock.config(b.String())
}

// Changing the route or the edge deletes each module from the old route and
// sets it on the new one.
func TestAccHTTPSEdgeRouteModules_replaceOnRouteOrEdgeChange(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	f := seedEdgeRoutes(t, mock)
	modules := moduleTestCases(f)
	// differentID[name]() adds the module's id to its own comparison: each
	// differs from the one before.
	differentID := map[string]func() statecheck.StateCheck{}
	var created []statecheck.StateCheck
	for _, name := range moduleTestNames {
		ids, address := statecheck.CompareValue(compare.ValuesDiffer()), modules[name].address
		differentID[name] = func() statecheck.StateCheck { return ids.AddStateValue(address, tfjsonpath.New("id")) }
		created = append(created, differentID[name]())
	}
	moved := func(fromEdge, fromRoute, toEdge, toRoute string) resource.TestStep {
		step := resource.TestStep{
			Config: allModulesConfig(mock, modules, toEdge, toRoute),
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
			},
		}
		for _, name := range moduleTestNames {
			tc := modules[name]
			step.ConfigPlanChecks.PreApply = append(step.ConfigPlanChecks.PreApply,
				plancheck.ExpectResourceAction(tc.address, plancheck.ResourceActionDestroyBeforeCreate))
			step.ConfigStateChecks = append(step.ConfigStateChecks,
				differentID[name](),
				statecheck.ExpectKnownValue(tc.address, tfjsonpath.New("id"), knownvalue.StringExact(toEdge+"/"+toRoute)),
				stateCheckFunc(func(ctx context.Context, _ func(string) (string, error)) error {
					if err := tc.get(ctx, mock.client, fromEdge, fromRoute); !apiclient.IsNotFound(err) {
						return expectedNotFound("the old route's "+name+" module", err)
					}
					return tc.get(ctx, mock.client, toEdge, toRoute)
				}),
			)
		}
		return step
	}
	route, route2, otherRoute := seedRoute(t, mock, f.edge), seedRoute(t, mock, f.edge), seedRoute(t, mock, f.otherEdge)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: allModulesConfig(mock, modules, f.edge, route), ConfigStateChecks: created},
			moved(f.edge, route, f.edge, route2),
			moved(f.edge, route2, f.otherEdge, otherRoute),
		},
	})
}

// A module deleted outside Terraform is planned for creation.
func TestAccHTTPSEdgeRouteModules_disappears(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	f := seedEdgeRoutes(t, mock)
	modules := moduleTestCases(f)
	route := seedRoute(t, mock, f.edge)
	var recreate []plancheck.PlanCheck
	for _, name := range moduleTestNames {
		recreate = append(recreate, plancheck.ExpectResourceAction(modules[name].address, plancheck.ResourceActionCreate))
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			// NOTE: the state keeps the modules the Check deleted, so the
			// destroy that ends the test deletes them once more and must take
			// the API's 404 as success.
			Config: allModulesConfig(mock, modules, f.edge, route),
			Check: func(*terraform.State) error {
				for _, name := range moduleTestNames {
					if err := modules[name].remove(context.Background(), mock.client, f.edge, route); err != nil {
						return err
					}
				}
				return nil
			},
			ConfigPlanChecks:   resource.ConfigPlanChecks{PostApplyPostRefresh: recreate},
			ExpectNonEmptyPlan: true,
		}},
	})
}

// A route deleted outside Terraform takes its modules with it: the refresh
// forgets the module, and creating it again says which route is missing.
func TestAccHTTPSEdgeRouteModules_routeDisappears(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	f := seedEdgeRoutes(t, mock)
	for name, tc := range moduleTestCases(f) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			route := seedRoute(t, mock, f.edge)
			config := mock.config(tc.config(f.edge, route))
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
				Steps: []resource.TestStep{
					{
						Config: config,
						Check: func(*terraform.State) error {
							return mock.server.DeleteObject("https_edge_routes", route)
						},
						ConfigPlanChecks: resource.ConfigPlanChecks{
							PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectResourceAction(tc.address, plancheck.ResourceActionCreate)},
						},
						ExpectNonEmptyPlan: true,
					},
					{
						Config: config,
						ExpectError: regexp.MustCompile(`(?s)Unable to Create HTTPS Edge Route ` + tc.title + `.*404.*No route\s+` +
							route + `\s+was\s+found\s+on\s+the\s+HTTPS\s+edge\s+` + f.edge),
					},
				},
			})
		})
	}
}

// A module on an edge or route that does not exist fails with an error that
// names both, each case its own test.
func TestAccHTTPSEdgeRouteModules_unknownEdgeOrRoute(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	f := seedEdgeRoutes(t, mock)
	for name, tc := range moduleTestCases(f) {
		for what, ids := range map[string][2]string{
			"unknown edge":          {f.unknownEdge, f.route},
			"unknown route":         {f.edge, f.unknownRouteOfTheEdge},
			"route of another edge": {f.otherEdge, f.route},
		} {
			t.Run(name+"/"+what, func(t *testing.T) {
				t.Parallel()
				resource.Test(t, resource.TestCase{
					ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
					Steps: []resource.TestStep{{
						Config: mock.config(tc.config(ids[0], ids[1])),
						ExpectError: regexp.MustCompile(`(?s)Unable to Create HTTPS Edge Route ` + tc.title + `.*404.*` +
							`Operation\s+ID:\s+op_.*No route\s+` + ids[1] + `\s+was\s+found\s+on\s+the\s+HTTPS\s+edge\s+` + ids[0] +
							`.*Check\s+edge_id\s+and\s+route_id`),
					}},
				})
			})
		}
	}
}

// On an account whose edges are read-only, refreshes, plans and imports keep
// working, and every write (create, update, delete) fails with ERR_NGROK_7196 explained.
func TestAccHTTPSEdgeRouteModules_edgesReadOnly(t *testing.T) {
	t.Parallel()
	for _, name := range moduleTestNames {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			// NOTE: read-only is server-wide: each subtest has its own mock.
			mock := newTestMock(t)
			f := seedEdgeRoutes(t, mock)
			tc := moduleTestCases(f)[name]
			readOnly := func(on bool) func() { return func() { mock.server.SetEdgesReadOnly(on) } }
			refused := func(op string) *regexp.Regexp {
				return regexp.MustCompile(`(?s)Unable to ` + op + ` HTTPS Edge Route ` + tc.title + `.*ERR_NGROK_7196.*` +
					`ngrok\s+has\s+made\s+edges\s+read-only.*Cloud\s+endpoints\s+with\s+a\s+traffic\s+policy\s+replace\s+them.*terraform\s+state\s+rm`)
			}
			config := mock.config(tc.config(f.edge, f.route))
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
				Steps: []resource.TestStep{
					{PreConfig: readOnly(true), Config: mock.config(tc.config(f.edge, f.route2)), ExpectError: refused("Create")},
					{PreConfig: readOnly(false), Config: config},
					{PreConfig: readOnly(true), Config: config, PlanOnly: true},
					// Importing only reads: it works on a read-only account.
					{Config: config, ResourceName: tc.address, ImportState: true, ImportStateVerify: true},
					{Config: mock.config(tc.config(f.edge, f.route, "enabled = false")), ExpectError: refused("Update")},
					{Config: config, Destroy: true, ExpectError: refused("Delete")},
					{
						// The refused writes changed nothing.
						PreConfig: readOnly(false),
						Config:    config,
						ConfigPlanChecks: resource.ConfigPlanChecks{
							PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
						},
						ConfigStateChecks: []statecheck.StateCheck{
							statecheck.ExpectKnownValue(tc.address, tfjsonpath.New("enabled"), knownvalue.Bool(true)),
							stateCheckFunc(func(ctx context.Context, _ func(string) (string, error)) error {
								if err := tc.get(ctx, mock.client, f.edge, f.route2); !apiclient.IsNotFound(err) {
									return expectedNotFound("the module of the refused create", err)
								}
								return tc.get(ctx, mock.client, f.edge, f.route)
							}),
						},
					},
				},
			})
		})
	}
}

// A malformed import ID is refused before any request, with the format.
func TestAccHTTPSEdgeRouteModules_importInvalidID(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	f := seedEdgeRoutes(t, mock)
	for name, tc := range moduleTestCases(f) {
		for what, id := range map[string]string{
			"route only":      f.route,
			"swapped":         f.route + "/" + f.edge,
			"extra segment":   f.edge + "/" + f.route + "/module",
			"other separator": f.edge + ":" + f.route,
		} {
			t.Run(name+"/"+what, func(t *testing.T) {
				t.Parallel()
				resource.Test(t, resource.TestCase{
					ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
					Steps: []resource.TestStep{{
						Config: mock.config(importBlock(tc.address, id) + tc.config(f.edge, f.route)),
						ExpectError: regexp.MustCompile(`(?s)Invalid Import ID.*Expected\s+<edge_id>/<route_id>.*` +
							regexp.QuoteMeta(id)),
					}},
				})
			})
		}
	}
}

// Importing a module that the route does not have fails: there is nothing to import.
func TestAccHTTPSEdgeRouteModules_importModuleNotSet(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	f := seedEdgeRoutes(t, mock)
	for name, tc := range moduleTestCases(f) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
				Steps: []resource.TestStep{{
					Config:      mock.config(importBlock(tc.address, f.edge+"/"+f.route) + tc.config(f.edge, f.route)),
					ExpectError: regexp.MustCompile(`Cannot import non-existent remote object`),
				}},
			})
		})
	}
}

// seedRoute adds a route to an edge of the mock, for a test of its own.
func seedRoute(t *testing.T, mock *testMock, edgeID string) string {
	t.Helper()
	route, err := mock.server.SeedHTTPSEdgeRoute(edgeID, mockserver.HTTPSEdgeRouteSeed{})
	if err != nil {
		t.Fatal(err)
	}
	return route
}

// expectedNotFound explains a read of something that should be gone.
func expectedNotFound(what string, err error) error {
	if err == nil {
		return fmt.Errorf("%s exists, want a 404", what)
	}
	return fmt.Errorf("reading %s: %w, want a 404", what, err)
}

// A route module's identity is its edge and route.
func TestAccHTTPSEdgeRouteModules_identity(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	f := seedEdgeRoutes(t, mock)
	modules := moduleTestCases(f)
	route := seedRoute(t, mock, f.edge)
	identities := map[string]map[string]knownvalue.Check{}
	for _, tc := range modules {
		identities[tc.address] = map[string]knownvalue.Check{"edge_id": knownvalue.StringExact(f.edge), "route_id": knownvalue.StringExact(route)}
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		TerraformVersionChecks:   requireIdentity,
		Steps: identityStepsOf(identities,
			allModulesConfig(mock, modules, f.edge, route), allModulesConfig(mock, modules, f.edge, route, "enabled = false")),
	})
}

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
