package provider

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

const testHTTPSEdgeRouteResource = "ngrok_https_edge_route.test"

var httpsEdgeRouteIDPattern = regexp.MustCompile(`^edghtsrt_[0-9A-Za-z]+$`)

// testAccHTTPSEdgeRouteConfig is an edge of its own (ngrok_https_edge.edge)
// and a route on edge, an expression such as ngrok_https_edge.edge.id.
func testAccHTTPSEdgeRouteConfig(edge string, attrs ...string) string {
	return "resource \"ngrok_https_edge\" \"edge\" {\n  hostports = [\"app.example.com:443\"]\n}\n\n" +
		"resource \"ngrok_https_edge\" \"other\" {\n  description = \"other\"\n}\n\n" +
		fmt.Sprintf("resource \"ngrok_https_edge_route\" \"test\" {\n  edge_id = %s\n  %s\n}\n", edge, strings.Join(attrs, "\n  "))
}

func TestHTTPSEdgeRouteModelConversions(t *testing.T) {
	t.Parallel()
	m := httpsEdgeRouteModelFromAPI(&apiclient.HTTPSEdgeRoute{ID: "edghtsrt_1", EdgeID: "edghts_1", MatchType: "exact_path", Match: "/a",
		Backend: &apiclient.HTTPSEdgeRouteBackend{Enabled: true}})
	c := m.toCreate()
	if c.EdgeID != "edghts_1" || c.MatchType != "exact_path" || c.Match != "/a" {
		t.Errorf("create %+v", c)
	}
	u := m.toUpdate()
	if *u.Match != "/a" || *u.Description != "" || u.ID != "edghtsrt_1" {
		t.Errorf("update %+v", u)
	}
	if got := m.displayName(); got != "exact_path /a on edghts_1" {
		t.Errorf("display name %q", got)
	}
}

func TestCheckRouteMatch(t *testing.T) {
	t.Parallel()
	for m, ok := range map[string]bool{
		"/": true, "/api/v1": true, "/" + strings.Repeat("a", 254): true,
		"api": false, "": false, "/a b": false, "/a?b": false, "/a#b": false, "/" + strings.Repeat("a", 255): false,
	} {
		if err := checkRouteMatch(m); (err == nil) != ok {
			t.Errorf("checkRouteMatch(%q) = %v, want ok %v", m, err, ok)
		}
	}
}

