package provider

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	fwresource "github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

const testTCPEdgeResource = "ngrok_tcp_edge.test"

// newEdgeTestMock is a mock of an account that kept edge write access,
// with a tunnel-group backend for edges to name.
func newEdgeTestMock(t *testing.T) (mock *testMock, backendID string) {
	t.Helper()
	mock = newTestMock(t)
	mock.server.SetEdgesWritable(true)
	backendID, err := mock.server.SeedTunnelGroupBackend(mockserver.TunnelGroupBackendSeed{Labels: map[string]string{"app": "db"}})
	if err != nil {
		t.Fatal(err)
	}
	return mock, backendID
}

// testAccTCPEdgeConfig is a reserved address, an IP policy and a TCP edge
// on the address with attrs.
func testAccTCPEdgeConfig(attrs ...string) string {
	return `
resource "ngrok_reserved_addr" "db" {
  description = "db"
}

resource "ngrok_ip_policy" "office" {
  description = "office"
}

resource "ngrok_tcp_edge" "test" {
  hostports = [ngrok_reserved_addr.db.addr]
  ` + strings.Join(attrs, "\n  ") + `
}
`
}

func TestTCPEdgeModel(t *testing.T) {
	t.Parallel()
	m, _ := tcpEdgeModelFromAPI(&apiclient.TCPEdge{ID: "edgtcp_1", Hostports: []string{"1.tcp.ngrok.io:1"},
		Backend:       &apiclient.EdgeBackend{Enabled: false, Backend: apiclient.Ref{ID: "bkdtg_1"}},
		IPRestriction: &apiclient.EdgeIPRestriction{Enabled: true, IPPolicies: []apiclient.Ref{{ID: "ipp_1"}}}})
	if m.TrafficPolicy != nil || m.Backend.BackendID.ValueString() != "bkdtg_1" || m.Backend.Enabled.ValueBool() {
		t.Errorf("model %+v", m)
	}
	c := m.toCreate()
	if strings.Join(c.Hostports, ",") != "1.tcp.ngrok.io:1" || c.Backend.BackendID != "bkdtg_1" || *c.Backend.Enabled ||
		strings.Join(c.IPRestriction.IPPolicyIDs, ",") != "ipp_1" || c.TrafficPolicy != nil {
		t.Errorf("create %+v", c)
	}
	empty, _ := tcpEdgeModelFromAPI(&apiclient.TCPEdge{ID: "edgtcp_1", Hostports: []string{}})
	if !empty.Hostports.IsNull() {
		t.Errorf("no hostports read as %v, want null", empty.Hostports)
	}
	// NOTE: hostports left out of the configuration clear the edge's.
	if u := empty.toUpdate(); u.Hostports == nil || len(*u.Hostports) != 0 || u.Backend != nil {
		t.Errorf("update %+v", u)
	}
}

