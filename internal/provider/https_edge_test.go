package provider

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck/queryfilter"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

const testHTTPSEdgeResource = "ngrok_https_edge.test"

var httpsEdgeIDPattern = regexp.MustCompile(`^edghts_[0-9A-Za-z]+$`)

// edgeAccount is a writable mock account with the domains app.example.com
// and *.example.net reserved and a certificate authority.
type edgeAccount struct {
	*testMock
	ca string
}

func newEdgeAccount(t *testing.T) edgeAccount {
	t.Helper()
	mock := newTestMock(t)
	mock.server.SetEdgesWritable(true)
	ctx := context.Background()
	for _, d := range []string{"app.example.com", "*.example.net"} {
		if _, err := mock.client.CreateReservedDomain(ctx, &apiclient.ReservedDomainCreate{Domain: d}); err != nil {
			t.Fatal(err)
		}
	}
	ca, err := apiclient.CertificateAuthorities.Create(ctx, mock.client, &apiclient.CertificateAuthorityCreate{CAPEM: testMTLSCAPEM(t, "clients")})
	if err != nil {
		t.Fatal(err)
	}
	return edgeAccount{testMock: mock, ca: ca.ID}
}

func testAccHTTPSEdgeConfig(attrs ...string) string {
	return fmt.Sprintf("resource \"ngrok_https_edge\" \"test\" {\n  %s\n}\n", strings.Join(attrs, "\n  "))
}

func TestHTTPSEdgeModelConversions(t *testing.T) {
	t.Parallel()
	v := "1.2"
	e := &apiclient.HTTPSEdge{ID: "edghts_1", Description: "d", Hostports: []string{"app.example.com:443"},
		MutualTLS:      &apiclient.HTTPSEdgeMutualTLS{Enabled: true, CertificateAuthorities: []apiclient.Ref{{ID: "ca_1"}}},
		TLSTermination: &apiclient.HTTPSEdgeTLSTermination{Enabled: false, TerminateAt: "edge", MinVersion: &v}}
	m, err := httpsEdgeModelFromAPI(e)
	if err != nil {
		t.Fatal(err)
	}
	if m.MutualTLS == nil || m.MutualTLS.CertificateAuthorityIDs[0] != "ca_1" || m.TLSTermination.MinVersion.ValueString() != "1.2" ||
		m.TLSTermination.Enabled.ValueBool() {
		t.Errorf("model %+v", m)
	}
	c := m.toCreate()
	if c.MutualTLS == nil || *c.MutualTLS.Enabled != true || c.TLSTermination == nil || *c.TLSTermination.MinVersion != "1.2" || c.Hostports[0] != "app.example.com:443" {
		t.Errorf("create %+v", c)
	}
	// No hostports and no modules: an empty list is sent, no module.
	m, _ = httpsEdgeModelFromAPI(&apiclient.HTTPSEdge{ID: "edghts_1"})
	if m.Hostports == nil || m.MutualTLS != nil || m.TLSTermination != nil {
		t.Errorf("bare model %+v", m)
	}
	u := m.toUpdate()
	if u.Hostports == nil || len(*u.Hostports) != 0 || u.MutualTLS != nil || u.TLSTermination != nil {
		t.Errorf("update %+v", u)
	}
}

func TestCheckEdgeHostport(t *testing.T) {
	t.Parallel()
	for hp, ok := range map[string]bool{
		"app.example.com:443": true, "*.example.com:443": true, "xn--bcher-kva.example:443": true,
		"app.example.com": false, "app.example.com:8443": false, "App.example.com:443": false,
		":443": false, "app example.com:443": false, "app.example.com.:443": false, "1.tcp.ngrok.io:20000": false,
	} {
		if err := checkEdgeHostport(hp); (err == nil) != ok {
			t.Errorf("checkEdgeHostport(%q) = %v, want ok %v", hp, err, ok)
		}
	}
}

func TestAccHTTPSEdge_basic(t *testing.T) {
	t.Parallel()
	a := newEdgeAccount(t)
	config := a.config(testAccHTTPSEdgeConfig(`description = "app"`, `hostports = ["app.example.com:443", "www.example.net:443"]`,
		fmt.Sprintf(`mutual_tls = { certificate_authority_ids = [%q] }`, a.ca), `tls_termination = { min_version = "1.2" }`))
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testHTTPSEdgeResource, plancheck.ResourceActionCreate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(testHTTPSEdgeResource, tfjsonpath.New("id"), knownvalue.StringRegexp(httpsEdgeIDPattern)),
					statecheck.ExpectKnownValue(testHTTPSEdgeResource, tfjsonpath.New("hostports"), knownvalue.ListExact([]knownvalue.Check{
						knownvalue.StringExact("app.example.com:443"), knownvalue.StringExact("www.example.net:443"),
					})),
					statecheck.ExpectKnownValue(testHTTPSEdgeResource, tfjsonpath.New("mutual_tls"), knownvalue.ObjectExact(map[string]knownvalue.Check{
						"enabled":                   knownvalue.Bool(true),
						"certificate_authority_ids": knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact(a.ca)}),
					})),
					statecheck.ExpectKnownValue(testHTTPSEdgeResource, tfjsonpath.New("tls_termination").AtMapKey("min_version"), knownvalue.StringExact("1.2")),
				},
			},
			{ResourceName: testHTTPSEdgeResource, ImportState: true, ImportStateVerify: true},
			{
				// The configuration that plan -generate-config-out writes imports with no change.
				ResourceName:    testHTTPSEdgeResource,
				ImportState:     true,
				ImportStateKind: resource.ImportBlockWithID,
				GenerateConfig:  true,
			},
		},
	})
}