func TestAccHTTPSEdgeRoute_basic(t *testing.T) {
	t.Parallel()
	a := newEdgeAccount(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: a.config(testAccHTTPSEdgeRouteConfig("ngrok_https_edge.edge.id", `match_type = "path_prefix"`, `match = "/api"`, `description = "api"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testHTTPSEdgeRouteResource, plancheck.ResourceActionCreate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(testHTTPSEdgeRouteResource, tfjsonpath.New("id"), knownvalue.StringRegexp(httpsEdgeRouteIDPattern)),
					statecheck.ExpectKnownValue(testHTTPSEdgeRouteResource, tfjsonpath.New("edge_id"), knownvalue.StringRegexp(httpsEdgeIDPattern)),
					statecheck.ExpectKnownValue(testHTTPSEdgeRouteResource, tfjsonpath.New("match"), knownvalue.StringExact("/api")),
					statecheck.ExpectKnownValue(testHTTPSEdgeRouteResource, tfjsonpath.New("uri"), knownvalue.StringRegexp(regexp.MustCompile(`/edges/https/edghts_\w+/routes/edghtsrt_\w+$`))),
				},
			},
			{
				ResourceName:      testHTTPSEdgeRouteResource,
				ImportState:       true,
				ImportStateIdFunc: routeImportID,
				ImportStateVerify: true,
			},
			{
				// The configuration that plan -generate-config-out writes imports with no change.
				ResourceName:      testHTTPSEdgeRouteResource,
				ImportState:       true,
				ImportStateKind:   resource.ImportBlockWithID,
				ImportStateIdFunc: routeImportID,
				GenerateConfig:    true,
			},
		},
	})
}

// routeImportID is the route's import ID, edge_id/route_id.
func routeImportID(s *terraform.State) (string, error) {
	rs, ok := s.RootModule().Resources[testHTTPSEdgeRouteResource]
	if !ok {
		return "", fmt.Errorf("%s not in state", testHTTPSEdgeRouteResource)
	}
	return rs.Primary.Attributes["edge_id"] + "/" + rs.Primary.ID, nil
}

// The route changes in place and never touches its modules: the backend
// module, managed by its own resource, stays, and neither plans a change.
func TestAccHTTPSEdgeRoute_updateKeepsModules(t *testing.T) {
	t.Parallel()
	a := newEdgeAccount(t)
	backend, err := a.server.SeedTunnelGroupBackend(mockserver.TunnelGroupBackendSeed{Labels: map[string]string{"app": "web"}})
	if err != nil {
		t.Fatal(err)
	}
	module := fmt.Sprintf("\nresource \"ngrok_https_edge_route_backend\" \"b\" {\n  edge_id    = ngrok_https_edge_route.test.edge_id\n"+
		"  route_id   = ngrok_https_edge_route.test.id\n  backend_id = %q\n}\n", backend)
	sameID := statecheck.CompareValue(compare.ValuesSame())
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config:            a.config(testAccHTTPSEdgeRouteConfig("ngrok_https_edge.edge.id", `match_type = "path_prefix"`, `match = "/"`, `description = "all"`) + module),
				ConfigStateChecks: []statecheck.StateCheck{sameID.AddStateValue(testHTTPSEdgeRouteResource, tfjsonpath.New("id"))},
			},
			{
				Config: a.config(testAccHTTPSEdgeRouteConfig("ngrok_https_edge.edge.id", `match_type = "exact_path"`, `match = "/app"`, `metadata = "{\"team\":\"web\"}"`) + module),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(testHTTPSEdgeRouteResource, plancheck.ResourceActionUpdate),
						plancheck.ExpectResourceAction("ngrok_https_edge_route_backend.b", plancheck.ResourceActionNoop),
					},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testHTTPSEdgeRouteResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testHTTPSEdgeRouteResource, tfjsonpath.New("description"), knownvalue.StringExact("")),
					statecheck.ExpectKnownValue(testHTTPSEdgeRouteResource, tfjsonpath.New("match_type"), knownvalue.StringExact("exact_path")),
					stateCheckFunc(func(ctx context.Context, id func(string) (string, error)) error {
						routeID, err := id(testHTTPSEdgeRouteResource)
						if err != nil {
							return err
						}
						edges, err := collectIDs(apiclient.HTTPSEdges.List(ctx, a.client, nil), func(e *apiclient.HTTPSEdge) string { return e.ID })
						if err != nil {
							return err
						}
						for _, edgeID := range edges {
							if r, err := a.client.GetHTTPSEdgeRoute(ctx, edgeID, routeID); err == nil {
								if r.Backend == nil || r.Backend.Backend.ID != backend || r.Match != "/app" {
									return fmt.Errorf("route after the update: %+v", r)
								}
								return nil
							}
						}
						return fmt.Errorf("route %s not found", routeID)
					}),
				},
			},
		},
	})
}

// Another edge replaces the route.
func TestAccHTTPSEdgeRoute_replace(t *testing.T) {
	t.Parallel()
	a := newEdgeAccount(t)
	differs := statecheck.CompareValue(compare.ValuesDiffer())
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config:            a.config(testAccHTTPSEdgeRouteConfig("ngrok_https_edge.edge.id", `match_type = "path_prefix"`, `match = "/"`)),
				ConfigStateChecks: []statecheck.StateCheck{differs.AddStateValue(testHTTPSEdgeRouteResource, tfjsonpath.New("id"))},
			},
			{
				Config: a.config(testAccHTTPSEdgeRouteConfig("ngrok_https_edge.other.id", `match_type = "path_prefix"`, `match = "/"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testHTTPSEdgeRouteResource, plancheck.ResourceActionDestroyBeforeCreate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{differs.AddStateValue(testHTTPSEdgeRouteResource, tfjsonpath.New("id"))},
			},
		},
	})
}

// The route's identity is its edge and its ID.
func TestAccHTTPSEdgeRoute_identity(t *testing.T) {
	t.Parallel()
	a := newEdgeAccount(t)
	resource.Test(t, resource.TestCase{
		TerraformVersionChecks:   requireIdentity,
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: identitySteps(testHTTPSEdgeRouteResource, map[string]knownvalue.Check{
			"edge_id": knownvalue.StringRegexp(httpsEdgeIDPattern),
			"id":      knownvalue.StringRegexp(httpsEdgeRouteIDPattern),
		},
			a.config(testAccHTTPSEdgeRouteConfig("ngrok_https_edge.edge.id", `match_type = "path_prefix"`, `match = "/"`)),
			a.config(testAccHTTPSEdgeRouteConfig("ngrok_https_edge.edge.id", `match_type = "path_prefix"`, `match = "/app"`))),
	})
}

// A malformed import ID is refused before any request, with the format.
func TestAccHTTPSEdgeRoute_importInvalidID(t *testing.T) {
	t.Parallel()
	a := newEdgeAccount(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: a.config(importBlock(testHTTPSEdgeRouteResource, "edghtsrt_2hHGW0x7oSn4wdDzkRmE7YcB3Lq") +
				testAccHTTPSEdgeRouteConfig(`"edghts_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"`, `match_type = "path_prefix"`, `match = "/"`)),
			ExpectError: regexp.MustCompile(`(?s)Invalid Import ID.*Expected\s+<edge_id>/<id>`),
		}},
	})
}