func TestAccTCPEdge_basic(t *testing.T) {
	t.Parallel()
	mock, backend := newEdgeTestMock(t)
	sameID := statecheck.CompareValue(compare.ValuesSame())
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: mock.config(testAccTCPEdgeConfig(`description = "db"`,
					`backend = { backend_id = "`+backend+`" }`,
					`traffic_policy = { value = jsonencode({ on_tcp_connect = [{ actions = [{ type = "deny" }] }] }) }`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testTCPEdgeResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testTCPEdgeResource, tfjsonpath.New("id"), knownvalue.StringRegexp(regexp.MustCompile(`^edgtcp_`))),
					statecheck.ExpectKnownValue(testTCPEdgeResource, tfjsonpath.New("backend"), knownvalue.ObjectExact(map[string]knownvalue.Check{
						"enabled": knownvalue.Bool(true), "backend_id": knownvalue.StringExact(backend)})),
					statecheck.ExpectKnownValue(testTCPEdgeResource, tfjsonpath.New("ip_restriction"), knownvalue.Null()),
					statecheck.CompareValueCollection(testTCPEdgeResource, []tfjsonpath.Path{tfjsonpath.New("hostports")},
						"ngrok_reserved_addr.db", tfjsonpath.New("addr"), compare.ValuesSame()),
				},
			},
			{
				// The traffic policy goes (through the module's DELETE), an
				// IP restriction comes, the backend is disabled: in place.
				Config: mock.config(testAccTCPEdgeConfig(`description = "db"`,
					`backend = { backend_id = "`+backend+`", enabled = false }`,
					`ip_restriction = { ip_policy_ids = [ngrok_ip_policy.office.id] }`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testTCPEdgeResource, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testTCPEdgeResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testTCPEdgeResource, tfjsonpath.New("traffic_policy"), knownvalue.Null()),
					statecheck.ExpectKnownValue(testTCPEdgeResource, tfjsonpath.New("backend").AtMapKey("enabled"), knownvalue.Bool(false)),
				},
				Check: func(s *terraform.State) error {
					e, err := apiclient.TCPEdges.Get(context.Background(), mock.client, s.RootModule().Resources[testTCPEdgeResource].Primary.ID)
					if err != nil {
						return err
					}
					if e.TrafficPolicy != nil || e.IPRestriction == nil {
						t.Errorf("the API holds %+v", e)
					}
					return nil
				},
			},
			{ResourceName: testTCPEdgeResource, ImportState: true, ImportStateVerify: true},
			{
				Config: mock.config(testAccTCPEdgeConfig(`description = "db"`,
					`backend = { backend_id = "`+backend+`", enabled = false }`,
					`ip_restriction = { ip_policy_ids = [ngrok_ip_policy.office.id] }`)),
				Check: deleteObjectInAPI(testTCPEdgeResource, func(ctx context.Context, id string) error {
					return apiclient.TCPEdges.Delete(ctx, mock.client, id)
				}),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testTCPEdgeResource, plancheck.ResourceActionCreate)},
				},
				ExpectNonEmptyPlan: true,
			},
		},
	})
}

func TestAccTCPEdge_identity(t *testing.T) {
	t.Parallel()
	mock, _ := newEdgeTestMock(t)
	resource.Test(t, resource.TestCase{
		TerraformVersionChecks:   requireIdentity,
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: identitySteps(testTCPEdgeResource, map[string]knownvalue.Check{"id": knownvalue.StringRegexp(regexp.MustCompile(`^edgtcp_`))},
			mock.config(testAccTCPEdgeConfig(`description = "a"`)),
			mock.config(testAccTCPEdgeConfig(`description = "b"`))),
	})
}

func TestAccTCPEdge_invalidConfig(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		attrs []string
		want  string
	}{
		"hostport without port": {[]string{`hostports = ["1.tcp.ngrok.io"]`}, `(?s)not host:port`},
		"port out of range":     {[]string{`hostports = ["1.tcp.ngrok.io:70000"]`}, `(?s)not in 1-65535`},
		"no hostports":          {[]string{`hostports = []`}, `(?s)hostports.*at least 1`},
		"not a backend":         {[]string{`backend = { backend_id = "ipp_2hHGVyb5ZT6WQm1uXnLfNc8Ykam" }`}, `(?s)Invalid Backend ID.*bkdtg_`},
		"no IP policies":        {[]string{`ip_restriction = { ip_policy_ids = [] }`}, `(?s)ip_policy_ids.*at least 1`},
		"not an IP policy":      {[]string{`ip_restriction = { ip_policy_ids = ["ca_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"] }`}, `(?s)ipp_`},
		"invalid policy":        {[]string{`traffic_policy = { value = "{\"on_tcp_connect\": [{\"actions\": [{\"type\": \"denny\"}]}]}" }`}, `(?s)denny`},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			mock := newTestMock(t)
			testAccExpectPlanError(t, mock.config("resource \"ngrok_tcp_edge\" \"test\" {\n  "+strings.Join(tc.attrs, "\n  ")+"\n}\n"), tc.want)
		})
	}
}

// Where the account has no edges (the mock's default), a create fails with
// ERR_NGROK_7008 explained.
func TestAccTCPEdge_edgesUnavailable(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config:      mock.config(`resource "ngrok_tcp_edge" "test" { description = "x" }`),
			ExpectError: regexp.MustCompile(`(?s)Unable to Create TCP Edge.*ERR_NGROK_7008.*no longer offers edges`),
		}},
	})
}

