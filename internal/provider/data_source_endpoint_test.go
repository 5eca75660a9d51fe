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
		"uri":               knownvalue.Null(),
		"region":            knownvalue.Null(),
		"name":              knownvalue.StringExact("laptop"),
		"description":       knownvalue.StringExact("dev tunnel"),
		"metadata":          knownvalue.StringExact(""),
		"upstream_url":      knownvalue.StringExact("http://localhost:3000"),
		"upstream_protocol": knownvalue.Null(),
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
		"port":           knownvalue.Null(),
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
		"scheme":            knownvalue.Null(),
		"host":              knownvalue.Null(),
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
		"filter syntax": {`filter = "obj.type =="`, `(?s)Invalid Filter.*invalid_cel_expression.*Syntax error`},
		"filter field":  {`filter = "obj.hostport == 'a:1'"`, `(?s)Invalid Filter.*unsupported field:\s+obj.hostport`},
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
		"malformed id":       {`id = "rd_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"`, `(?s)id.*must be the ID of an endpoint`},
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

// Every attribute of every kind of endpoint, as the list and the single data
// source return it: a value where the API sends one, null where it omits
// the property.
func TestAccEndpointDataSources_everyField(t *testing.T) {
	t.Parallel()
	clock := &rdClock{now: rdTestClockStart}
	mock := newTestMock(t, mockserver.WithClock(clock.Now))
	origin := mock.url
	domainID := reserveTestDomains(t, mock, "*.example.com")[0]
	const (
		tunnelID  = "tn_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
		sessionID = "ts_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
		userID    = "usr_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
		tlsEdgeID = "edgtls_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
		agentPol  = "on_tcp_connect:\n  - actions:\n      - type: restrict-ips\n"
	)
	tcpAgent, err := mock.server.SeedAgentEndpoint(mockserver.AgentEndpointSeed{
		URL: "tcp://1.tcp.ngrok.io:12345", Region: "ap", Name: "db", Metadata: `{"k":"v"}`, TrafficPolicy: agentPol,
		PoolingEnabled: true, TunnelID: tunnelID, TunnelSessionID: sessionID, PrincipalID: userID,
	})
	if err != nil {
		t.Fatal(err)
	}
	httpAgent, err := mock.server.SeedAgentEndpoint(mockserver.AgentEndpointSeed{
		URL: "https://dev.example.com", UpstreamURL: "http://localhost:8080", UpstreamProtocol: "http2",
	})
	if err != nil {
		t.Fatal(err)
	}
	tlsEdge, err := mock.server.SeedEdgeEndpoint(mockserver.EdgeEndpointSeed{
		URL: "tls://secure.example.com:443", Region: "eu", Description: "tls edge", EdgeID: tlsEdgeID,
	})
	if err != nil {
		t.Fatal(err)
	}
	ref := func(collection, id string) knownvalue.Check {
		return knownvalue.ObjectExact(map[string]knownvalue.Check{
			"id": knownvalue.StringExact(id), "uri": knownvalue.StringExact(origin + "/" + collection + "/" + id),
		})
	}
	refLike := func(prefix string) knownvalue.Check {
		return knownvalue.ObjectExact(map[string]knownvalue.Check{
			"id": knownvalue.StringRegexp(regexp.MustCompile("^" + prefix + "[0-9A-Za-z]{27}$")), "uri": knownvalue.NotNull(),
		})
	}
	created := knownvalue.StringExact("2025-09-04T10:11:14Z")
	str, null := knownvalue.StringExact, knownvalue.Null()
	// NOTE: a user is not an object of the API: its reference has an empty uri.
	userRef := func(id string) knownvalue.Check {
		return knownvalue.ObjectExact(map[string]knownvalue.Check{"id": str(id), "uri": str("")})
	}
	bindings := func(b string) knownvalue.Check { return knownvalue.ListExact([]knownvalue.Check{str(b)}) }
	want := map[string]map[string]knownvalue.Check{
		"cloud": {
			"id": knownvalue.StringRegexp(testEndpointIDPattern), "uri": knownvalue.StringRegexp(regexp.MustCompile("^" + regexp.QuoteMeta(origin) + "/endpoints/ep_")),
			"type": str("cloud"), "url": str("https://app.example.com"), "region": null,
			"created_at": created, "updated_at": created,
			"public_url": str("https://app.example.com"), "proto": str("https"), "scheme": null,
			"hostport": str("app.example.com:443"), "host": null, "port": null,
			"description": str("web"), "metadata": str(""),
			"domain": ref("reserved_domains", domainID), "tcp_addr": null, "tunnel": null, "tunnel_session": null,
			"edge": null, "principal": null, "upstream_url": null, "upstream_protocol": null, "name": null,
			"traffic_policy": str(`{"on_http_request":[]}`), "bindings": bindings("public"), "pooling_enabled": knownvalue.Bool(false),
		},
		"tcp agent": {
			"id": str(tcpAgent), "uri": null,
			"type": str("ephemeral"), "url": str("tcp://1.tcp.ngrok.io:12345"), "region": null,
			"created_at": created, "updated_at": created,
			"public_url": str("tcp://1.tcp.ngrok.io:12345"), "proto": str("tcp"), "scheme": null,
			"hostport": str("1.tcp.ngrok.io:12345"), "host": null, "port": null,
			"description": str(""), "metadata": str(`{"k":"v"}`),
			"domain": null, "tcp_addr": null, "tunnel": ref("tunnels", tunnelID), "tunnel_session": ref("tunnel_sessions", sessionID),
			"edge": null, "principal": userRef(userID), "upstream_url": str("tcp://localhost:22"), "upstream_protocol": null,
			"name": str("db"), "traffic_policy": str(agentPol), "bindings": bindings("public"), "pooling_enabled": knownvalue.Bool(true),
		},
		"https agent": {
			"id": str(httpAgent), "uri": null,
			"type": str("ephemeral"), "url": str("https://dev.example.com"), "region": null,
			"created_at": created, "updated_at": created,
			"public_url": str("https://dev.example.com"), "proto": str("https"), "scheme": null,
			"hostport": str("dev.example.com:443"), "host": null, "port": null,
			"description": str(""), "metadata": str(""),
			"domain": ref("reserved_domains", domainID), "tcp_addr": null, "tunnel": refLike("tn_"), "tunnel_session": refLike("ts_"),
			"edge": null, "principal": refLike("usr_"), "upstream_url": str("http://localhost:8080"), "upstream_protocol": null,
			"name": null, "traffic_policy": null, "bindings": bindings("public"), "pooling_enabled": knownvalue.Bool(false),
		},
		"tls edge": {
			"id": str(tlsEdge), "uri": null,
			"type": str("edge"), "url": null, "region": null,
			"created_at": created, "updated_at": created,
			"public_url": str("tls://secure.example.com"), "proto": str("tls"), "scheme": null,
			"hostport": str("secure.example.com:443"), "host": null, "port": null,
			"description": str("tls edge"), "metadata": str(""),
			"domain": ref("reserved_domains", domainID), "tcp_addr": null, "tunnel": null, "tunnel_session": null,
			"edge": ref("edges/tls", tlsEdgeID), "principal": null, "upstream_url": null, "upstream_protocol": null,
			"name": null, "traffic_policy": null, "bindings": bindings("public"), "pooling_enabled": knownvalue.Bool(false),
		},
	}
	checks := []statecheck.StateCheck{
		statecheck.ExpectKnownValue("data.ngrok_endpoints.all", tfjsonpath.New("endpoints"), knownvalue.ListExact([]knownvalue.Check{
			knownvalue.ObjectExact(want["cloud"]), knownvalue.ObjectExact(want["tls edge"]),
			knownvalue.ObjectExact(want["https agent"]), knownvalue.ObjectExact(want["tcp agent"]),
		})),
	}
	// The single data source returns the same attributes, by ID and by url;
	// looked up by url, it keeps the url as written.
	for kind, lookups := range map[string]map[string]string{
		"tcp agent":   {"tcp_agent": "", "tcp_agent_by_url": "tcp://1.tcp.ngrok.io:12345"},
		"https agent": {"https_agent": "", "https_agent_by_url": "https://dev.example.com"},
		"tls edge":    {"tls_edge": "", "tls_edge_by_url": "tls://secure.example.com:443"},
		"cloud":       {"cloud": ""},
	} {
		for name, url := range lookups {
			for attr, check := range want[kind] {
				if attr == "url" && url != "" {
					check = str(url)
				}
				checks = append(checks, statecheck.ExpectKnownValue("data.ngrok_endpoint."+name, tfjsonpath.New(attr), check))
			}
		}
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(`resource "ngrok_cloud_endpoint" "test" {
  url            = "https://app.example.com"
  traffic_policy = jsonencode({ on_http_request = [] })
  description    = "web"
}

data "ngrok_endpoints" "all" {
  depends_on = [ngrok_cloud_endpoint.test]
}

data "ngrok_endpoint" "tcp_agent" {
  id = "` + tcpAgent + `"
}

data "ngrok_endpoint" "tcp_agent_by_url" {
  url = "tcp://1.tcp.ngrok.io:12345"
}

data "ngrok_endpoint" "https_agent" {
  id = "` + httpAgent + `"
}

data "ngrok_endpoint" "https_agent_by_url" {
  url = "https://dev.example.com"
}

data "ngrok_endpoint" "tls_edge" {
  id = "` + tlsEdge + `"
}

data "ngrok_endpoint" "tls_edge_by_url" {
  url = "tls://secure.example.com:443"
}

data "ngrok_endpoint" "cloud" {
  id = ngrok_cloud_endpoint.test.id
}
`),
			ConfigStateChecks: checks,
		}},
	})
}
