package provider

import (
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

const (
	testTunnelID = "tn_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
	testEdgeID   = "edghts_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
)

// endpointFixture is an account with an endpoint of each kind: an agent's
// and an edge's (seeded: the API cannot create them) and, once the
// configuration is applied, a cloud endpoint.
type endpointFixture struct {
	mock            *testMock
	domainID        string
	agentID, edgeID string
}

func seedEndpoints(t *testing.T) endpointFixture {
	t.Helper()
	mock := newTestMock(t)
	f := endpointFixture{mock: mock, domainID: reserveTestDomains(t, mock, "app.example.com")[0]}
	var err error
	f.agentID, err = mock.server.SeedAgentEndpoint(mockserver.AgentEndpointSeed{
		URL: "https://abc123.ngrok.app", Region: "eu", Name: "laptop", Description: "dev tunnel",
		UpstreamURL: "http://localhost:3000", TunnelID: testTunnelID,
	})
	if err != nil {
		t.Fatal(err)
	}
	f.edgeID, err = mock.server.SeedEdgeEndpoint(mockserver.EdgeEndpointSeed{
		URL: "https://shop.example.com", Description: "shop edge", EdgeID: testEdgeID,
	})
	if err != nil {
		t.Fatal(err)
	}
	return f
}

const testCloudEndpointForData = `resource "ngrok_cloud_endpoint" "test" {
  url            = "https://app.example.com"
  traffic_policy = jsonencode({ on_http_request = [] })
  metadata       = jsonencode({ env = "prod" })
}
`

func TestAccEndpointsDataSource(t *testing.T) {
	t.Parallel()
	f := seedEndpoints(t)
	origin := f.mock.url
	agent := knownvalue.ObjectPartial(map[string]knownvalue.Check{
		"id":                knownvalue.StringExact(f.agentID),
		"type":              knownvalue.StringExact("ephemeral"),
		"url":               knownvalue.StringExact("https://abc123.ngrok.app"),
		"region":            knownvalue.StringExact("eu"),
		"name":              knownvalue.StringExact("laptop"),
		"description":       knownvalue.StringExact("dev tunnel"),
		"metadata":          knownvalue.StringExact(""),
		"upstream_url":      knownvalue.StringExact("http://localhost:3000"),
		"upstream_protocol": knownvalue.StringExact("http1"),
		"tunnel": knownvalue.ObjectExact(map[string]knownvalue.Check{
			"id": knownvalue.StringExact(testTunnelID), "uri": knownvalue.StringExact(origin + "/tunnels/" + testTunnelID),
		}),
		"tunnel_session": knownvalue.ObjectPartial(map[string]knownvalue.Check{"id": knownvalue.StringRegexp(regexp.MustCompile(`^ts_`))}),
		"principal":      knownvalue.ObjectPartial(map[string]knownvalue.Check{"id": knownvalue.StringRegexp(regexp.MustCompile(`^usr_`))}),
		"edge":           knownvalue.Null(),
		"domain":         knownvalue.Null(),
		"tcp_addr":       knownvalue.Null(),
		"traffic_policy": knownvalue.Null(),
		"hostport":       knownvalue.StringExact("abc123.ngrok.app:443"),
		"port":           knownvalue.Int64Exact(443),
		"bindings":       knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact("public")}),
	})
	edge := knownvalue.ObjectPartial(map[string]knownvalue.Check{
		"id":   knownvalue.StringExact(f.edgeID),
		"type": knownvalue.StringExact("edge"),
		"edge": knownvalue.ObjectExact(map[string]knownvalue.Check{
			"id": knownvalue.StringExact(testEdgeID), "uri": knownvalue.StringExact(origin + "/edges/https/" + testEdgeID),
		}),
		"tunnel":       knownvalue.Null(),
		"upstream_url": knownvalue.Null(),
		"name":         knownvalue.Null(),
	})
	cloud := knownvalue.ObjectPartial(map[string]knownvalue.Check{
		"type":   knownvalue.StringExact("cloud"),
		"url":    knownvalue.StringExact("https://app.example.com"),
		"region": knownvalue.Null(),
		"domain": knownvalue.ObjectExact(map[string]knownvalue.Check{
			"id": knownvalue.StringExact(f.domainID), "uri": knownvalue.StringExact(origin + "/reserved_domains/" + f.domainID),
		}),
		"tunnel":            knownvalue.Null(),
		"tunnel_session":    knownvalue.Null(),
		"principal":         knownvalue.Null(),
		"edge":              knownvalue.Null(),
		"upstream_url":      knownvalue.Null(),
		"upstream_protocol": knownvalue.Null(),
		"name":              knownvalue.Null(),
		"traffic_policy":    knownvalue.StringExact(`{"on_http_request":[]}`),
		"metadata":          knownvalue.StringExact(`{"env":"prod"}`),
		"pooling_enabled":   knownvalue.Bool(false),
		"scheme":            knownvalue.StringExact("https"),
		"host":              knownvalue.StringExact("app.example.com"),
	})
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: f.mock.config(testCloudEndpointForData + `
data "ngrok_endpoints" "all" {
  depends_on = [ngrok_cloud_endpoint.test]
}

data "ngrok_endpoints" "cloud" {
  type       = "cloud"
  depends_on = [ngrok_cloud_endpoint.test]
}

data "ngrok_endpoints" "by_url" {
  url = "HTTPS://abc123.ngrok.app:443"
}

data "ngrok_endpoints" "public_not_cloud" {
  filter     = "\"public\" in obj.bindings && obj.type != 'cloud'"
  depends_on = [ngrok_cloud_endpoint.test]
}

data "ngrok_endpoints" "combined" {
  type   = "edge"
  filter = "obj.description.startsWith('dev') || obj.description.startsWith('shop')"
}

data "ngrok_endpoints" "none" {
  type = "edge"
  url  = "https://abc123.ngrok.app"
}
`),
			ConfigStateChecks: []statecheck.StateCheck{
				// Every kind, newest first: the cloud endpoint was created last.
				statecheck.ExpectKnownValue("data.ngrok_endpoints.all", tfjsonpath.New("endpoints"),
					knownvalue.ListExact([]knownvalue.Check{cloud, edge, agent})),
				statecheck.CompareValuePairs("data.ngrok_endpoints.all", tfjsonpath.New("endpoints").AtSliceIndex(0).AtMapKey("id"),
					testEndpointResource, tfjsonpath.New("id"), compare.ValuesSame()),
				statecheck.ExpectKnownValue("data.ngrok_endpoints.cloud", tfjsonpath.New("endpoints"),
					knownvalue.ListExact([]knownvalue.Check{cloud})),
				statecheck.ExpectKnownValue("data.ngrok_endpoints.by_url", tfjsonpath.New("endpoints"),
					knownvalue.ListExact([]knownvalue.Check{agent})),
				statecheck.ExpectKnownValue("data.ngrok_endpoints.public_not_cloud", tfjsonpath.New("endpoints"),
					knownvalue.ListExact([]knownvalue.Check{edge, agent})),
				statecheck.ExpectKnownValue("data.ngrok_endpoints.combined", tfjsonpath.New("endpoints"),
					knownvalue.ListExact([]knownvalue.Check{edge})),
				statecheck.ExpectKnownValue("data.ngrok_endpoints.none", tfjsonpath.New("endpoints"), knownvalue.ListSizeExact(0)),
			},
		}},
	})
}

