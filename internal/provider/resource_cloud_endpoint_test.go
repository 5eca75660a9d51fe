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
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

const testEndpointResource = "ngrok_cloud_endpoint.test"

var (
	testEndpointIDPattern = regexp.MustCompile(`^ep_[0-9A-Za-z]{27}$`)
	testTimestampPattern  = regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$`)
)

// One policy in the notations a configuration may use. The API keeps the
// text as sent, so each is a different string with the same meaning.
const (
	policyHCL = `traffic_policy = jsonencode({
    on_http_request = [{
      actions = [{ type = "custom-response", config = { status_code = 200, body = "hello" } }]
    }]
  })`
	policyYAML = `traffic_policy = <<-EOT
    # Answer every request.
    on_http_request:
      - actions:
          - type: custom-response
            config:
              status_code: 200
              body: hello
  EOT`
	policyJSON = `traffic_policy = <<-EOT
    {
        "on_http_request": [
            {
                "actions": [
                    { "type": "custom-response", "config": { "body": "hello", "status_code": 200.0 } }
                ]
            }
        ]
    }
  EOT`
	policyChanged = `traffic_policy = jsonencode({
    on_http_request = [{
      actions = [{ type = "custom-response", config = { status_code = 503, body = "down for maintenance" } }]
    }]
  })`
)

func testAccCloudEndpointConfig(attrs ...string) string {
	return "resource \"ngrok_cloud_endpoint\" \"test\" {\n  " + strings.Join(attrs, "\n  ") + "\n}\n"
}

// reserveTestDomains reserves domains in the mock, as an earlier apply of
// ngrok_reserved_domain would, and returns their IDs.
// reserveTestAddrs reserves the TCP addresses (host:port) in mock, as an
// account that reserved them earlier holds them, for tcp:// cloud
// endpoints on known addresses.
func reserveTestAddrs(t *testing.T, mock *testMock, addrs ...string) {
	t.Helper()
	for _, a := range addrs {
		if _, err := mock.server.SeedReservedAddr(a, ""); err != nil {
			t.Fatal(err)
		}
	}
}

func reserveTestDomains(t *testing.T, mock *testMock, domains ...string) []string {
	t.Helper()
	ids := make([]string, len(domains))
	for i, d := range domains {
		rd, err := mock.client.CreateReservedDomain(context.Background(), &apiclient.ReservedDomainCreate{Domain: d})
		if err != nil {
			t.Fatal(err)
		}
		ids[i] = rd.ID
		if mock.onAccount() {
			// NOTE: on an account, after the test's destroy.
			t.Cleanup(func() {
				if err := mock.client.DeleteReservedDomain(context.Background(), rd.ID); err != nil {
					t.Errorf("the test's domain %s: %v", d, err)
				}
			})
		}
	}
	return ids
}

func TestAccCloudEndpoint_basic(t *testing.T) {
	t.Parallel()
	mock := newTestAccount(t)
	host := mock.acc.DomainName("app")
	rd := reserveTestDomains(t, mock, host)[0]
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: mock.config(testAccCloudEndpointConfig(fmt.Sprintf("url = %q", "https://"+host), policyHCL)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(testEndpointResource, plancheck.ResourceActionCreate),
						// The server's default binding is planned, not left unknown.
						plancheck.ExpectKnownValue(testEndpointResource, tfjsonpath.New("bindings"),
							knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact("public")})),
						plancheck.ExpectKnownValue(testEndpointResource, tfjsonpath.New("pooling_enabled"), knownvalue.Bool(false)),
					},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(testEndpointResource, tfjsonpath.New("id"), knownvalue.StringRegexp(testEndpointIDPattern)),
					statecheck.ExpectKnownValue(testEndpointResource, tfjsonpath.New("uri"), knownvalue.StringRegexp(
						regexp.MustCompile("^"+regexp.QuoteMeta(mock.url)+`/endpoints/ep_`))),
					statecheck.ExpectKnownValue(testEndpointResource, tfjsonpath.New("created_at"), knownvalue.StringRegexp(testTimestampPattern)),
					statecheck.ExpectKnownValue(testEndpointResource, tfjsonpath.New("updated_at"), knownvalue.StringRegexp(testTimestampPattern)),
					statecheck.ExpectKnownValue(testEndpointResource, tfjsonpath.New("url"), knownvalue.StringExact("https://"+host)),
					statecheck.ExpectKnownValue(testEndpointResource, tfjsonpath.New("proto"), knownvalue.StringExact("https")),
					statecheck.ExpectKnownValue(testEndpointResource, tfjsonpath.New("hostport"), knownvalue.StringExact(host+":443")),
					statecheck.ExpectKnownValue(testEndpointResource, tfjsonpath.New("public_url"), knownvalue.StringExact("https://"+host)),
					statecheck.ExpectKnownValue(testEndpointResource, tfjsonpath.New("domain_id"), knownvalue.StringExact(rd)),
					statecheck.ExpectKnownValue(testEndpointResource, tfjsonpath.New("bindings"),
						knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact("public")})),
					statecheck.ExpectKnownValue(testEndpointResource, tfjsonpath.New("pooling_enabled"), knownvalue.Bool(false)),
					statecheck.ExpectKnownValue(testEndpointResource, tfjsonpath.New("description"), knownvalue.StringExact("")),
					statecheck.ExpectKnownValue(testEndpointResource, tfjsonpath.New("metadata"), knownvalue.StringExact("")),
					statecheck.ExpectKnownValue(testEndpointResource, tfjsonpath.New("traffic_policy"), knownvalue.StringExact(
						`{"on_http_request":[{"actions":[{"config":{"body":"hello","status_code":200},"type":"custom-response"}]}]}`)),
					expectAPIEndpoint(mock, func(ep *apiclient.Endpoint) error {
						if ep.Type != "cloud" || ep.Domain == nil || ep.Domain.ID != rd {
							return fmt.Errorf("API has type %q and domain %+v", ep.Type, ep.Domain)
						}
						return nil
					}),
				},
			},
			{
				ResourceName:      testEndpointResource,
				ImportState:       true,
				ImportStateVerify: true,
			},
			{
				// terraform plan -generate-config-out writes configuration
				// that imports with no change.
				ResourceName:    testEndpointResource,
				ImportState:     true,
				ImportStateKind: resource.ImportBlockWithID,
				GenerateConfig:  true,
			},
		},
	})
}

// Cloud endpoints created outside Terraform, in several shapes, imported
// with the configuration that terraform plan -generate-config-out writes:
// the plan is empty, whatever the notation of the policy and the
// formatting of JSON metadata (which the generated configuration rewrites
// with jsonencode).
func TestAccCloudEndpoint_generatedConfig(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	reserveTestDomains(t, mock, "app.example.com", "*.example.net")
	var ids []string
	for _, in := range []apiclient.EndpointCreate{
		{URL: "https://App.example.com:443", TrafficPolicy: "on_http_request:\n  - actions:\n      - type: deny", Description: "from the API",
			Metadata: "{\"env\": \"prod\",  \"replicas\": 2.0}"},
		{URL: "tcp://db.internal:5432", TrafficPolicy: `{ "on_tcp_connect" : [ { "actions": [ { "type": "restrict-ips", "config": { "enforce": true, "allow": ["10.0.0.0/8"] } } ] } ] }`,
			PoolingEnabled: true},
		{URL: "https://web.example.net", TrafficPolicy: "{}", Bindings: []string{"kubernetes"}, Metadata: "plain text"},
	} {
		ep, err := mock.client.CreateEndpoint(context.Background(), &in)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, ep.ID)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps:                    generatedConfigImportSteps(mock.config(`data "ngrok_endpoints" "all" {}`), testEndpointResource, ids),
	})
}

// The same policy written with jsonencode, as YAML and as re-indented JSON
// is no change in either direction; a change of meaning is an update in place.
func TestAccCloudEndpoint_trafficPolicyNotations(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	sameID := statecheck.CompareValue(compare.ValuesSame())
	updatedAt := statecheck.CompareValue(compare.ValuesDiffer())
	config := func(policy string) string {
		return mock.config(testAccCloudEndpointConfig(`url = "http://api.internal"`, policy))
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config(policyHCL),
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testEndpointResource, tfjsonpath.New("id")),
					updatedAt.AddStateValue(testEndpointResource, tfjsonpath.New("updated_at")),
				},
			},
			{Config: config(policyYAML), PlanOnly: true},
			{Config: config(policyJSON), PlanOnly: true},
			{
				Config: config(policyChanged),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(testEndpointResource, plancheck.ResourceActionUpdate),
						plancheck.ExpectUnknownValue(testEndpointResource, tfjsonpath.New("updated_at")),
						// The url did not change, so what derives from it stays known.
						plancheck.ExpectKnownValue(testEndpointResource, tfjsonpath.New("hostport"), knownvalue.StringExact("api.internal:80")),
						plancheck.ExpectKnownValue(testEndpointResource, tfjsonpath.New("proto"), knownvalue.StringExact("http")),
					},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testEndpointResource, tfjsonpath.New("id")),
					updatedAt.AddStateValue(testEndpointResource, tfjsonpath.New("updated_at")),
					expectAPIEndpoint(mock, func(ep *apiclient.Endpoint) error {
						if ep.TrafficPolicy == nil || !strings.Contains(*ep.TrafficPolicy, "down for maintenance") {
							return fmt.Errorf("API policy = %v", ep.TrafficPolicy)
						}
						return nil
					}),
				},
			},
			{
				// Applied as YAML, the policy is kept byte for byte...
				Config: config(strings.ReplaceAll(policyYAML, "status_code: 200", "status_code: 503")),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testEndpointResource, plancheck.ResourceActionUpdate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testEndpointResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testEndpointResource, tfjsonpath.New("traffic_policy"),
						knownvalue.StringRegexp(regexp.MustCompile(`^# Answer every request.\non_http_request:\n`))),
				},
			},
			// ...and the other notations of it are still no change.
			{Config: config(strings.ReplaceAll(policyHCL, "status_code = 200", "status_code = 503")), PlanOnly: true},
			{Config: config(strings.ReplaceAll(policyJSON, "200.0", "503")), PlanOnly: true},
		},
	})
}