// A route deleted outside Terraform, or gone with its edge, is created again.
func TestAccHTTPSEdgeRoute_disappears(t *testing.T) {
	t.Parallel()
	a := newEdgeAccount(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: a.config(testAccHTTPSEdgeRouteConfig("ngrok_https_edge.edge.id", `match_type = "path_prefix"`, `match = "/"`)),
			Check: func(s *terraform.State) error {
				rs := s.RootModule().Resources[testHTTPSEdgeRouteResource]
				return a.client.DeleteHTTPSEdgeRoute(context.Background(), rs.Primary.Attributes["edge_id"], rs.Primary.ID)
			},
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testHTTPSEdgeRouteResource, plancheck.ResourceActionCreate)},
			},
			ExpectNonEmptyPlan: true,
		}},
	})
}

func TestAccHTTPSEdgeRoute_invalidConfig(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		edge  string
		attrs []string
		want  string
	}{
		"match type":  {`"edghts_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"`, []string{`match_type = "regex"`, `match = "/"`}, `(?s)match_type.*exact_path.*path_prefix`},
		"not a path":  {`"edghts_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"`, []string{`match_type = "path_prefix"`, `match = "api"`}, `(?s)Invalid Route Match.*starts\s+with\s+/`},
		"query":       {`"edghts_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"`, []string{`match_type = "path_prefix"`, `match = "/api?x=1"`}, `(?s)Invalid Route Match.*query`},
		"not an edge": {`"ep_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"`, []string{`match_type = "path_prefix"`, `match = "/"`}, `(?s)edge_id.*edghts_`},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			mock := newTestMock(t)
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
				Steps: []resource.TestStep{{
					Config:      mock.config(testAccHTTPSEdgeRouteConfig(tc.edge, tc.attrs...)),
					PlanOnly:    true,
					ExpectError: regexp.MustCompile(tc.want),
				}},
			})
		})
	}
}

// A route whose match another route of the edge has is refused by the API,
// its message shown.
func TestAccHTTPSEdgeRoute_duplicateMatch(t *testing.T) {
	t.Parallel()
	a := newEdgeAccount(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: a.config(testAccHTTPSEdgeRouteConfig("ngrok_https_edge.edge.id", `match_type = "path_prefix"`, `match = "/"`) +
				"resource \"ngrok_https_edge_route\" \"twin\" {\n  edge_id = ngrok_https_edge.edge.id\n  match_type = \"exact_path\"\n  match = \"/\"\n" +
				"  depends_on = [ngrok_https_edge_route.test]\n}\n"),
			ExpectError: regexp.MustCompile(`(?s)Unable to Create HTTPS Edge Route.*ERR_NGROK_7126`),
		}},
	})
}

// Without edge write access (the mock's default) a route's create fails with
// ERR_NGROK_7008, explained; an existing route is imported all the same, and
// on a read-only account it is refreshed and listed while its update fails
// with ERR_NGROK_7196, explained.
func TestAccHTTPSEdgeRoute_edgesNotWritable(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	edge, err := mock.server.SeedHTTPSEdge(mockserver.HTTPSEdgeSeed{})
	if err != nil {
		t.Fatal(err)
	}
	route, err := mock.server.SeedHTTPSEdgeRoute(edge, mockserver.HTTPSEdgeRouteSeed{Match: "/"})
	if err != nil {
		t.Fatal(err)
	}
	config := func(match string) string {
		return mock.config(fmt.Sprintf("resource \"ngrok_https_edge_route\" \"test\" {\n  edge_id = %q\n  match_type = \"path_prefix\"\n  match = %q\n}\n", edge, match))
	}
	resource.Test(t, resource.TestCase{
		TerraformVersionChecks:   queryVersionChecks,
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config("/new"),
				ExpectError: regexp.MustCompile(`(?s)Unable to Create HTTPS Edge Route.*ERR_NGROK_7008.*ngrok\s+no\s+longer\s+offers\s+edges` +
					`.*Moving\s+from\s+edges\s+to\s+cloud\s+endpoints`),
			},
			{
				Config: config("/") + importBlock(testHTTPSEdgeRouteResource, edge+"/"+route),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(testHTTPSEdgeRouteResource, tfjsonpath.New("id"), knownvalue.StringExact(route)),
				},
			},
			{PreConfig: func() { mock.server.SetEdgesReadOnly(true) }, Config: config("/"), PlanOnly: true},
			{
				Query:             true,
				Config:            listBlock("ngrok_https_edge_route", "all", ""),
				QueryResultChecks: []querycheck.QueryResultCheck{querycheck.ExpectLength("ngrok_https_edge_route.all", 1)},
			},
			{
				Config:      config("/changed"),
				ExpectError: regexp.MustCompile(`(?s)Unable to Update HTTPS Edge Route.*ERR_NGROK_7196.*ngrok\s+has\s+made\s+edges\s+read-only`),
			},
			{
				// The destroy at the end of the test needs write access.
				PreConfig: func() {
					mock.server.SetEdgesReadOnly(false)
					mock.server.SetEdgesWritable(true)
				},
				Config:           config("/"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
		},
	})
}
