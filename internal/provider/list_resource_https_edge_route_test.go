package provider

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck/queryfilter"

	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

// terraform query lists the routes of one edge (edge_id) or of every edge,
// each with its identity (edge_id, id) and, with include_resource,
// every attribute as an import reads it.
func TestAccHTTPSEdgeRouteListResource(t *testing.T) {
	t.Parallel()
	a := newEdgeAccount(t)
	must := func(id string, err error) string {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	edge := must(a.server.SeedHTTPSEdge(mockserver.HTTPSEdgeSeed{Description: "seeded"}))
	root := must(a.server.SeedHTTPSEdgeRoute(edge, mockserver.HTTPSEdgeRouteSeed{Match: "/", Description: "all"}))
	must(a.server.SeedHTTPSEdgeRoute(edge, mockserver.HTTPSEdgeRouteSeed{Match: "/api", MatchType: "exact_path"}))
	byRoute := func(id string) queryfilter.QueryFilter {
		return queryfilter.ByResourceIdentity(map[string]knownvalue.Check{"edge_id": knownvalue.StringExact(edge), "id": knownvalue.StringExact(id)})
	}
	resource.Test(t, resource.TestCase{
		TerraformVersionChecks:   queryVersionChecks,
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: a.config(testAccHTTPSEdgeRouteConfig("ngrok_https_edge.edge.id", `match_type = "path_prefix"`, `match = "/"`))},
			{
				Query: true,
				Config: listBlock("ngrok_https_edge_route", "seeded", "  include_resource = true\n  config {\n    edge_id = \""+edge+"\"\n  }\n") +
					listBlock("ngrok_https_edge_route", "all", "") +
					listBlock("ngrok_https_edge_route", "first", "  limit = 1\n"),
				QueryResultChecks: []querycheck.QueryResultCheck{
					querycheck.ExpectLength("ngrok_https_edge_route.seeded", 2),
					querycheck.ExpectResourceDisplayName("ngrok_https_edge_route.seeded", byRoute(root), knownvalue.StringExact("all: path_prefix / on "+edge)),
					querycheck.ExpectResourceKnownValues("ngrok_https_edge_route.seeded", byRoute(root), []querycheck.KnownValueCheck{
						knownValue("id", knownvalue.StringExact(root)),
						knownValue("edge_id", knownvalue.StringExact(edge)),
						knownValue("match_type", knownvalue.StringExact("path_prefix")),
					}),
					querycheck.ExpectLength("ngrok_https_edge_route.all", 3),
					querycheck.ExpectLength("ngrok_https_edge_route.first", 1),
				},
			},
		},
	})
}