func TestAccEndpointsDataSource_invalid(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct{ body, want string }{
		"filter syntax": {`filter = "obj.type =="`, `(?s)Unable to List Endpoints.*400.*ERR_NGROK_215`},
		"type":          {`type = "agent"`, `(?s)type.*value must be one of`},
		"url":           {`url = "ftp://a.example.com"`, `(?s)Invalid Endpoint URL`},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			mock := newTestMock(t)
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
				Steps: []resource.TestStep{{
					Config:      mock.config("data \"ngrok_endpoints\" \"bad\" {\n  " + tc.body + "\n}\n"),
					ExpectError: regexp.MustCompile(tc.want),
				}},
			})
		})
	}
}

func TestAccEndpointDataSource(t *testing.T) {
	t.Parallel()
	f := seedEndpoints(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: f.mock.config(testCloudEndpointForData + `
data "ngrok_endpoint" "agent" {
  id = "` + f.agentID + `"
}

data "ngrok_endpoint" "cloud_by_url" {
  url = "https://app.example.com:443"

  depends_on = [ngrok_cloud_endpoint.test]
}

data "ngrok_endpoint" "edge_by_url" {
  url = "https://shop.example.com"
}
`),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.ngrok_endpoint.agent", tfjsonpath.New("type"), knownvalue.StringExact("ephemeral")),
				statecheck.ExpectKnownValue("data.ngrok_endpoint.agent", tfjsonpath.New("tunnel").AtMapKey("id"), knownvalue.StringExact(testTunnelID)),
				statecheck.ExpectKnownValue("data.ngrok_endpoint.agent", tfjsonpath.New("upstream_url"), knownvalue.StringExact("http://localhost:3000")),
				statecheck.CompareValuePairs("data.ngrok_endpoint.cloud_by_url", tfjsonpath.New("id"),
					testEndpointResource, tfjsonpath.New("id"), compare.ValuesSame()),
				statecheck.CompareValuePairs("data.ngrok_endpoint.cloud_by_url", tfjsonpath.New("traffic_policy"),
					testEndpointResource, tfjsonpath.New("traffic_policy"), compare.ValuesSame()),
				// The url is kept as looked up; public_url is the API's spelling.
				statecheck.ExpectKnownValue("data.ngrok_endpoint.cloud_by_url", tfjsonpath.New("url"), knownvalue.StringExact("https://app.example.com:443")),
				statecheck.ExpectKnownValue("data.ngrok_endpoint.cloud_by_url", tfjsonpath.New("public_url"), knownvalue.StringExact("https://app.example.com")),
				statecheck.ExpectKnownValue("data.ngrok_endpoint.cloud_by_url", tfjsonpath.New("domain").AtMapKey("id"), knownvalue.StringExact(f.domainID)),
				statecheck.ExpectKnownValue("data.ngrok_endpoint.edge_by_url", tfjsonpath.New("id"), knownvalue.StringExact(f.edgeID)),
				statecheck.ExpectKnownValue("data.ngrok_endpoint.edge_by_url", tfjsonpath.New("edge").AtMapKey("id"), knownvalue.StringExact(testEdgeID)),
			},
		}},
	})
}

