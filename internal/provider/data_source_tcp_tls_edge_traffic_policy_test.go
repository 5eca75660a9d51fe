package provider

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

// testAccMigratedEndpointConfig is the data source of a TCP or TLS edge
// and a cloud endpoint on its first hostport with its policy.
func testAccMigratedEndpointConfig(scheme string) string {
	ds := "data.ngrok_" + scheme + "_edge_traffic_policy.test"
	return `
data "ngrok_` + scheme + `_edge_traffic_policy" "test" {
  edge_id = ngrok_` + scheme + `_edge.test.id
}

resource "ngrok_cloud_endpoint" "test" {
  url            = ` + ds + `.endpoints[0].url
  traffic_policy = ` + ds + `.endpoints[0].traffic_policy
}
`
}

// endpointPolicyRules checks that the mock's only cloud endpoint has the
// url that url finds and a policy whose on_tcp_connect rules are want
// ("name => actions", EDGE standing for the ID of the edge at edgeAddress).
func endpointPolicyRules(mock *testMock, edgeAddress string, url func(ctx context.Context, id func(string) (string, error)) (string, error), want ...string) statecheck.StateCheck {
	return stateCheckFunc(func(ctx context.Context, id func(string) (string, error)) error {
		edge, err := id(edgeAddress)
		if err != nil {
			return err
		}
		wantURL, err := url(ctx, id)
		if err != nil {
			return err
		}
		var found []string
		var policy string
		for ep, err := range mock.client.ListEndpoints(ctx, nil) {
			if err != nil {
				return err
			}
			if ep.Type == "cloud" && ep.TrafficPolicy != nil {
				found, policy = append(found, ep.URL), *ep.TrafficPolicy
			}
		}
		if !slices.Equal(found, []string{wantURL}) {
			return fmt.Errorf("cloud endpoints %v, want %s", found, wantURL)
		}
		var doc checkedDoc
		if err := json.Unmarshal([]byte(policy), &doc); err != nil {
			return err
		}
		wantRules := make([]string, len(want))
		for i, w := range want {
			wantRules[i] = strings.ReplaceAll(w, "EDGE", edge)
		}
		if got := ruleSummaries(doc, phaseOnTCPConnect); !slices.Equal(got, wantRules) {
			return fmt.Errorf("the endpoint's on_tcp_connect\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(wantRules, "\n"))
		}
		return nil
	})
}

// A TCP edge's policy is accepted on a tcp:// cloud endpoint on its
// reserved address, and the second plan is empty.
func TestAccTCPEdgeTrafficPolicy_roundTrip(t *testing.T) {
	t.Parallel()
	mock, backend := newEdgeTestMock(t)
	config := mock.config(testAccTCPEdgeConfig(`backend = { backend_id = "`+backend+`" }`,
		`ip_restriction = { ip_policy_ids = [ngrok_ip_policy.office.id] }`,
		`traffic_policy = { value = jsonencode({ on_tcp_connect = [{ name = "night", expressions = ["time.now.getHours() > 22"], actions = [{ type = "deny" }] }] }) }`) +
		testAccMigratedEndpointConfig(schemeTCP))
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("data.ngrok_tcp_edge_traffic_policy.test", tfjsonpath.New("not_migrated"), knownvalue.ListSizeExact(0)),
					statecheck.ExpectKnownValue("data.ngrok_tcp_edge_traffic_policy.test", tfjsonpath.New("forward_internal_urls"),
						knownvalue.ListExact([]knownvalue.Check{knownvalue.StringRegexp(regexp.MustCompile(`^tcp://app-db\.internal:\d+$`))})),
					endpointPolicyRules(mock, testTCPEdgeResource, func(ctx context.Context, id func(string) (string, error)) (string, error) {
						addrID, err := id("ngrok_reserved_addr.db")
						if err != nil {
							return "", err
						}
						a, err := apiclient.ReservedAddrs.Get(ctx, mock.client, addrID)
						if err != nil {
							return "", err
						}
						return "tcp://" + a.Addr, nil
					}, "edge EDGE => restrict-ips", "edge EDGE: traffic_policy: night => deny", "edge EDGE: backend => forward-internal"),
				},
			},
			{Config: config, ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
		},
	})
}