func TestAccCloudEndpoint_url(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	rds := reserveTestDomains(t, mock, "app.example.com", "*.example.net")
	sameID := statecheck.CompareValue(compare.ValuesSame())
	differentID := statecheck.CompareValue(compare.ValuesDiffer())
	config := func(url string) string {
		policy := policyHCL
		if strings.HasPrefix(url, "tls://") {
			// NOTE: a TLS endpoint runs on_tcp_connect only (ERR_NGROK_2230).
			policy = `traffic_policy = jsonencode({ on_tcp_connect = [{ actions = [{ type = "deny" }] }] })`
		}
		return mock.config(testAccCloudEndpointConfig(fmt.Sprintf("url = %q", url), policy, `description = "kept"`))
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				// The default port spelled out is kept as written.
				Config: config("https://App.example.com:443"),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testEndpointResource, tfjsonpath.New("id")),
					differentID.AddStateValue(testEndpointResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testEndpointResource, tfjsonpath.New("url"), knownvalue.StringExact("https://App.example.com:443")),
					statecheck.ExpectKnownValue(testEndpointResource, tfjsonpath.New("public_url"), knownvalue.StringExact("https://app.example.com")),
					statecheck.ExpectKnownValue(testEndpointResource, tfjsonpath.New("domain_id"), knownvalue.StringExact(rds[0])),
				},
			},
			// Other spellings of the same URL are no change.
			{Config: config("https://app.example.com"), PlanOnly: true},
			{Config: config("HTTPS://APP.EXAMPLE.COM/"), PlanOnly: true},
			{
				// Respelled along with a real change, the url keeps its value and
				// what derives from it stays known; updated_at and domain_id,
				// which the update may change, are not.
				Config: mock.config(testAccCloudEndpointConfig(`url = "https://app.EXAMPLE.com"`, policyHCL, `description = "changed"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(testEndpointResource, plancheck.ResourceActionUpdate),
						plancheck.ExpectKnownValue(testEndpointResource, tfjsonpath.New("url"), knownvalue.StringExact("https://App.example.com:443")),
						plancheck.ExpectKnownValue(testEndpointResource, tfjsonpath.New("hostport"), knownvalue.StringExact("app.example.com:443")),
						plancheck.ExpectKnownValue(testEndpointResource, tfjsonpath.New("proto"), knownvalue.StringExact("https")),
						plancheck.ExpectKnownValue(testEndpointResource, tfjsonpath.New("public_url"), knownvalue.StringExact("https://app.example.com")),
						plancheck.ExpectUnknownValue(testEndpointResource, tfjsonpath.New("domain_id")),
						plancheck.ExpectUnknownValue(testEndpointResource, tfjsonpath.New("updated_at")),
					},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{sameID.AddStateValue(testEndpointResource, tfjsonpath.New("id"))},
			},
			{
				// Another host is an update in place.
				Config: config("https://api.example.net"),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(testEndpointResource, plancheck.ResourceActionUpdate),
						plancheck.ExpectUnknownValue(testEndpointResource, tfjsonpath.New("hostport")),
						plancheck.ExpectUnknownValue(testEndpointResource, tfjsonpath.New("domain_id")),
					},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testEndpointResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testEndpointResource, tfjsonpath.New("hostport"), knownvalue.StringExact("api.example.net:443")),
					statecheck.ExpectKnownValue(testEndpointResource, tfjsonpath.New("domain_id"), knownvalue.StringExact(rds[1])),
				},
			},
			{
				// So is another port.
				Config: config("https://api.example.net:8443"),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testEndpointResource, plancheck.ResourceActionUpdate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testEndpointResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testEndpointResource, tfjsonpath.New("public_url"), knownvalue.StringExact("https://api.example.net:8443")),
				},
			},
			{
				// Another scheme replaces the endpoint.
				Config: config("tls://api.example.net"),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(testEndpointResource, plancheck.ResourceActionDestroyBeforeCreate),
					},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					differentID.AddStateValue(testEndpointResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testEndpointResource, tfjsonpath.New("proto"), knownvalue.StringExact("tls")),
					statecheck.ExpectKnownValue(testEndpointResource, tfjsonpath.New("hostport"), knownvalue.StringExact("api.example.net:443")),
					statecheck.ExpectKnownValue(testEndpointResource, tfjsonpath.New("description"), knownvalue.StringExact("kept")),
				},
			},
		},
	})
}

func TestAccCloudEndpoint_updateInPlace(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	sameID := statecheck.CompareValue(compare.ValuesSame())
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: mock.config(testAccCloudEndpointConfig(`url = "tcp://db.internal:5432"`, `traffic_policy = "{}"`,
					`description = "db"`, `metadata = jsonencode({ team = "data" })`, `pooling_enabled = true`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectKnownValue(testEndpointResource, tfjsonpath.New("bindings"),
							knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact("internal")})),
					},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testEndpointResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testEndpointResource, tfjsonpath.New("pooling_enabled"), knownvalue.Bool(true)),
					statecheck.ExpectKnownValue(testEndpointResource, tfjsonpath.New("metadata"), knownvalue.StringExact(`{"team":"data"}`)),
					statecheck.ExpectKnownValue(testEndpointResource, tfjsonpath.New("domain_id"), knownvalue.Null()),
					statecheck.ExpectKnownValue(testEndpointResource, tfjsonpath.New("proto"), knownvalue.StringExact("tcp")),
				},
			},
			{
				// The same JSON metadata in another formatting is no change.
				Config: mock.config(testAccCloudEndpointConfig(`url = "tcp://db.internal:5432"`, `traffic_policy = "{}"`,
					`description = "db"`, `metadata = "{\n  \"team\": \"data\"\n}"`, `pooling_enabled = true`)),
				PlanOnly: true,
			},
			{
				// Removing optional settings clears them in the API.
				Config: mock.config(testAccCloudEndpointConfig(`url = "tcp://db.internal:5432"`, `traffic_policy = "{}"`,
					`bindings = ["internal"]`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testEndpointResource, plancheck.ResourceActionUpdate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testEndpointResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testEndpointResource, tfjsonpath.New("description"), knownvalue.StringExact("")),
					statecheck.ExpectKnownValue(testEndpointResource, tfjsonpath.New("pooling_enabled"), knownvalue.Bool(false)),
					expectAPIEndpoint(mock, func(ep *apiclient.Endpoint) error {
						if ep.Description != "" || ep.Metadata != "" || ep.PoolingEnabled {
							return fmt.Errorf("API still has description %q, metadata %q, pooling %v", ep.Description, ep.Metadata, ep.PoolingEnabled)
						}
						return nil
					}),
				},
			},
		},
	})
}

// An endpoint whose domain is reserved in the same configuration: the url
// built from the reserved domain orders creation and deletion.
func TestAccCloudEndpoint_onReservedDomainResource(t *testing.T) {
	t.Parallel()
	mock := newTestAccount(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(fmt.Sprintf(`resource "ngrok_reserved_domain" "app" {
  domain = %q
}

`, mock.acc.DomainName("shop")) + testAccCloudEndpointConfig(`url = "https://${ngrok_reserved_domain.app.domain}"`, policyYAML)),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.CompareValuePairs("ngrok_reserved_domain.app", tfjsonpath.New("id"),
					testEndpointResource, tfjsonpath.New("domain_id"), compare.ValuesSame()),
			},
		}},
	})
}

func TestAccCloudEndpoint_unreservedDomain(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(testAccCloudEndpointConfig(`url = "https://app.example.com"`, policyHCL)),
			ExpectError: regexp.MustCompile(`(?s)Unable to Create Cloud Endpoint.*ERR_NGROK_18006.*does\s+not\s+have\s+any\s+domains\s+or\s+addresses\s+reserved` +
				`.*Operation ID: op_.*ngrok_reserved_domain`),
		}},
	})
}

func TestAccCloudEndpoint_urlTaken(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	if _, err := mock.client.CreateEndpoint(context.Background(), &apiclient.EndpointCreate{
		URL: "http://api.internal", TrafficPolicy: "{}",
	}); err != nil {
		t.Fatal(err)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config:      mock.config(testAccCloudEndpointConfig(`url = "http://api.internal:80"`, policyHCL)),
			ExpectError: regexp.MustCompile(`(?s)Unable to Create Cloud Endpoint.*409.*ERR_NGROK_18009.*terraform\s+import`),
		}},
	})
}

func TestAccCloudEndpoint_disappears(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	config := mock.config(testAccCloudEndpointConfig(`url = "http://api.internal"`, policyYAML))
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				// NOTE: the state keeps the object the Check deleted, so the destroy
				// that ends the test deletes it once more and must take the API's 404
				// as success.
				Config: config,
				Check:  deleteEndpointInAPI(mock, testEndpointResource),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PostApplyPostRefresh: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(testEndpointResource, plancheck.ResourceActionCreate),
					},
				},
				ExpectNonEmptyPlan: true,
			},
		},
	})
}

// Bindings changed outside Terraform, while the configuration leaves them to
// the default: the refreshed plan equals the state, and ModifyPlan must
// still plan the url's default back (its shortcut for a plan equal to the
// state applies only when the bindings are the default already).
func TestAccCloudEndpoint_bindingsChangedOutsideReturnToDefault(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	reserveTestDomains(t, mock, "app.example.com")
	config := mock.config(testAccCloudEndpointConfig(`url = "https://app.example.com"`, policyHCL))
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config,
				Check: func(s *terraform.State) error {
					rs, ok := s.RootModule().Resources[testEndpointResource]
					if !ok {
						return fmt.Errorf("%s not in state", testEndpointResource)
					}
					_, err := mock.client.UpdateEndpoint(context.Background(), rs.Primary.ID,
						&apiclient.EndpointUpdate{Bindings: &[]string{"kubernetes"}})
					return err
				},
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PostApplyPostRefresh: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(testEndpointResource, plancheck.ResourceActionUpdate),
						plancheck.ExpectKnownValue(testEndpointResource, tfjsonpath.New("bindings"),
							knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact("public")})),
					},
				},
				ExpectNonEmptyPlan: true,
			},
			{
				Config: config,
				ConfigStateChecks: []statecheck.StateCheck{
					expectAPIEndpoint(mock, func(ep *apiclient.Endpoint) error {
						if len(ep.Bindings) != 1 || ep.Bindings[0] != "public" {
							return fmt.Errorf("bindings in the API: %v, want [public]", ep.Bindings)
						}
						return nil
					}),
				},
			},
		},
	})
}

func TestAccCloudEndpoint_importInvalidID(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config("import {\n  to = " + testEndpointResource + "\n  id = \"rd_2hHGVyb5ZT6WQm1uXnLfNc8Ykam\"\n}\n\n" +
				testAccCloudEndpointConfig(`url = "http://api.internal"`, policyHCL)),
			ExpectError: regexp.MustCompile(`(?s)Invalid Import ID.*ep_`),
		}},
	})
}

func TestAccCloudEndpoint_importAgentEndpoint(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	id, err := mock.server.SeedAgentEndpoint(mockserver.AgentEndpointSeed{URL: "http://api.internal"})
	if err != nil {
		t.Fatal(err)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config("import {\n  to = " + testEndpointResource + "\n  id = \"" + id + "\"\n}\n\n" +
				testAccCloudEndpointConfig(`url = "http://api.internal"`, policyHCL)),
			ExpectError: regexp.MustCompile(`(?s)Not a Cloud Endpoint.*"ephemeral".*ngrok_endpoint`),
		}},
	})
}

func TestAccCloudEndpoint_invalidConfig(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		attrs []string
		want  string
	}{
		"url scheme":           {[]string{`url = "ws://app.example.com"`, policyHCL}, `(?s)Invalid Endpoint URL.*scheme must be http,\s+https,\s+tcp\s+or\s+tls`},
		"url without scheme":   {[]string{`url = "app.example.com"`, policyHCL}, `(?s)Invalid Endpoint URL.*absolute URL`},
		"url with a path":      {[]string{`url = "https://app.example.com/api"`, policyHCL}, `(?s)Invalid Endpoint URL.*path`},
		"url host":             {[]string{`url = "https://app_1.example.com"`, policyHCL}, `(?s)Invalid Endpoint URL.*not a host\s+name`},
		"tcp without a port":   {[]string{`url = "tcp://db.internal"`, policyHCL}, `(?s)Invalid Endpoint URL.*needs a port`},
		"port out of range":    {[]string{`url = "https://app.example.com:70000"`, policyHCL}, `(?s)Invalid Endpoint URL.*from\s+1\s+to\s+65535`},
		"policy not YAML":      {[]string{`url = "http://api.internal"`, `traffic_policy = "on_http_request: ["`}, `(?s)Invalid Traffic Policy.*neither valid\s+YAML`},
		"policy broken JSON":   {[]string{`url = "http://api.internal"`, `traffic_policy = "{\"on_http_request\": [}"`}, `(?s)Invalid Traffic Policy.*neither valid\s+JSON`},
		"policy a list":        {[]string{`url = "http://api.internal"`, `traffic_policy = jsonencode([1, 2])`}, `(?s)Invalid Traffic Policy.*object.*not a\s+list`},
		"policy empty":         {[]string{`url = "http://api.internal"`, `traffic_policy = ""`}, `(?s)Invalid Traffic Policy.*empty`},
		"unknown binding":      {[]string{`url = "http://api.internal"`, policyHCL, `bindings = ["private"]`}, `(?s)bindings.*value must be one of`},
		"two bindings":         {[]string{`url = "http://api.internal"`, policyHCL, `bindings = ["internal", "internal"]`}, `(?s)bindings.*at\s+most\s+1\s+elements`},
		"no binding":           {[]string{`url = "http://api.internal"`, policyHCL, `bindings = []`}, `(?s)bindings.*at\s+most\s+1\s+elements`},
		"internal on a domain": {[]string{`url = "https://app.example.com"`, policyHCL, `bindings = ["internal"]`}, `(?s)Invalid Attribute Combination.*\.internal`},
		"public on .internal":  {[]string{`url = "http://api.internal"`, policyHCL, `bindings = ["public"]`}, `(?s)Invalid Attribute Combination.*only possible\s+binding`},
		// 128 two-byte characters: 128 characters but 256 bytes.
		"description too long": {[]string{`url = "http://api.internal"`, policyHCL, `description = "` + strings.Repeat("é", 128) + `"`}, `(?s)description.*at most 255`},
		"metadata too long":    {[]string{`url = "http://api.internal"`, policyHCL, `metadata = "` + strings.Repeat("x", 4097) + `"`}, `(?s)metadata.*at most 4096`},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			mock := newTestMock(t)
			testAccExpectPlanError(t, mock.config(testAccCloudEndpointConfig(tc.attrs...)), tc.want)
		})
	}
}

// TestAccCloudEndpoint_invalidTrafficPolicy: the two policies of issue 24,
// which the API would have stored and ngrok refused only at traffic time,
// are refused at plan time on the attribute, naming the rule and action.
func TestAccCloudEndpoint_invalidTrafficPolicy(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		policy, want string
	}{
		"actions an object": {
			`traffic_policy = jsonencode({
    on_http_request = [{
      name    = "app"
      actions = { type = "forward-internal", config = { url = "https://app.internal" } }
    }]
  })`,
			`(?s)Invalid Traffic Policy.*traffic_policy.*on_http_request\[0\]\s+\(rule\s+"app"\):\s+actions\s+must\s+be\s+a\s+list\s+of\s+actions,\s+not\s+an\s+object`,
		},
		"type forward_internal": {
			`traffic_policy = <<-EOT
    on_http_request:
      - name: auth
        actions:
          - type: forward_internal
            config:
              url: https://app.internal
  EOT`,
			`(?s)Invalid Traffic Policy.*traffic_policy.*on_http_request\[0\]\s+\(rule\s+"auth"\),\s+action\[0\]\s+\(type\s+"forward_internal"\):\s+unknown\s+action\s+type;\s+did\s+you\s+mean\s+"forward-internal"\?`,
		},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			mock := newTestMock(t)
			testAccExpectPlanError(t, mock.config(testAccCloudEndpointConfig(`url = "http://api.internal"`, tc.policy)), tc.want)
			for ep, err := range mock.client.ListEndpoints(context.Background(), nil) {
				t.Errorf("an endpoint was created: %v %v", ep, err)
			}
		})
	}
}

// TestAccCloudEndpoint_trafficPolicyUnknownAtPlan: a policy known only at
// apply passes the plan; Terraform validates it again once it is known,
// during the apply, and the same check stops it before any request.
func TestAccCloudEndpoint_trafficPolicyUnknownAtPlan(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(`resource "terraform_data" "policy" {
  input = jsonencode({
    on_http_request = [{ actions = [{ type = "forward_internal", config = { url = "https://app.internal" } }] }]
  })
}

` + testAccCloudEndpointConfig(`url = "http://api.internal"`, `traffic_policy = terraform_data.policy.output`)),
			ExpectError: regexp.MustCompile(`(?s)Error running apply.*Invalid Traffic Policy.*traffic_policy = terraform_data\.policy\.output` +
				`.*on_http_request\[0\],\s+action\[0\]\s+\(type\s+"forward_internal"\):\s+unknown\s+action\s+type;\s+did\s+you\s+mean\s+"forward-internal"\?`),
		}},
	})
	for ep, err := range mock.client.ListEndpoints(context.Background(), nil) {
		t.Errorf("an endpoint was created: %v %v", ep, err)
	}
}

// deleteEndpointInAPI deletes the resource's endpoint behind Terraform's
// back, as a colleague in the dashboard would.
func deleteEndpointInAPI(mock *testMock, address string) resource.TestCheckFunc {
	return func(s *terraform.State) error {
		rs, ok := s.RootModule().Resources[address]
		if !ok {
			return fmt.Errorf("%s not in state", address)
		}
		return mock.client.DeleteEndpoint(context.Background(), rs.Primary.ID)
	}
}

// expectAPIEndpoint checks the endpoint of testEndpointResource as the API
// holds it, not as Terraform recorded it.
func expectAPIEndpoint(mock *testMock, check func(*apiclient.Endpoint) error) statecheck.StateCheck {
	return stateCheckFunc(func(ctx context.Context, id func(string) (string, error)) error {
		epID, err := id(testEndpointResource)
		if err != nil {
			return err
		}
		ep, err := mock.client.GetEndpoint(ctx, epID)
		if err != nil {
			return err
		}
		return check(ep)
	})
}

// The reserved domain of an endpoint is the API's to choose: a more
// specific reservation made since the endpoint was created may take over at
// the next update, which must then not contradict the plan.
func TestAccCloudEndpoint_domainIDFollowsTheAPI(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	wildcard := reserveTestDomains(t, mock, "*.example.com")[0]
	var exact string
	config := func(description string) string {
		return mock.config(testAccCloudEndpointConfig(`url = "https://app.example.com"`, policyHCL, fmt.Sprintf("description = %q", description)))
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config("first"),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(testEndpointResource, tfjsonpath.New("domain_id"), knownvalue.StringExact(wildcard)),
				},
			},
			{
				PreConfig: func() { exact = reserveTestDomains(t, mock, "app.example.com")[0] },
				Config:    config("second"),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(testEndpointResource, plancheck.ResourceActionUpdate),
						plancheck.ExpectUnknownValue(testEndpointResource, tfjsonpath.New("domain_id")),
						plancheck.ExpectKnownValue(testEndpointResource, tfjsonpath.New("hostport"), knownvalue.StringExact("app.example.com:443")),
					},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					expectAPIEndpoint(mock, func(ep *apiclient.Endpoint) error {
						if ep.Domain == nil || ep.Domain.ID != exact {
							return fmt.Errorf("API domain = %+v, want %s", ep.Domain, exact)
						}
						return nil
					}),
				},
			},
		},
	})
}

func TestAccCloudEndpoint_identity(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	reserveTestDomains(t, mock, "app.example.com")
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		TerraformVersionChecks:   requireIdentity,
		Steps: identitySteps(testEndpointResource, map[string]knownvalue.Check{"id": knownvalue.StringRegexp(testEndpointIDPattern)},
			mock.config(testAccCloudEndpointConfig(`url = "https://app.example.com"`, policyHCL)),
			mock.config(testAccCloudEndpointConfig(`url = "https://app.example.com"`, policyChanged, `description = "web"`))),
	})
}

// A cloud endpoint made outside Terraform, imported by its url (a natural
// key), in any spelling that the url attribute treats as the same url.
func TestAccCloudEndpoint_importByNaturalKey(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct{ url, key string }{
		"https":                 {"https://app.example.com", "https://app.example.com"},
		"https, other spelling": {"https://app.example.com", "https://App.Example.com:443"},
		"tcp":                   {"tcp://1.tcp.ngrok.io:12345", "tcp://1.tcp.ngrok.io:12345"},
		"internal":              {"https://api.internal", "https://api.internal"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			mock, proxy := newListProxyMock(t, false)
			ctx := context.Background()
			reserveTestDomains(t, mock, "app.example.com")
			reserveTestAddrs(t, mock, "1.tcp.ngrok.io:12345", "1.tcp.ngrok.io:12346")
			// NOTE: endpoints that the lookup must not take: the same host
			// with another scheme or port, and an agent endpoint on the url.
			for _, other := range []string{"http://app.example.com", "https://app.example.com:8443", "tcp://1.tcp.ngrok.io:12346", "http://api.internal"} {
				if _, err := mock.client.CreateEndpoint(ctx, &apiclient.EndpointCreate{URL: other, TrafficPolicy: "{}"}); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := mock.server.SeedAgentEndpoint(mockserver.AgentEndpointSeed{URL: tc.url, PoolingEnabled: true}); err != nil {
				t.Fatal(err)
			}
			ep, err := mock.client.CreateEndpoint(ctx, &apiclient.EndpointCreate{URL: tc.url, TrafficPolicy: "{}", PoolingEnabled: true})
			if err != nil {
				t.Fatal(err)
			}
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
				Steps: []resource.TestStep{naturalKeyImportStep(mock, proxy, testEndpointResource, tc.key,
					testAccCloudEndpointConfig(fmt.Sprintf("url = %q", tc.url), `traffic_policy = "{}"`, "pooling_enabled = true"),
					ep.ID, "/endpoints", fmt.Sprintf(`obj.type == "cloud" && obj.url == %q`, tc.url))},
			})
		})
	}
}

func TestAccCloudEndpoint_importByNaturalKeyMissing(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	// NOTE: an agent endpoint has the url, and is not a cloud endpoint.
	if _, err := mock.server.SeedAgentEndpoint(mockserver.AgentEndpointSeed{URL: "https://api.internal"}); err != nil {
		t.Fatal(err)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(importBlock(testEndpointResource, "https://api.internal:443") +
				testAccCloudEndpointConfig(`url = "https://api.internal"`, policyHCL)),
			ExpectError: diagnosticPattern("Cloud Endpoint Not Found", `No cloud endpoint of this account has the url "https://api.internal"`,
				`filter obj.type == "cloud" && obj.url == "https://api.internal"`, "an agent endpoint with this url is not one",
				"import by ID (ep_...)"),
		}},
	})
}

func TestAccCloudEndpoint_importByNaturalKeyAmbiguous(t *testing.T) {
	t.Parallel()
	mock, _ := newListProxyMock(t, true)
	reserveTestAddrs(t, mock, "1.tcp.ngrok.io:12345")
	ep, err := mock.client.CreateEndpoint(context.Background(), &apiclient.EndpointCreate{URL: "tcp://1.tcp.ngrok.io:12345", TrafficPolicy: "{}"})
	if err != nil {
		t.Fatal(err)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(importBlock(testEndpointResource, "tcp://1.tcp.ngrok.io:12345") +
				testAccCloudEndpointConfig(`url = "tcp://1.tcp.ngrok.io:12345"`, `traffic_policy = "{}"`)),
			ExpectError: diagnosticPattern("Ambiguous Cloud Endpoint URL",
				`2 cloud endpoints of this account have the url "tcp://1.tcp.ngrok.io:12345": `+ep.ID+", ep_2hHGVyb5ZT6WQm1uXnLfNc8Ykam.",
				"Import the one to manage by its ID instead."),
		}},
	})
}

func TestAccCloudEndpoint_importByInvalidKey(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(importBlock(testEndpointResource, "tcp://1.tcp.ngrok.io") +
				testAccCloudEndpointConfig(`url = "tcp://1.tcp.ngrok.io:12345"`, `traffic_policy = "{}"`)),
			ExpectError: diagnosticPattern("Invalid Import ID", "the ID of a cloud endpoint", `or its url`, `"tcp://1.tcp.ngrok.io" is neither`,
				"a tcp URL needs a port"),
		}},
	})
}

// An HTTP phase on a tcp:// cloud endpoint fails the plan: TCP and TLS
// endpoints run on_tcp_connect only (ngrok's ERR_NGROK_2230).
func TestAccCloudEndpoint_policyPhasesOfItsProtocol(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(`
resource "ngrok_cloud_endpoint" "db" {
  url            = "tcp://db.internal:5432"
  traffic_policy = jsonencode({ on_http_request = [{ actions = [{ type = "deny" }] }] })
}
`),
			ExpectError: regexp.MustCompile(`(?s)Invalid Traffic Policy.*tcp://db.internal:5432.*a tcp:// endpoint runs only\s+on_tcp_connect,\s+so\s+the\s+rules\s+of\s+on_http_request\s+would\s+never\s+run`),
		}},
	})
}
