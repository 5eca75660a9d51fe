package provider

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

// newWritableEdgesMock is a test mock of an account that kept edge write
// access: backends can be created, changed and deleted.
func newWritableEdgesMock(t *testing.T) *testMock {
	t.Helper()
	mock := newTestMock(t)
	mock.server.SetEdgesWritable(true)
	return mock
}

// backendCase is one backend type's lifecycle: the configuration of its
// resource "test" (body holds its attributes), a create and an in-place
// update, with what the state then holds.
type backendCase struct {
	typ            string
	prefix         string
	extra          string // other resources the bodies refer to
	create, update string
	createChecks   map[string]knownvalue.Check
	updateChecks   map[string]knownvalue.Check
}

func (c backendCase) address() string { return c.typ + ".test" }

func (c backendCase) config(mock *testMock, body string) string {
	return mock.config(c.extra + "resource \"" + c.typ + "\" \"test\" {\n" + body + "\n}\n")
}

var backendCases = []backendCase{
	{
		typ: "ngrok_tunnel_group_backend", prefix: "bkdtg_",
		create:       `labels = { app = "web" }` + "\n" + `description = "web"`,
		update:       `labels = { app = "web", dc = "eu" }`,
		createChecks: map[string]knownvalue.Check{"labels": knownvalue.MapExact(map[string]knownvalue.Check{"app": knownvalue.StringExact("web")}), "tunnels": knownvalue.ListSizeExact(0)},
		updateChecks: map[string]knownvalue.Check{"labels": knownvalue.MapSizeExact(2), "description": knownvalue.StringExact("")},
	},
	{
		typ: "ngrok_http_response_backend", prefix: "bkdhr_",
		create:       `body = "teapot"` + "\n" + `status_code = 418` + "\n" + `headers = { "Content-Type" = "text/plain" }`,
		update:       `body = "gone"` + "\n" + `status_code = 410` + "\n" + `headers = { "content-type" = "text/plain", "x-reason" = "moved" }`,
		createChecks: map[string]knownvalue.Check{"status_code": knownvalue.Int64Exact(418), "headers": knownvalue.MapExact(map[string]knownvalue.Check{"Content-Type": knownvalue.StringExact("text/plain")})},
		updateChecks: map[string]knownvalue.Check{"status_code": knownvalue.Int64Exact(410), "body": knownvalue.StringExact("gone"), "headers": knownvalue.MapSizeExact(2)},
	},
	{
		typ: "ngrok_static_backend", prefix: "bkdsc_",
		create:       `address = "example.com:443"` + "\n" + `tls_enabled = true`,
		update:       `address = "example.net:8080"`,
		createChecks: map[string]knownvalue.Check{"address": knownvalue.StringExact("example.com:443"), "tls_enabled": knownvalue.Bool(true)},
		updateChecks: map[string]knownvalue.Check{"address": knownvalue.StringExact("example.net:8080"), "tls_enabled": knownvalue.Bool(false)},
	},
	{
		typ: "ngrok_failover_backend", prefix: "bkdfo_",
		extra:        "resource \"ngrok_http_response_backend\" \"a\" {}\nresource \"ngrok_static_backend\" \"b\" {\n  address = \"example.com:443\"\n}\n",
		create:       `backends = [ngrok_http_response_backend.a.id, ngrok_static_backend.b.id]`,
		update:       `backends = [ngrok_static_backend.b.id]`,
		createChecks: map[string]knownvalue.Check{"backends": knownvalue.ListSizeExact(2)},
		updateChecks: map[string]knownvalue.Check{"backends": knownvalue.ListSizeExact(1)},
	},
	{
		typ: "ngrok_weighted_backend", prefix: "bkdwd_",
		extra:        "resource \"ngrok_http_response_backend\" \"a\" {}\nresource \"ngrok_tunnel_group_backend\" \"b\" {}\n",
		create:       `backends = { (ngrok_http_response_backend.a.id) = 1, (ngrok_tunnel_group_backend.b.id) = 3 }`,
		update:       `backends = { (ngrok_http_response_backend.a.id) = 10000 }`,
		createChecks: map[string]knownvalue.Check{"backends": knownvalue.MapSizeExact(2)},
		updateChecks: map[string]knownvalue.Check{"backends": knownvalue.MapSizeExact(1)},
	},
}