func TestAccEndpointDataSource_errors(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct{ body, want string }{
		"neither id nor url": {``, `(?s)Missing Attribute Configuration.*Exactly one of.*id,url`},
		"both id and url":    {`id = "ep_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"` + "\n  " + `url = "https://abc123.ngrok.app"`, `(?s)Invalid Attribute Combination`},
		"malformed id":       {`id = "rd_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"`, `(?s)id.*must be an endpoint ID`},
		"unknown id":         {`id = "ep_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"`, `(?s)Unable to Read Endpoint.*404`},
		"no endpoint at url": {`url = "https://nothing.example.com"`, `(?s)Endpoint Not Found.*https://nothing\.example\.com`},
		// The seeded edge endpoint and a second agent endpoint share this url.
		"several at url": {`url = "https://shop.example.com"`, `(?s)Several Endpoints Found.*2\s+endpoints.*\(ephemeral\).*\(edge\)`},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			f := seedEndpoints(t)
			if _, err := f.mock.server.SeedAgentEndpoint(mockserver.AgentEndpointSeed{URL: "https://shop.example.com"}); err != nil {
				t.Fatal(err)
			}
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
				Steps: []resource.TestStep{{
					Config:      f.mock.config("data \"ngrok_endpoint\" \"test\" {\n  " + tc.body + "\n}\n"),
					ExpectError: regexp.MustCompile(tc.want),
				}},
			})
		})
	}
}