// Where edges are read-only, a seeded edge is still imported, refreshed,
// read by the data sources and listed by `terraform query`; an update fails
// with ERR_NGROK_7196 explained.
func TestAccTCPEdge_readOnly(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	id, err := mock.server.SeedTCPEdge(mockserver.TCPEdgeSeed{Description: "legacy", Hostports: []string{"1.tcp.ngrok.io:20001"},
		TrafficPolicy: rawSeed(`{"value":"{}"}`)})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := mock.server.SeedTCPEdge(mockserver.TCPEdgeSeed{Description: "other"}); err != nil {
		t.Fatal(err)
	}
	mock.server.SetEdgesWritable(true)
	mock.server.SetEdgesReadOnly(true)
	config := func(description string) string {
		return mock.config(importBlock(testTCPEdgeResource, id) + `
resource "ngrok_tcp_edge" "test" {
  description    = "` + description + `"
  hostports      = ["1.tcp.ngrok.io:20001"]
  traffic_policy = { value = "{}" }
}

data "ngrok_tcp_edge" "test" {
  id = "` + id + `"
}

data "ngrok_tcp_edges" "all" {}
`)
	}
	resource.Test(t, resource.TestCase{
		TerraformVersionChecks:   queryVersionChecks,
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config("legacy"),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testTCPEdgeResource, plancheck.ResourceActionNoop)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(testTCPEdgeResource, tfjsonpath.New("id"), knownvalue.StringExact(id)),
					statecheck.ExpectKnownValue("data.ngrok_tcp_edge.test", tfjsonpath.New("traffic_policy").AtMapKey("enabled"), knownvalue.Bool(true)),
					statecheck.ExpectKnownValue("data.ngrok_tcp_edges.all", tfjsonpath.New("tcp_edges"), knownvalue.ListSizeExact(2)),
				},
			},
			{
				Config:      config("changed"),
				ExpectError: regexp.MustCompile(`(?s)Unable to Update TCP Edge.*ERR_NGROK_7196.*read-only`),
			},
			{
				Query:  true,
				Config: listBlock("ngrok_tcp_edge", "all", "  include_resource = true\n"),
				QueryResultChecks: []querycheck.QueryResultCheck{
					querycheck.ExpectLength("ngrok_tcp_edge.all", 2),
					querycheck.ExpectResourceDisplayName("ngrok_tcp_edge.all", byID(id), knownvalue.StringExact("legacy: 1.tcp.ngrok.io:20001")),
				},
			},
			{
				// The refused update changed nothing; writable again, the
				// edge is destroyed after the test.
				PreConfig:        func() { mock.server.SetEdgesReadOnly(false) },
				Config:           config("legacy"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
		},
	})
}

// rawSeed is a seeded module's PUT body.
func rawSeed(body string) *mockserver.RouteModuleSeed {
	r := mockserver.RouteModuleSeed(body)
	return &r
}

