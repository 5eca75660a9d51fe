package provider

import (
	"context"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

// terraform query lists the cloud endpoints, and only them (an agent's
// endpoint is left out): by url, whatever its default port; by filter; with
// include_resource, every attribute as an import reads it.
func TestAccCloudEndpointListResource(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	ctx := context.Background()
	reserveTestDomains(t, mock, "www.example.com")
	reserveTestAddrs(t, mock, "1.tcp.ngrok.io:12345")
	if _, err := mock.server.SeedAgentEndpoint(mockserver.AgentEndpointSeed{URL: "https://laptop.ngrok.app", UpstreamURL: "http://localhost:3000"}); err != nil {
		t.Fatal(err)
	}
	ids := map[string]string{}
	for _, in := range []apiclient.EndpointCreate{
		{URL: "https://www.example.com", TrafficPolicy: `{"on_http_request":[{"actions":[{"type":"deny"}]}]}`, Metadata: `{"tier":"gold"}`},
		{URL: "https://svc.cluster", TrafficPolicy: "{}", Bindings: []string{"kubernetes"}},
		{URL: "tcp://1.tcp.ngrok.io:12345", TrafficPolicy: "{}", Description: "bastion"},
	} {
		in.Type = apiclient.EndpointTypeCloud
		ep, err := mock.client.CreateEndpoint(ctx, &in)
		if err != nil {
			t.Fatal(err)
		}
		ids[in.URL] = ep.ID
	}

	resource.Test(t, resource.TestCase{
		TerraformVersionChecks:   queryVersionChecks,
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: mock.config(testAccCloudEndpointConfig(`url = "https://managed.internal"`, `traffic_policy = "{}"`))},
			{
				Query: true,
				Config: listBlock("ngrok_cloud_endpoint", "all", "") +
					listBlock("ngrok_cloud_endpoint", "by_url", `  include_resource = true
  config {
    url = "HTTPS://www.example.com:443"
  }
`) +
					listBlock("ngrok_cloud_endpoint", "kubernetes", `  config {
    filter = "'kubernetes' in obj.bindings"
  }
`),
				QueryResultChecks: []querycheck.QueryResultCheck{
					querycheck.ExpectLength("ngrok_cloud_endpoint.all", 4),
					querycheck.ExpectResourceDisplayName("ngrok_cloud_endpoint.all", byID(ids["tcp://1.tcp.ngrok.io:12345"]),
						knownvalue.StringExact("tcp://1.tcp.ngrok.io:12345")),

					querycheck.ExpectLength("ngrok_cloud_endpoint.by_url", 1),
					querycheck.ExpectResourceKnownValues("ngrok_cloud_endpoint.by_url", byID(ids["https://www.example.com"]), []querycheck.KnownValueCheck{
						knownValue("url", knownvalue.StringExact("https://www.example.com")),
						knownValue("traffic_policy", knownvalue.StringExact(`{"on_http_request":[{"actions":[{"type":"deny"}]}]}`)),
						knownValue("metadata", knownvalue.StringExact(`{"tier":"gold"}`)),
						knownValue("description", knownvalue.StringExact("")),
						knownValue("bindings", knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact("public")})),
						knownValue("pooling_enabled", knownvalue.Bool(false)),
						knownValue("domain_id", knownvalue.StringRegexp(rdIDPattern)),
					}),

					querycheck.ExpectLength("ngrok_cloud_endpoint.kubernetes", 1),
					querycheck.ExpectIdentity("ngrok_cloud_endpoint.kubernetes", map[string]knownvalue.Check{"id": knownvalue.StringExact(ids["https://svc.cluster"])}),
				},
			},
		},
	})
}

// A url that is not an endpoint URL fails the query before any request.
func TestAccCloudEndpointListResource_invalidURL(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		TerraformVersionChecks:   queryVersionChecks,
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: mock.config(testAccCloudEndpointConfig(`url = "https://managed.internal"`, `traffic_policy = "{}"`))},
			{
				Query:       true,
				Config:      listBlock("ngrok_cloud_endpoint", "bad", "  config {\n    url = \"https://www.example.com/path\"\n  }\n"),
				ExpectError: regexp.MustCompile(`(?s)Invalid Endpoint URL.*path`),
			},
		},
	})
}