// Everything changes in place; a module the configuration drops is removed
// from the edge.
func TestAccHTTPSEdge_updateInPlace(t *testing.T) {
	t.Parallel()
	a := newEdgeAccount(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: a.config(testAccHTTPSEdgeConfig(`description = "app"`, `hostports = ["app.example.com:443"]`,
				fmt.Sprintf(`mutual_tls = { certificate_authority_ids = [%q] }`, a.ca), `tls_termination = {}`))},
			{
				Config: a.config(testAccHTTPSEdgeConfig(`hostports = ["api.example.net:443"]`, `tls_termination = { enabled = false, min_version = "1.3" }`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testHTTPSEdgeResource, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(testHTTPSEdgeResource, tfjsonpath.New("description"), knownvalue.StringExact("")),
					statecheck.ExpectKnownValue(testHTTPSEdgeResource, tfjsonpath.New("mutual_tls"), knownvalue.Null()),
					statecheck.ExpectKnownValue(testHTTPSEdgeResource, tfjsonpath.New("tls_termination").AtMapKey("enabled"), knownvalue.Bool(false)),
					stateCheckFunc(func(ctx context.Context, id func(string) (string, error)) error {
						edgeID, err := id(testHTTPSEdgeResource)
						if err != nil {
							return err
						}
						e, err := apiclient.HTTPSEdges.Get(ctx, a.client, edgeID)
						if err != nil {
							return err
						}
						if e.MutualTLS != nil || len(e.Hostports) != 1 || e.Hostports[0] != "api.example.net:443" {
							return fmt.Errorf("the API's edge %+v", e)
						}
						return nil
					}),
				},
			},
			{
				// Without modules and hostports: the edge keeps none.
				Config: a.config(testAccHTTPSEdgeConfig(`description = "bare"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testHTTPSEdgeResource, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(testHTTPSEdgeResource, tfjsonpath.New("tls_termination"), knownvalue.Null()),
					statecheck.ExpectKnownValue(testHTTPSEdgeResource, tfjsonpath.New("hostports"), knownvalue.ListSizeExact(0)),
				},
			},
		},
	})
}

func TestAccHTTPSEdge_identity(t *testing.T) {
	t.Parallel()
	a := newEdgeAccount(t)
	resource.Test(t, resource.TestCase{
		TerraformVersionChecks:   requireIdentity,
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: identitySteps(testHTTPSEdgeResource, map[string]knownvalue.Check{"id": knownvalue.StringRegexp(httpsEdgeIDPattern)},
			a.config(testAccHTTPSEdgeConfig(`hostports = ["app.example.com:443"]`)),
			a.config(testAccHTTPSEdgeConfig(`hostports = ["app.example.com:443"]`, `description = "renamed"`))),
	})
}

func TestAccHTTPSEdge_disappears(t *testing.T) {
	t.Parallel()
	a := newEdgeAccount(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: a.config(testAccHTTPSEdgeConfig(`description = "app"`)),
			Check: deleteObjectInAPI(testHTTPSEdgeResource, func(ctx context.Context, id string) error {
				return apiclient.HTTPSEdges.Delete(ctx, a.client, id)
			}),
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testHTTPSEdgeResource, plancheck.ResourceActionCreate)},
			},
			ExpectNonEmptyPlan: true,
		}},
	})
}

func TestAccHTTPSEdge_invalidConfig(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		attrs []string
		want  string
	}{
		"port":             {[]string{`hostports = ["app.example.com:8443"]`}, `(?s)Invalid Hostport.*port\s+443\s+only`},
		"no port":          {[]string{`hostports = ["app.example.com"]`}, `(?s)Invalid Hostport.*domain:443`},
		"upper case":       {[]string{`hostports = ["App.example.com:443"]`}, `(?s)Invalid Hostport.*lower\s+case\s+\(app.example.com:443\)`},
		"twice":            {[]string{`hostports = ["app.example.com:443", "app.example.com:443"]`}, `(?s)duplicate`},
		"min_version":      {[]string{`tls_termination = { min_version = "1.4" }`}, `(?s)min_version.*"1.0"\s+"1.1"\s+"1.2"\s+"1.3"`},
		"no authorities":   {[]string{`mutual_tls = { certificate_authority_ids = [] }`}, `(?s)certificate_authority_ids.*at least 1`},
		"not an authority": {[]string{`mutual_tls = { certificate_authority_ids = ["ipp_123"] }`}, `(?s)certificate_authority_ids.*ca_`},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			mock := newTestMock(t)
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
				Steps: []resource.TestStep{{
					Config:      mock.config(testAccHTTPSEdgeConfig(tc.attrs...)),
					PlanOnly:    true,
					ExpectError: regexp.MustCompile(tc.want),
				}},
			})
		})
	}
}

// An account without edge write access (the mock's default) refuses the
// create with ERR_NGROK_7008, explained.
func TestAccHTTPSEdge_edgesNotWritable(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(testAccHTTPSEdgeConfig(`description = "app"`)),
			ExpectError: regexp.MustCompile(`(?s)Unable to Create HTTPS Edge.*ERR_NGROK_7008.*ngrok\s+no\s+longer\s+offers\s+edges` +
				`.*Moving\s+from\s+edges\s+to\s+cloud\s+endpoints`),
		}},
	})
}

// On a read-only account an edge is refreshed, planned, imported and listed
// by `terraform query`; its update fails with ERR_NGROK_7196, explained.
func TestAccHTTPSEdge_edgesReadOnly(t *testing.T) {
	t.Parallel()
	a := newEdgeAccount(t)
	readOnly := func() { a.server.SetEdgesReadOnly(true) }
	config := a.config(testAccHTTPSEdgeConfig(`description = "app"`, `hostports = ["app.example.com:443"]`))
	resource.Test(t, resource.TestCase{
		TerraformVersionChecks:   queryVersionChecks,
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: config},
			{PreConfig: readOnly, Config: config, PlanOnly: true},
			{Config: config, ResourceName: testHTTPSEdgeResource, ImportState: true, ImportStateVerify: true},
			{
				Query:             true,
				Config:            listBlock("ngrok_https_edge", "all", ""),
				QueryResultChecks: []querycheck.QueryResultCheck{querycheck.ExpectLength("ngrok_https_edge.all", 1)},
			},
			{
				Config: a.config(testAccHTTPSEdgeConfig(`description = "changed"`, `hostports = ["app.example.com:443"]`)),
				ExpectError: regexp.MustCompile(`(?s)Unable to Update HTTPS Edge.*ERR_NGROK_7196.*ngrok\s+has\s+made\s+edges\s+read-only` +
					`.*terraform\s+state\s+rm`),
			},
			{
				// The destroy at the end of the test needs write access again.
				PreConfig: func() { a.server.SetEdgesReadOnly(false) },
				Config:    config,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
			},
		},
	})
}

// terraform query lists seeded and managed edges, with include_resource
// every attribute as an import reads it.
func TestAccHTTPSEdgeListResource(t *testing.T) {
	t.Parallel()
	a := newEdgeAccount(t)
	seeded, err := a.server.SeedHTTPSEdge(mockserver.HTTPSEdgeSeed{Description: "seeded", Hostports: []string{"old.example.net:443"}})
	if err != nil {
		t.Fatal(err)
	}
	resource.Test(t, resource.TestCase{
		TerraformVersionChecks:   queryVersionChecks,
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: a.config(testAccHTTPSEdgeConfig(`description = "managed"`, `hostports = ["app.example.com:443"]`))},
			{
				Query: true,
				Config: listBlock("ngrok_https_edge", "all", "  include_resource = true\n") +
					listBlock("ngrok_https_edge", "newest", "  limit = 1\n"),
				QueryResultChecks: []querycheck.QueryResultCheck{
					querycheck.ExpectLength("ngrok_https_edge.all", 2),
					querycheck.ExpectIdentity("ngrok_https_edge.all", map[string]knownvalue.Check{"id": knownvalue.StringExact(seeded)}),
					querycheck.ExpectResourceDisplayName("ngrok_https_edge.all", byID(seeded), knownvalue.StringExact("seeded: old.example.net:443")),
					querycheck.ExpectResourceKnownValues("ngrok_https_edge.all", byID(seeded), []querycheck.KnownValueCheck{
						knownValue("hostports", knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact("old.example.net:443")})),
						knownValue("mutual_tls", knownvalue.Null()),
					}),
					querycheck.ExpectLength("ngrok_https_edge.newest", 1),
					querycheck.ExpectResourceDisplayName("ngrok_https_edge.newest",
						queryfilter.ByResourceIdentity(map[string]knownvalue.Check{"id": knownvalue.StringRegexp(httpsEdgeIDPattern)}),
						knownvalue.StringExact("managed: app.example.com:443")),
				},
			},
		},
	})
}