func stateChecks(address string, checks map[string]knownvalue.Check) []statecheck.StateCheck {
	var out []statecheck.StateCheck
	for attr, check := range checks {
		out = append(out, statecheck.ExpectKnownValue(address, tfjsonpath.New(attr), check))
	}
	return out
}

// Each backend: created, changed in place, imported, deleted outside
// Terraform; every apply leaves an empty plan.
func TestAccBackends_lifecycle(t *testing.T) {
	t.Parallel()
	for _, c := range backendCases {
		t.Run(c.typ, func(t *testing.T) {
			t.Parallel()
			mock := newWritableEdgesMock(t)
			sameID := statecheck.CompareValue(compare.ValuesSame())
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
				Steps: []resource.TestStep{
					{
						Config: c.config(mock, c.create),
						ConfigPlanChecks: resource.ConfigPlanChecks{
							PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
						},
						ConfigStateChecks: append(stateChecks(c.address(), c.createChecks),
							sameID.AddStateValue(c.address(), tfjsonpath.New("id")),
							statecheck.ExpectKnownValue(c.address(), tfjsonpath.New("id"), knownvalue.StringRegexp(regexp.MustCompile(`^`+c.prefix))),
							statecheck.ExpectKnownValue(c.address(), tfjsonpath.New("uri"), knownvalue.StringRegexp(regexp.MustCompile(`/backends/[a-z_]+/`+c.prefix)))),
					},
					{
						Config: c.config(mock, c.update),
						ConfigPlanChecks: resource.ConfigPlanChecks{
							PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(c.address(), plancheck.ResourceActionUpdate)},
							PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
						},
						ConfigStateChecks: append(stateChecks(c.address(), c.updateChecks), sameID.AddStateValue(c.address(), tfjsonpath.New("id"))),
					},
					{ResourceName: c.address(), ImportState: true, ImportStateVerify: true},
					{
						// NOTE: the destroy that ends the test deletes it
						// once more and must take the API's 404 as success.
						Config: c.config(mock, c.update),
						Check: deleteObjectInAPI(c.address(), func(_ context.Context, id string) error {
							return mock.server.DeleteObject(backendTable(c.prefix), id)
						}),
						ConfigPlanChecks: resource.ConfigPlanChecks{
							PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectResourceAction(c.address(), plancheck.ResourceActionCreate)},
						},
						ExpectNonEmptyPlan: true,
					},
				},
			})
		})
	}
}

// backendTable is the mock's table of the backends of prefix.
func backendTable(prefix string) string {
	return map[string]string{
		"bkdtg_": "tunnel_group_backends", "bkdhr_": "http_response_backends", "bkdfo_": "failover_backends",
		"bkdwd_": "weighted_backends", "bkdsc_": "static_backends",
	}[prefix]
}

func TestAccBackends_identity(t *testing.T) {
	t.Parallel()
	for _, c := range backendCases {
		t.Run(c.typ, func(t *testing.T) {
			t.Parallel()
			mock := newWritableEdgesMock(t)
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
				TerraformVersionChecks:   requireIdentity,
				Steps: identitySteps(c.address(), map[string]knownvalue.Check{"id": knownvalue.StringRegexp(regexp.MustCompile(`^` + c.prefix))},
					c.config(mock, c.create), c.config(mock, c.update)),
			})
		})
	}
}