// A TLS edge terminated at the edge with mutual TLS is accepted on a tls://
// cloud endpoint on its reserved domain, with internal_url named, and the
// second plan is empty.
func TestAccTLSEdgeTrafficPolicy_roundTrip(t *testing.T) {
	t.Parallel()
	mock, backend := newTLSEdgeTestMock(t)
	caPEM := testMTLSCAPEM(t, "clients")
	config := mock.config(testAccTLSEdgeConfig(caPEM, `backend = { backend_id = "`+backend+`" }`,
		`mutual_tls = { certificate_authority_ids = [ngrok_certificate_authority.test.id] }`,
		`tls_termination = { min_version = "1.3" }`) + strings.Replace(testAccMigratedEndpointConfig(schemeTLS),
		"edge_id =", "internal_url = \"tls://web.internal\"\n  edge_id =", 1))
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("ngrok_cloud_endpoint.test", tfjsonpath.New("url"), knownvalue.StringExact("tls://tls.example.com")),
					statecheck.ExpectKnownValue("data.ngrok_tls_edge_traffic_policy.test", tfjsonpath.New("forward_internal_urls"),
						knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact("tls://web.internal")})),
					statecheck.ExpectKnownValue("data.ngrok_tls_edge_traffic_policy.test", tfjsonpath.New("traffic_policy"),
						knownvalue.StringRegexp(regexp.MustCompile(`"terminate-tls","config":\{"min_version":"1.3","mutual_tls_certificate_authorities":\["ca_`))),
					endpointPolicyRules(mock, testTLSEdgeResource, func(context.Context, func(string) (string, error)) (string, error) {
						return "tls://tls.example.com", nil
					}, "edge EDGE => terminate-tls", "edge EDGE: backend => forward-internal"),
				},
			},
			{Config: config, ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
		},
	})
}

// An edge that does not exist is an error that names it; an internal_url
// of another scheme is refused at plan time.
func TestAccTCPTLSEdgeTrafficPolicy_errors(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	for _, c := range []struct{ config, want string }{
		{`data "ngrok_tcp_edge_traffic_policy" "x" { edge_id = "edgtcp_2hHGVyb5ZT6WQm1uXnLfNc8Ykam" }`, `(?s)Unable to Read TCP Edge.*404`},
		{`data "ngrok_tls_edge_traffic_policy" "x" { edge_id = "edgtls_2hHGVyb5ZT6WQm1uXnLfNc8Ykam" }`, `(?s)Unable to Read TLS Edge.*404`},
		{`data "ngrok_tls_edge_traffic_policy" "x" {
  edge_id      = "edgtls_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  internal_url = "tcp://db.internal:5432"
}`, `(?s)Invalid Internal URL.*not a tls://`},
	} {
		resource.Test(t, resource.TestCase{
			ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
			Steps:                    []resource.TestStep{{Config: mock.config(c.config), ExpectError: regexp.MustCompile(c.want)}},
		})
	}
}

// A failover backend's tunnel groups are read through it: one
// forward-internal each, in order, accepted on the tcp:// endpoint.
func TestAccTCPEdgeTrafficPolicy_failoverBackend(t *testing.T) {
	t.Parallel()
	mock, primary := newEdgeTestMock(t)
	replica, err := mock.server.SeedTunnelGroupBackend(mockserver.TunnelGroupBackendSeed{Labels: map[string]string{"app": "replica"}})
	if err != nil {
		t.Fatal(err)
	}
	failover, err := mock.server.SeedFailoverBackend(mockserver.FailoverBackendSeed{Backends: []string{primary, replica}})
	if err != nil {
		t.Fatal(err)
	}
	config := mock.config(testAccTCPEdgeConfig(`backend = { backend_id = "`+failover+`" }`) + testAccMigratedEndpointConfig(schemeTCP))
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("data.ngrok_tcp_edge_traffic_policy.test", tfjsonpath.New("forward_internal_urls"),
						knownvalue.ListExact([]knownvalue.Check{
							knownvalue.StringRegexp(regexp.MustCompile(`^tcp://app-db\.internal:\d+$`)),
							knownvalue.StringRegexp(regexp.MustCompile(`^tcp://app-replica\.internal:\d+$`)),
						})),
					statecheck.ExpectKnownValue("data.ngrok_tcp_edge_traffic_policy.test", tfjsonpath.New("traffic_policy"),
						knownvalue.StringRegexp(regexp.MustCompile(`"on_error":"continue"\}\},\{"type":"forward-internal","config":\{"url":"tcp://app-replica`))),
					statecheck.ExpectKnownValue("ngrok_cloud_endpoint.test", tfjsonpath.New("traffic_policy"),
						knownvalue.StringRegexp(regexp.MustCompile(`app-replica\.internal`))),
				},
			},
			{Config: config, ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
		},
	})
}
