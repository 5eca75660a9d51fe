package provider

import (
	"context"
	"fmt"
	"regexp"
	"testing"

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

// Changing the route or the edge deletes the module from the old route and
// sets it on the new one.
func TestAccHTTPSEdgeRouteModules_replaceOnRouteOrEdgeChange(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	f := seedEdgeRoutes(t, mock)
	for name, tc := range moduleTestCases(f) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			differentID := statecheck.CompareValue(compare.ValuesDiffer())
			moved := func(fromEdge, fromRoute, toEdge, toRoute string) resource.TestStep {
				return resource.TestStep{
					Config: mock.config(tc.config(toEdge, toRoute)),
					ConfigPlanChecks: resource.ConfigPlanChecks{
						PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(tc.address, plancheck.ResourceActionDestroyBeforeCreate)},
						PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
					},
					ConfigStateChecks: []statecheck.StateCheck{
						differentID.AddStateValue(tc.address, tfjsonpath.New("id")),
						statecheck.ExpectKnownValue(tc.address, tfjsonpath.New("id"), knownvalue.StringExact(toEdge+"/"+toRoute)),
						stateCheckFunc(func(ctx context.Context, _ func(string) (string, error)) error {
							if err := tc.get(ctx, mock.client, fromEdge, fromRoute); !apiclient.IsNotFound(err) {
								return expectedNotFound("the old route's module", err)
							}
							return tc.get(ctx, mock.client, toEdge, toRoute)
						}),
					},
				}
			}
			// NOTE: each subtest has routes of its own: the four run at once on one mock.
			route, route2, otherRoute := seedRoute(t, mock, f.edge), seedRoute(t, mock, f.edge), seedRoute(t, mock, f.otherEdge)
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
				Steps: []resource.TestStep{
					{
						Config:            mock.config(tc.config(f.edge, route)),
						ConfigStateChecks: []statecheck.StateCheck{differentID.AddStateValue(tc.address, tfjsonpath.New("id"))},
					},
					moved(f.edge, route, f.edge, route2),
					moved(f.edge, route2, f.otherEdge, otherRoute),
				},
			})
		})
	}
}

// A module deleted outside Terraform is planned for creation, and created.
func TestAccHTTPSEdgeRouteModules_disappears(t *testing.T) {
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
							return tc.remove(context.Background(), mock.client, f.edge, route)
						},
						ConfigPlanChecks: resource.ConfigPlanChecks{
							PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectResourceAction(tc.address, plancheck.ResourceActionCreate)},
						},
						ExpectNonEmptyPlan: true,
					},
					{
						Config: config,
						ConfigPlanChecks: resource.ConfigPlanChecks{
							PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(tc.address, plancheck.ResourceActionCreate)},
							PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
						},
						ConfigStateChecks: []statecheck.StateCheck{
							stateCheckFunc(func(ctx context.Context, _ func(string) (string, error)) error {
								return tc.get(ctx, mock.client, f.edge, route)
							}),
						},
					},
				},
			})
		})
	}
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

// On an account whose edges are read-only, refreshes and plans keep working,
// and every write (create, update, delete) fails with ERR_NGROK_7196 explained.
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

func importBlock(address, id string) string {
	return fmt.Sprintf("import {\n  to = %s\n  id = %q\n}\n\n", address, id)
}

// A route module's identity is its edge and route.
func TestAccHTTPSEdgeRouteModules_identity(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	f := seedEdgeRoutes(t, mock)
	for name, tc := range moduleTestCases(f) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			// NOTE: each module on its own route of its own edge, so that
			// the four tests, run at once, do not share a module.
			edge, err := mock.server.SeedHTTPSEdge(mockserver.HTTPSEdgeSeed{})
			if err != nil {
				t.Fatal(err)
			}
			route := seedRoute(t, mock, edge)
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
				TerraformVersionChecks:   requireIdentity,
				Steps: identitySteps(tc.address,
					map[string]knownvalue.Check{"edge_id": knownvalue.StringExact(edge), "route_id": knownvalue.StringExact(route)},
					mock.config(tc.config(edge, route)), mock.config(tc.config(edge, route, "enabled = false"))),
			})
		})
	}
}