// The data sources read each backend by ID and list them all; the list
// resource lists them for terraform query.
func TestAccBackends_dataSourcesAndQuery(t *testing.T) {
	t.Parallel()
	for _, c := range backendCases {
		t.Run(c.typ, func(t *testing.T) {
			t.Parallel()
			mock := newWritableEdgesMock(t)
			plural := c.typ + "s"
			attr := plural[len("ngrok_"):]
			config := c.config(mock, c.create) + `
data "` + c.typ + `" "test" {
  id = ` + c.address() + `.id
}

data "` + plural + `" "all" {
  depends_on = [` + c.address() + `]
}
`
			same := statecheck.CompareValue(compare.ValuesSame())
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
				Steps: []resource.TestStep{{
					Config: config,
					ConfigStateChecks: []statecheck.StateCheck{
						same.AddStateValue(c.address(), tfjsonpath.New("uri")),
						same.AddStateValue("data."+c.typ+".test", tfjsonpath.New("uri")),
						statecheck.ExpectKnownValue("data."+plural+".all", tfjsonpath.New(attr), knownvalue.ListSizeExact(1)),
					},
				}},
			})
		})
	}
}

func TestAccBackends_listResource(t *testing.T) {
	t.Parallel()
	for _, c := range backendCases {
		t.Run(c.typ, func(t *testing.T) {
			t.Parallel()
			mock := newWritableEdgesMock(t)
			resource.Test(t, resource.TestCase{
				TerraformVersionChecks:   queryVersionChecks,
				ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
				Steps: []resource.TestStep{
					{Config: c.config(mock, c.create)},
					{
						Query:  true,
						Config: listBlock(c.typ, "all", "  include_resource = true\n"),
						QueryResultChecks: []querycheck.QueryResultCheck{
							querycheck.ExpectLength(c.typ+".all", 1),
						},
					},
				},
			})
		})
	}
}

// Where ngrok no longer offers edges (the mock's default), a create fails
// with ERR_NGROK_7008, explained.
func TestAccBackend_edgesUnavailable(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config:      mock.config("resource \"ngrok_static_backend\" \"test\" {\n  address = \"example.com:443\"\n}\n"),
			ExpectError: regexp.MustCompile(`(?s)ERR_NGROK_7008.*ngrok no longer offers edges to this account`),
		}},
	})
}

// Where edges became read-only, a change fails with ERR_NGROK_7196,
// explained, while refresh, import and terraform query go on working.
func TestAccBackend_edgesReadOnly(t *testing.T) {
	t.Parallel()
	mock := newWritableEdgesMock(t)
	config := func(status int) string {
		return mock.config("resource \"ngrok_http_response_backend\" \"test\" {\n  status_code = " + strconv.Itoa(status) + "\n}\n")
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: config(404)},
			{
				PreConfig:   func() { mock.server.SetEdgesReadOnly(true) },
				Config:      config(410),
				ExpectError: regexp.MustCompile(`(?s)ERR_NGROK_7196.*ngrok has made edges read-only for this account`),
			},
			{
				Config:   config(404),
				PlanOnly: true,
			},
			{ResourceName: "ngrok_http_response_backend.test", ImportState: true, ImportStateVerify: true},
			{
				// NOTE: writable again, so that the destroy that ends the
				// test can go ahead.
				PreConfig: func() { mock.server.SetEdgesReadOnly(false) },
				Config:    config(404),
				PlanOnly:  true,
			},
		},
	})
}

func TestAccBackend_edgesReadOnlyQuery(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	if _, err := mock.server.SeedTunnelGroupBackend(mockserver.TunnelGroupBackendSeed{Labels: map[string]string{"app": "web"}}); err != nil {
		t.Fatal(err)
	}
	mock.server.SetEdgesReadOnly(true)
	resource.Test(t, resource.TestCase{
		TerraformVersionChecks:   queryVersionChecks,
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: mock.config("")},
			{
				Query:  true,
				Config: listBlock("ngrok_tunnel_group_backend", "all", "  include_resource = true\n"),
				QueryResultChecks: []querycheck.QueryResultCheck{
					querycheck.ExpectLength("ngrok_tunnel_group_backend.all", 1),
				},
			},
		},
	})
}

func TestCheckHostPort(t *testing.T) {
	t.Parallel()
	for addr, ok := range map[string]bool{
		"example.com:443": true, "[2001:db8::1]:8080": true, "10.0.0.1:1": true,
		"example.com": false, ":443": false, "example.com:0": false, "example.com:65536": false, "example.com:http": false,
	} {
		if err := checkHostPort(addr); (err == nil) != ok {
			t.Errorf("checkHostPort(%q) = %v, want ok %v", addr, err, ok)
		}
	}
}