// The adoption round trip on an account whose edges are read-only: `terraform
// query -generate-config-out` writes the TCP and TLS edges with their
// modules, and applying that file imports them, changing nothing (a change
// would be refused).
func TestAccTCPAndTLSEdges_generatedConfigurationImportsWithNoChange(t *testing.T) {
	t.Parallel()
	if os.Getenv("TF_ACC") == "" {
		t.Skip("acceptance test: set TF_ACC=1")
	}
	skipUnlessTerraform(t, tfversion.SkipBelow(tfversion.Version1_14_0))
	mock := newTestMock(t)
	backend, err := mock.server.SeedTunnelGroupBackend(mockserver.TunnelGroupBackendSeed{})
	if err != nil {
		t.Fatal(err)
	}
	policy, err := apiclient.IPPolicies.Create(context.Background(), mock.client, &apiclient.IPPolicyCreate{})
	if err != nil {
		t.Fatal(err)
	}
	ca, err := apiclient.CertificateAuthorities.Create(context.Background(), mock.client, &apiclient.CertificateAuthorityCreate{CAPEM: testMTLSCAPEM(t, "clients")})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, seed := range []func() (string, error){
		func() (string, error) {
			return mock.server.SeedTCPEdge(mockserver.TCPEdgeSeed{Description: "db ${x} %{y}", Hostports: []string{"1.tcp.ngrok.io:20001"},
				Backend:       rawSeed(`{"backend_id":"` + backend + `","enabled":false}`),
				IPRestriction: rawSeed(`{"ip_policy_ids":["` + policy.ID + `"]}`),
				TrafficPolicy: rawSeed(`{"value":"on_tcp_connect:\n  - actions:\n      - type: deny\n"}`)})
		},
		func() (string, error) { return mock.server.SeedTCPEdge(mockserver.TCPEdgeSeed{}) },
		func() (string, error) {
			return mock.server.SeedTLSEdge(mockserver.TLSEdgeSeed{Hostports: []string{"tls.example.com:443"},
				MutualTLS:      rawSeed(`{"certificate_authority_ids":["` + ca.ID + `"]}`),
				TLSTermination: rawSeed(`{"min_version":"1.3"}`)})
		},
	} {
		id, err := seed()
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	mock.server.SetEdgesReadOnly(true)

	d := &terraformDir{t: t, dir: t.TempDir(), reattach: reattachedProvider(t)}
	mainTF := "terraform {\n  required_providers {\n    ngrok = { source = \"hashicorp/ngrok\" }\n  }\n}\n\n" + mock.config("")
	query := listBlock("ngrok_tcp_edge", "all", "  include_resource = true\n") + listBlock("ngrok_tls_edge", "all", "  include_resource = true\n")
	for name, text := range map[string]string{"main.tf": mainTF, "adopt.tfquery.hcl": query} {
		if err := os.WriteFile(filepath.Join(d.dir, name), []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if code, out := d.run("init", "-input=false"); code != 0 {
		t.Fatalf("terraform init: %s", out)
	}
	if code, out := d.run("query", "-generate-config-out=generated.tf"); code != 0 {
		t.Fatalf("terraform query -generate-config-out (exit %d):\n%s", code, out)
	}
	generated, err := os.ReadFile(filepath.Join(d.dir, "generated.tf"))
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range ids {
		if !strings.Contains(string(generated), fmt.Sprintf("id = %q", id)) {
			t.Errorf("generated.tf has no import of %s", id)
		}
	}
	t.Logf("generated.tf:\n%s", generated)
	code, out := d.run("apply", "-auto-approve", "-input=false")
	if want := "Apply complete! Resources: 3 imported, 0 added, 0 changed, 0 destroyed."; code != 0 || !strings.Contains(out, want) {
		t.Fatalf("terraform apply of the generated configuration (exit %d), want %q:\n%s", code, want, out)
	}
	if code, out := d.run("plan", "-detailed-exitcode", "-input=false"); code != 0 {
		t.Fatalf("the plan after the import is not empty (exit %d):\n%s", code, out)
	}
}

// The resources are deprecated, naming the guide; their data sources, which
// inventory what is left to move, are not.
func TestTCPAndTLSEdgesDeprecated(t *testing.T) {
	t.Parallel()
	for name, o := range map[string]interface {
		newResource() fwresource.Resource
		newDataSource() datasource.DataSource
	}{"tcp": tcpEdgeType, "tls": tlsEdgeType} {
		var rs fwresource.SchemaResponse
		o.newResource().Schema(context.Background(), fwresource.SchemaRequest{}, &rs)
		if !strings.Contains(rs.Schema.DeprecationMessage, edgesGuide) || !strings.Contains(rs.Schema.DeprecationMessage, name+"://") {
			t.Errorf("%s: deprecation message %q", name, rs.Schema.DeprecationMessage)
		}
		var ds datasource.SchemaResponse
		o.newDataSource().Schema(context.Background(), datasource.SchemaRequest{}, &ds)
		if ds.Schema.DeprecationMessage != "" {
			t.Errorf("%s: the data source is deprecated: %q", name, ds.Schema.DeprecationMessage)
		}
	}
}
