package provider

import (
	"context"
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

const testTLSEdgeResource = "ngrok_tls_edge.test"

// newTLSEdgeTestMock is newEdgeTestMock with the reserved domain
// tls.example.com.
func newTLSEdgeTestMock(t *testing.T) (*testMock, string) {
	t.Helper()
	mock, backend := newEdgeTestMock(t)
	if _, err := mock.client.CreateReservedDomain(context.Background(), &apiclient.ReservedDomainCreate{Domain: "tls.example.com"}); err != nil {
		t.Fatal(err)
	}
	return mock, backend
}

// testAccTLSEdgeConfig is a certificate authority and a TLS edge on
// tls.example.com:443 with attrs.
func testAccTLSEdgeConfig(caPEM string, attrs ...string) string {
	return testAccCAConfig(caPEM) + `
resource "ngrok_tls_edge" "test" {
  hostports = ["tls.example.com:443"]
  ` + strings.Join(attrs, "\n  ") + `
}
`
}

func TestTLSEdgeModel(t *testing.T) {
	t.Parallel()
	v := "1.3"
	m, _ := tlsEdgeModelFromAPI(&apiclient.TLSEdge{ID: "edgtls_1",
		MutualTLS:      &apiclient.EdgeMutualTLS{Enabled: true, CertificateAuthorities: []apiclient.Ref{{ID: "ca_1"}}},
		TLSTermination: &apiclient.EdgeTLSTermination{TerminateAt: "edge", MinVersion: &v}})
	if !m.Hostports.IsNull() || !m.TLSTermination.Enabled.ValueBool() || m.TLSTermination.MinVersion.ValueString() != "1.3" {
		t.Errorf("model %+v", m)
	}
	u := m.toUpdate()
	if strings.Join(u.MutualTLS.CertificateAuthorityIDs, ",") != "ca_1" || *u.TLSTermination.MinVersion != "1.3" ||
		u.TLSTermination.TerminateAt != "edge" || u.Backend != nil || u.TrafficPolicy != nil {
		t.Errorf("update %+v", u)
	}
	upstream, _ := tlsEdgeModelFromAPI(&apiclient.TLSEdge{TLSTermination: &apiclient.EdgeTLSTermination{TerminateAt: "upstream"}})
	if c := upstream.toCreate(); c.TLSTermination.MinVersion != nil || c.MutualTLS != nil {
		t.Errorf("create %+v", c)
	}
}

func TestAccTLSEdge_basic(t *testing.T) {
	t.Parallel()
	mock, backend := newTLSEdgeTestMock(t)
	caPEM := testMTLSCAPEM(t, "clients")
	sameID := statecheck.CompareValue(compare.ValuesSame())
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: mock.config(testAccTLSEdgeConfig(caPEM, `backend = { backend_id = "`+backend+`" }`,
					`mutual_tls = { certificate_authority_ids = [ngrok_certificate_authority.test.id] }`,
					`tls_termination = { min_version = "1.2" }`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testTLSEdgeResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testTLSEdgeResource, tfjsonpath.New("id"), knownvalue.StringRegexp(regexp.MustCompile(`^edgtls_`))),
					statecheck.ExpectKnownValue(testTLSEdgeResource, tfjsonpath.New("tls_termination"), knownvalue.ObjectExact(map[string]knownvalue.Check{
						"enabled": knownvalue.Bool(true), "terminate_at": knownvalue.StringExact("edge"), "min_version": knownvalue.StringExact("1.2")})),
					statecheck.CompareValueCollection(testTLSEdgeResource, []tfjsonpath.Path{tfjsonpath.New("mutual_tls"), tfjsonpath.New("certificate_authority_ids")},
						"ngrok_certificate_authority.test", tfjsonpath.New("id"), compare.ValuesSame()),
				},
			},
			{
				// Mutual TLS goes, TLS passes through: in place.
				Config: mock.config(testAccTLSEdgeConfig(caPEM, `backend = { backend_id = "`+backend+`" }`,
					`tls_termination = { terminate_at = "upstream" }`, `description = "passthrough"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testTLSEdgeResource, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testTLSEdgeResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testTLSEdgeResource, tfjsonpath.New("mutual_tls"), knownvalue.Null()),
					statecheck.ExpectKnownValue(testTLSEdgeResource, tfjsonpath.New("tls_termination").AtMapKey("min_version"), knownvalue.Null()),
				},
				Check: func(s *terraform.State) error {
					e, err := apiclient.TLSEdges.Get(context.Background(), mock.client, s.RootModule().Resources[testTLSEdgeResource].Primary.ID)
					if err != nil {
						return err
					}
					if e.MutualTLS != nil || e.TLSTermination == nil || e.TLSTermination.TerminateAt != "upstream" {
						t.Errorf("the API holds %+v", e)
					}
					return nil
				},
			},
			{ResourceName: testTLSEdgeResource, ImportState: true, ImportStateVerify: true},
			{
				Config: mock.config(testAccTLSEdgeConfig(caPEM, `backend = { backend_id = "`+backend+`" }`,
					`tls_termination = { terminate_at = "upstream" }`, `description = "passthrough"`)),
				Check: deleteObjectInAPI(testTLSEdgeResource, func(ctx context.Context, id string) error {
					return apiclient.TLSEdges.Delete(ctx, mock.client, id)
				}),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testTLSEdgeResource, plancheck.ResourceActionCreate)},
				},
				ExpectNonEmptyPlan: true,
			},
		},
	})
}

func TestAccTLSEdge_identity(t *testing.T) {
	t.Parallel()
	mock, _ := newTLSEdgeTestMock(t)
	caPEM := testMTLSCAPEM(t, "clients")
	resource.Test(t, resource.TestCase{
		TerraformVersionChecks:   requireIdentity,
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: identitySteps(testTLSEdgeResource, map[string]knownvalue.Check{"id": knownvalue.StringRegexp(regexp.MustCompile(`^edgtls_`))},
			mock.config(testAccTLSEdgeConfig(caPEM, `description = "a"`)),
			mock.config(testAccTLSEdgeConfig(caPEM, `description = "b"`))),
	})
}

func TestAccTLSEdge_invalidConfig(t *testing.T) {
	t.Parallel()
	const ca = `"ca_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"`
	for name, tc := range map[string]struct {
		attrs []string
		want  string
	}{
		"not port 443":              {[]string{`hostports = ["tls.example.com:8443"]`}, `(?s)not at port 443`},
		"not a domain":              {[]string{`hostports = ["-x-:443"]`}, `(?s)Invalid Edge Hostport`},
		"unknown terminate_at":      {[]string{`tls_termination = { terminate_at = "middle" }`}, `(?s)terminate_at.*value must be one of`},
		"unknown min_version":       {[]string{`tls_termination = { min_version = "1.4" }`}, `(?s)min_version.*value must be one of`},
		"min_version with upstream": {[]string{`tls_termination = { terminate_at = "upstream", min_version = "1.2" }`}, `(?s)min_version must be left out`},
		"mutual TLS with upstream": {[]string{`tls_termination = { terminate_at = "upstream" }`,
			`mutual_tls = { certificate_authority_ids = [` + ca + `] }`}, `(?s)ERR_NGROK_1694`},
		"not a CA":        {[]string{`mutual_tls = { certificate_authority_ids = ["ipp_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"] }`}, `(?s)ca_`},
		"no CAs":          {[]string{`mutual_tls = { certificate_authority_ids = [] }`}, `(?s)certificate_authority_ids.*at least 1`},
		"CA listed twice": {[]string{`mutual_tls = { certificate_authority_ids = [` + ca + `, ` + ca + `] }`}, `(?s)duplicate`},
		"not a backend":   {[]string{`backend = { backend_id = "bkd_2hHGVyb5ZT6WQm1uXnLfNc8Ykam" }`}, `(?s)Invalid Backend ID`},
		"hostport twice":  {[]string{`hostports = ["tls.example.com:443", "tls.example.com:443"]`}, `(?s)duplicate`},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			mock := newTestMock(t)
			testAccExpectPlanError(t, mock.config("resource \"ngrok_tls_edge\" \"test\" {\n  "+strings.Join(tc.attrs, "\n  ")+"\n}\n"), tc.want)
		})
	}
}

// Where edges are read-only, a seeded TLS edge is imported, refreshed, read
// and listed; an update fails with ERR_NGROK_7196 explained. Where the
// account has no edges, a create fails with ERR_NGROK_7008 explained.
func TestAccTLSEdge_readOnly(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	id, err := mock.server.SeedTLSEdge(mockserver.TLSEdgeSeed{Hostports: []string{"tls.example.com:443"},
		TLSTermination: rawSeed(`{"terminate_at":"upstream"}`)})
	if err != nil {
		t.Fatal(err)
	}
	config := func(description string) string {
		return mock.config(importBlock(testTLSEdgeResource, id) + `
resource "ngrok_tls_edge" "test" {
  description     = "` + description + `"
  hostports       = ["tls.example.com:443"]
  tls_termination = { terminate_at = "upstream" }
}

data "ngrok_tls_edges" "all" {}
`)
	}
	resource.Test(t, resource.TestCase{
		TerraformVersionChecks:   queryVersionChecks,
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config:      mock.config(`resource "ngrok_tls_edge" "new" { description = "x" }`),
				ExpectError: regexp.MustCompile(`(?s)Unable to Create TLS Edge.*ERR_NGROK_7008.*no longer offers edges`),
			},
			{
				PreConfig: func() { mock.server.SetEdgesReadOnly(true) },
				Config:    config(""),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testTLSEdgeResource, plancheck.ResourceActionNoop)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("data.ngrok_tls_edges.all", tfjsonpath.New("tls_edges").AtSliceIndex(0).AtMapKey("tls_termination").AtMapKey("terminate_at"),
						knownvalue.StringExact("upstream")),
				},
			},
			{
				Config:      config("changed"),
				ExpectError: regexp.MustCompile(`(?s)Unable to Update TLS Edge.*ERR_NGROK_7196.*read-only`),
			},
			{
				Query:  true,
				Config: listBlock("ngrok_tls_edge", "all", "  include_resource = true\n"),
				QueryResultChecks: []querycheck.QueryResultCheck{
					querycheck.ExpectLength("ngrok_tls_edge.all", 1),
					querycheck.ExpectResourceDisplayName("ngrok_tls_edge.all", byID(id), knownvalue.StringExact("tls.example.com:443")),
				},
			},
			{
				PreConfig: func() {
					mock.server.SetEdgesReadOnly(false)
					mock.server.SetEdgesWritable(true)
				},
				Config:           config(""),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
		},
	})
}