// The adoption round trip on an account whose edges are read-only: its
// backends, seeded, are listed by `terraform query -generate-config-out`,
// whose configuration `terraform apply` imports with no change and no
// write, and the plan after it is empty.
func TestAccBackends_generatedConfigurationImportsWithNoChange(t *testing.T) {
	t.Parallel()
	if os.Getenv("TF_ACC") == "" {
		t.Skip("acceptance test: set TF_ACC=1")
	}
	skipUnlessTerraform(t, tfversion.SkipBelow(tfversion.Version1_14_0))

	mock := newTestMock(t)
	seed, err := mockserver.ParseSeedFile([]byte(`
tunnel_group_backends:
  - labels: {app: web}
    description: "web ${app}"
  - {}
http_response_backends:
  - status_code: 503
    headers: {Retry-After: "60"}
    body: "%{ down }"
static_backends:
  - address: example.com:443
    tls_enabled: true
`))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := mock.server.Seed(seed); err != nil {
		t.Fatal(err)
	}
	// NOTE: failover and weighted backends name the seeded ones, whose IDs
	// are minted.
	tg := mockFirstID(t, mock, "ngrok_tunnel_group_backends")
	hr := mockFirstID(t, mock, "ngrok_http_response_backends")
	more, err := mockserver.ParseSeedFile([]byte(`
failover_backends:
  - backends: [` + tg + `, ` + hr + `]
weighted_backends:
  - backends: {` + tg + `: 1, ` + hr + `: 0}
`))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := mock.server.Seed(more); err != nil {
		t.Fatal(err)
	}
	mock.server.SetEdgesReadOnly(true)

	d := &terraformDir{t: t, dir: t.TempDir(), reattach: reattachedProvider(t)}
	mainTF := "terraform {\n  required_providers {\n    ngrok = { source = \"hashicorp/ngrok\" }\n  }\n}\n\n" + mock.config("")
	var query strings.Builder
	for _, c := range backendCases {
		query.WriteString(listBlock(c.typ, "all", "  include_resource = true\n"))
	}
	for name, text := range map[string]string{"main.tf": mainTF, "adopt.tfquery.hcl": query.String()} {
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
	t.Logf("generated.tf:\n%s", generated)
	if n := len(regexp.MustCompile(`(?m)^import \{`).FindAll(generated, -1)); n != 6 {
		t.Errorf("generated.tf has %d import blocks, want 6", n)
	}
	mock.server.ClearJournal()
	code, out := d.run("apply", "-auto-approve", "-input=false")
	if want := "Apply complete! Resources: 6 imported, 0 added, 0 changed, 0 destroyed."; code != 0 || !strings.Contains(out, want) {
		t.Fatalf("terraform apply of the generated configuration (exit %d), want %q:\n%s", code, want, out)
	}
	if code, out := d.run("plan", "-detailed-exitcode", "-input=false"); code != 0 {
		t.Fatalf("the plan after the import is not empty (exit %d):\n%s", code, out)
	}
	requests, _ := mock.server.Journal()
	for _, r := range requests {
		if r.Method != http.MethodGet {
			t.Errorf("the adoption sent %s %s", r.Method, r.Path)
		}
	}
}

// mockFirstID is the ID of the newest object that the plural data source's
// API list (by its type name) holds, read through the client.
func mockFirstID(t *testing.T, mock *testMock, plural string) string {
	t.Helper()
	ctx := t.Context()
	switch plural {
	case "ngrok_tunnel_group_backends":
		for b, err := range apiclient.TunnelGroupBackends.List(ctx, mock.client, nil) {
			if err != nil {
				t.Fatal(err)
			}
			return b.ID
		}
	case "ngrok_http_response_backends":
		for b, err := range apiclient.HTTPResponseBackends.List(ctx, mock.client, nil) {
			if err != nil {
				t.Fatal(err)
			}
			return b.ID
		}
	}
	t.Fatalf("no %s", plural)
	return ""
}
