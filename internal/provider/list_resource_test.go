package provider

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/hashicorp/go-version"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck/queryfilter"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
	"github.com/tfedge/terraform-provider-ngrok/internal/specvalidate"
)

// listHarness runs a list resource and its managed resource directly,
// without Terraform, against one client.
type listHarness struct {
	t        *testing.T
	client   *apiclient.Client
	list     list.ListResource
	resource resource.Resource
}

func newListHarness(t *testing.T, client *apiclient.Client, lr list.ListResource, r resource.Resource) *listHarness {
	t.Helper()
	ctx := context.Background()
	var diags []string
	lc, rc := resource.ConfigureResponse{}, resource.ConfigureResponse{}
	implementation[list.ListResourceWithConfigure](t, lr).Configure(ctx, resource.ConfigureRequest{ProviderData: client}, &lc)
	implementation[resource.ResourceWithConfigure](t, r).Configure(ctx, resource.ConfigureRequest{ProviderData: client}, &rc)
	for _, d := range append(lc.Diagnostics, rc.Diagnostics...) {
		diags = append(diags, d.Summary())
	}
	if len(diags) > 0 {
		t.Fatalf("configure: %v", diags)
	}
	return &listHarness{t: t, client: client, list: lr, resource: r}
}

func (h *listHarness) schemas() (resource.SchemaResponse, resource.IdentitySchemaResponse) {
	ctx := context.Background()
	var s resource.SchemaResponse
	var is resource.IdentitySchemaResponse
	h.resource.Schema(ctx, resource.SchemaRequest{}, &s)
	implementation[resource.ResourceWithIdentity](h.t, h.resource).IdentitySchema(ctx, resource.IdentitySchemaRequest{}, &is)
	return s, is
}

// run lists with the given arguments (null when not given) and returns
// every result.
func (h *listHarness) run(args map[string]string, limit int64, includeResource bool) []list.ListResult {
	h.t.Helper()
	ctx := context.Background()
	var ls list.ListResourceSchemaResponse
	h.list.ListResourceConfigSchema(ctx, list.ListResourceSchemaRequest{}, &ls)
	values := map[string]tftypes.Value{}
	for name := range ls.Schema.Attributes {
		if v, ok := args[name]; ok {
			values[name] = tftypes.NewValue(tftypes.String, v)
		} else {
			values[name] = tftypes.NewValue(tftypes.String, nil)
		}
	}
	s, is := h.schemas()
	req := list.ListRequest{
		Config:                 tfsdk.Config{Raw: tftypes.NewValue(ls.Schema.Type().TerraformType(ctx), values), Schema: ls.Schema},
		IncludeResource:        includeResource,
		Limit:                  limit,
		ResourceSchema:         s.Schema,
		ResourceIdentitySchema: is.IdentitySchema,
	}
	var stream list.ListResultsStream
	h.list.List(ctx, req, &stream)
	return slices.Collect(stream.Results)
}

// importAndRead is what Terraform does to import id: ImportState, then
// Read. It returns the state the Read stores.
func (h *listHarness) importAndRead(id string) tftypes.Value {
	h.t.Helper()
	ctx := context.Background()
	s, is := h.schemas()
	state := tfsdk.State{Raw: tftypes.NewValue(s.Schema.Type().TerraformType(ctx), nil), Schema: s.Schema}
	identity := &tfsdk.ResourceIdentity{Raw: tftypes.NewValue(is.IdentitySchema.Type().TerraformType(ctx), nil), Schema: is.IdentitySchema}
	imp := resource.ImportStateResponse{State: state, Identity: identity}
	implementation[resource.ResourceWithImportState](h.t, h.resource).ImportState(ctx, resource.ImportStateRequest{ID: id}, &imp)
	if imp.Diagnostics.HasError() {
		h.t.Fatalf("import %s: %v", id, imp.Diagnostics)
	}
	read := resource.ReadResponse{State: imp.State, Identity: imp.Identity}
	h.resource.Read(ctx, resource.ReadRequest{State: imp.State, Identity: imp.Identity}, &read)
	if read.Diagnostics.HasError() {
		h.t.Fatalf("read %s: %v", id, read.Diagnostics)
	}
	return read.State.Raw
}

// resultID is a result's identity id, failing on a result with errors.
func resultID(t *testing.T, r list.ListResult) string {
	t.Helper()
	if r.Diagnostics.HasError() {
		t.Fatalf("result with errors: %v", r.Diagnostics)
	}
	var id types.String
	if diags := r.Identity.GetAttribute(context.Background(), path.Root("id"), &id); diags.HasError() {
		t.Fatalf("identity: %v", diags)
	}
	return id.ValueString()
}

// createListTestAccount fills mock with objects of every type that the list
// resources list, of every kind whose import needs care (uploaded and
// managed certificates, endpoint configurations, JSON metadata, YAML
// policies, every key type, certificate options), and an agent's endpoint,
// which no list resource lists. It returns their IDs by type name, oldest
// first.
func createListTestAccount(t *testing.T, mock *testMock) map[string][]string {
	t.Helper()
	ctx := context.Background()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	certID, err := mock.server.SeedTLSCertificate(mockserver.TLSCertificateSeed{Description: "uploaded"})
	must(err)
	ecID, err := mock.server.SeedEndpointConfiguration(mockserver.EndpointConfigurationSeed{Type: "https"})
	must(err)
	_, err = mock.server.SeedAgentEndpoint(mockserver.AgentEndpointSeed{URL: "https://laptop.ngrok.app", UpstreamURL: "http://localhost:3000"})
	must(err)

	want := map[string][]string{}
	for _, in := range []apiclient.ReservedDomainCreate{
		{Domain: "app.ngrok.app", Description: "service-owned"},
		{Domain: "www.example.com", Metadata: `{"team": "web", "n": 1}`},
		{Domain: "shop.example.com", CertificateID: certID},
		{Domain: "login.example.com", CertificateManagementPolicy: &apiclient.ReservedDomainCertPolicy{Authority: "letsencrypt", PrivateKeyType: "rsa"}},
		{Domain: "*.apps.example.com", CertificateManagementPolicy: &apiclient.ReservedDomainCertPolicy{}},
		{Domain: "api.example.com", Description: `{"json": "as description"}`},
	} {
		d, err := mock.client.CreateReservedDomain(ctx, &in)
		must(err)
		want["reserved_domain"] = append(want["reserved_domain"], d.ID)
	}
	_, err = mock.client.UpdateReservedDomain(ctx, want["reserved_domain"][5], &apiclient.ReservedDomainUpdate{HTTPSEndpointConfigurationID: &ecID})
	must(err)

	reserveTestAddrs(t, mock, "1.tcp.ngrok.io:12345")
	for _, in := range []apiclient.EndpointCreate{
		{URL: "https://www.example.com", TrafficPolicy: `{"on_http_request": [{"actions": [{"type": "deny"}]}]}`, Description: "web"},
		{URL: "https://api.example.com:443", TrafficPolicy: "on_http_request:\n  - actions:\n      - type: deny\n", Metadata: `{"tier":"gold"}`},
		{URL: "https://web.internal", TrafficPolicy: "{}", PoolingEnabled: true},
		{URL: "tcp://1.tcp.ngrok.io:12345", TrafficPolicy: `{"on_tcp_connect": []}`},
		{URL: "https://svc.cluster", TrafficPolicy: "{}", Bindings: []string{"kubernetes"}},
		{URL: "https://templated.internal", TrafficPolicy: "on_http_request:\n  - actions:\n      - type: custom-response\n        config:\n          body: \"${req.url} %{x}\"\n"},
	} {
		in.Type = apiclient.EndpointTypeCloud
		ep, err := mock.client.CreateEndpoint(ctx, &in)
		must(err)
		want["cloud_endpoint"] = append(want["cloud_endpoint"], ep.ID)
	}

	for _, in := range []apiclient.SSHCertificateAuthorityCreate{
		{Description: "users"},
		{PrivateKeyType: "ecdsa", EllipticCurve: "p384", Metadata: `{"rotation": 2027}`},
		{PrivateKeyType: "ecdsa"},
		{PrivateKeyType: "rsa", KeySize: 2048, Description: "costs ${var.x} %{if y} \"quoted\"\nsecond line", Metadata: `[1, "two"]`},
	} {
		ca, err := mock.client.CreateSSHCertificateAuthority(ctx, &in)
		must(err)
		want["ssh_certificate_authority"] = append(want["ssh_certificate_authority"], ca.ID)
	}
	ca := want["ssh_certificate_authority"][0]
	ed, rsaKey := testSSHPublicKey(t, "ed25519"), testSSHPublicKey(t, "rsa2048")
	for _, in := range []apiclient.SSHCertificateCreate{
		{SSHCertificateAuthorityID: ca, PublicKey: ed},
		{SSHCertificateAuthorityID: ca, PublicKey: rsaKey + " a comment", Principals: []string{"web-1", "10.0.0.1"},
			ValidAfter: "2026-01-01T00:00:00+02:00", ValidUntil: "2027-01-01T00:00:00Z", Description: "web-1"},
	} {
		c, err := mock.client.CreateSSHHostCertificate(ctx, &in)
		must(err)
		want["ssh_host_certificate"] = append(want["ssh_host_certificate"], c.ID)
	}
	for _, in := range []apiclient.SSHUserCertificateCreate{
		{SSHCertificateCreate: apiclient.SSHCertificateCreate{SSHCertificateAuthorityID: ca, PublicKey: ed}},
		{SSHCertificateCreate: apiclient.SSHCertificateCreate{SSHCertificateAuthorityID: ca, PublicKey: ed, Principals: []string{"deploy"}},
			CriticalOptions: map[string]string{"force-command": "/bin/deploy", "source-address": "10.0.0.0/8"},
			Extensions:      map[string]string{}},
		{SSHCertificateCreate: apiclient.SSHCertificateCreate{SSHCertificateAuthorityID: ca, PublicKey: rsaKey, Metadata: `{"ticket":"OPS-1","note":"<b>&amp;</b>"}`},
			Extensions: map[string]string{"permit-pty": "", "login@github.com": "alice"}},
	} {
		c, err := mock.client.CreateSSHUserCertificate(ctx, &in)
		must(err)
		want["ssh_user_certificate"] = append(want["ssh_user_certificate"], c.ID)
	}

	return want
}

// Each list resource's results carry, with include_resource, exactly the
// state that importing the object and reading it stores: what
// -generate-config-out writes is then what the import reads, and the apply
// that imports it plans no change. Every kind of object the account can
// hold is listed, including those whose import needs care (uploaded and
// managed certificates, endpoint configurations, JSON metadata, YAML
// policies, every key type, certificate options).
func TestListResources_resultIsTheImportedState(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t, mockserver.WithPageSize(2), mockserver.WithCertificateIssueDelay(0))
	want := createListTestAccount(t, mock)
	for _, tc := range []struct {
		typeName string
		list     list.ListResource
		resource resource.Resource
	}{
		{"reserved_domain", NewReservedDomainListResource(), NewReservedDomainResource()},
		{"cloud_endpoint", NewCloudEndpointListResource(), NewCloudEndpointResource()},
		{"ssh_certificate_authority", sshCertificateAuthorityType.newListResource(), sshCertificateAuthorityType.newResource()},
		{"ssh_host_certificate", NewSSHHostCertificateListResource(), NewSSHHostCertificateResource()},
		{"ssh_user_certificate", NewSSHUserCertificateListResource(), NewSSHUserCertificateResource()},
	} {
		t.Run(tc.typeName, func(t *testing.T) {
			h := newListHarness(t, mock.client, tc.list, tc.resource)
			results := h.run(nil, 100, true)
			var got []string
			for _, r := range results {
				id := resultID(t, r)
				got = append(got, id)
				if r.DisplayName == "" {
					t.Errorf("%s: no display name", id)
				}
				if imported := h.importAndRead(id); !r.Resource.Raw.Equal(imported) {
					diffs, _ := r.Resource.Raw.Diff(imported)
					t.Errorf("%s: the listed state is not the imported one:\n%v", id, diffs)
				}
			}
			// NOTE: newest first, as the API lists.
			wantIDs := slices.Clone(want[tc.typeName])
			slices.Reverse(wantIDs)
			if !slices.Equal(got, wantIDs) {
				t.Errorf("listed %v, want %v", got, wantIDs)
			}
		})
	}
}

// listRecordingMock is a mock whose list requests are recorded.
type listRecordingMock struct {
	*testMock
	mu    sync.Mutex
	lists []string // the query of every GET of a collection
}

func newListRecordingMock(t *testing.T) *listRecordingMock {
	skipOnAccount(t)
	t.Helper()
	server := mockserver.New(mockserver.WithAPIKeys(testAPIKey))
	validated := specvalidate.Handler(t, server)
	m := &listRecordingMock{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet && strings.Count(r.URL.Path, "/") == 1 {
			m.mu.Lock()
			m.lists = append(m.lists, r.URL.Path+"?"+r.URL.RawQuery)
			m.mu.Unlock()
		}
		validated.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	client, err := apiclient.New(apiclient.WithBaseURL(srv.URL), apiclient.WithAPIKey(testAPIKey), apiclient.WithRefreshFromLists(false))
	if err != nil {
		t.Fatal(err)
	}
	m.testMock = &testMock{server: server, url: srv.URL, client: client}
	return m
}

func (m *listRecordingMock) takeLists() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	l := m.lists
	m.lists = nil
	return l
}

// A query's limit bounds the results and the requests: a limit below a page
// asks for a page of that size, and the stream ends, reading no further
// page, once the limit is reached.
func TestListResources_limit(t *testing.T) {
	t.Parallel()
	mock := newListRecordingMock(t)
	ctx := context.Background()
	var ids []string
	for range 7 {
		ca, err := mock.client.CreateSSHCertificateAuthority(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, ca.ID)
	}
	h := newListHarness(t, mock.client, sshCertificateAuthorityType.newListResource(), sshCertificateAuthorityType.newResource())

	results := h.run(map[string]string{"filter": `obj.description == null`}, 3, false)
	var got []string
	for _, r := range results {
		got = append(got, resultID(t, r))
		if r.Resource.Raw.IsKnown() && !r.Resource.Raw.IsNull() {
			t.Errorf("%s: a resource without include_resource", got[len(got)-1])
		}
	}
	if want := []string{ids[6], ids[5], ids[4]}; !slices.Equal(got, want) {
		t.Errorf("limit 3: listed %v, want %v", got, want)
	}
	if lists := mock.takeLists(); len(lists) != 1 || !strings.Contains(lists[0], "limit=3") || !strings.Contains(lists[0], "filter=") {
		t.Errorf("limit 3: list requests %v, want one page of 3, filtered", lists)
	}

	// Without a limit below a page, the API's own page size applies.
	if results := h.run(nil, 100, false); len(results) != 7 {
		t.Errorf("limit 100: %d results, want 7", len(results))
	}
	if lists := mock.takeLists(); len(lists) != 1 || strings.Contains(lists[0], "limit=") {
		t.Errorf("limit 100: list requests %v, want one, of the default page size", lists)
	}
}

// The authority argument of the certificate lists is applied by the
// provider (the API cannot filter certificates), before the limit: the
// limit counts the authority's certificates, and the page size stays the
// API's.
func TestSSHCertificateListResource_authorityAndLimit(t *testing.T) {
	t.Parallel()
	mock := newListRecordingMock(t)
	ctx := context.Background()
	var cas []string
	for range 2 {
		ca, err := mock.client.CreateSSHCertificateAuthority(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		cas = append(cas, ca.ID)
	}
	key := testSSHPublicKey(t, "ed25519")
	byCA := map[string][]string{}
	for i := range 6 {
		ca := cas[i%2]
		c, err := mock.client.CreateSSHUserCertificate(ctx, &apiclient.SSHUserCertificateCreate{
			SSHCertificateCreate: apiclient.SSHCertificateCreate{SSHCertificateAuthorityID: ca, PublicKey: key}})
		if err != nil {
			t.Fatal(err)
		}
		byCA[ca] = append([]string{c.ID}, byCA[ca]...)
	}
	mock.takeLists()
	h := newListHarness(t, mock.client, NewSSHUserCertificateListResource(), NewSSHUserCertificateResource())

	var got []string
	for _, r := range h.run(map[string]string{"ssh_certificate_authority_id": cas[0]}, 2, true) {
		got = append(got, resultID(t, r))
	}
	if want := byCA[cas[0]][:2]; !slices.Equal(got, want) {
		t.Errorf("authority %s, limit 2: listed %v, want %v", cas[0], got, want)
	}
	if lists := mock.takeLists(); len(lists) != 1 || strings.Contains(lists[0], "limit=") {
		t.Errorf("list requests %v, want one, of the default page size", lists)
	}
}

// An API error ends the stream with one error result that quotes the API.
func TestListResources_apiErrorEndsTheStream(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	if _, err := mock.client.CreateReservedDomain(context.Background(), &apiclient.ReservedDomainCreate{Domain: "a.ngrok.app"}); err != nil {
		t.Fatal(err)
	}
	h := newListHarness(t, mock.client, NewReservedDomainListResource(), NewReservedDomainResource())
	results := h.run(map[string]string{"filter": "obj.domain ==="}, 100, true)
	if len(results) != 1 || !results[0].Diagnostics.HasError() {
		t.Fatalf("results %+v, want one error", results)
	}
	d := results[0].Diagnostics.Errors()[0]
	if d.Summary() != "Unable to List Reserved Domains" || !strings.Contains(d.Detail(), "400") || !strings.Contains(d.Detail(), "Operation ID") {
		t.Errorf("error %q: %q", d.Summary(), d.Detail())
	}
}

// Display names say what each object is.
func TestListResources_displayNames(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	ctx := context.Background()
	ca, err := mock.client.CreateSSHCertificateAuthority(ctx, &apiclient.SSHCertificateAuthorityCreate{
		PrivateKeyType: "rsa", KeySize: 2048, Description: "legacy hosts"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := mock.client.CreateSSHCertificateAuthority(ctx, &apiclient.SSHCertificateAuthorityCreate{
		PrivateKeyType: "ecdsa", EllipticCurve: "p384"}); err != nil {
		t.Fatal(err)
	}
	key := testSSHPublicKey(t, "ed25519")
	for _, in := range []apiclient.SSHCertificateCreate{
		{SSHCertificateAuthorityID: ca.ID, PublicKey: key, Principals: []string{"web-1", "10.0.0.1"}, Description: "web"},
		{SSHCertificateAuthorityID: ca.ID, PublicKey: key},
	} {
		if _, err := mock.client.CreateSSHHostCertificate(ctx, &in); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := mock.client.CreateSSHUserCertificate(ctx, &apiclient.SSHUserCertificateCreate{
		SSHCertificateCreate: apiclient.SSHCertificateCreate{SSHCertificateAuthorityID: ca.ID, PublicKey: key}}); err != nil {
		t.Fatal(err)
	}
	if _, err := mock.client.CreateReservedDomain(ctx, &apiclient.ReservedDomainCreate{Domain: "*.example.com"}); err != nil {
		t.Fatal(err)
	}
	if _, err := mock.client.CreateEndpoint(ctx, &apiclient.EndpointCreate{Type: apiclient.EndpointTypeCloud,
		URL: "https://web.internal:443", TrafficPolicy: "{}"}); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		list     list.ListResource
		resource resource.Resource
		want     []string
	}{
		{sshCertificateAuthorityType.newListResource(), sshCertificateAuthorityType.newResource(), []string{"ecdsa p384", "legacy hosts: rsa 2048"}},
		{NewSSHHostCertificateListResource(), NewSSHHostCertificateResource(), []string{"any host", "web: web-1, 10.0.0.1"}},
		{NewSSHUserCertificateListResource(), NewSSHUserCertificateResource(), []string{"any user"}},
		{NewReservedDomainListResource(), NewReservedDomainResource(), []string{"*.example.com"}},
		{NewCloudEndpointListResource(), NewCloudEndpointResource(), []string{"https://web.internal"}},
	} {
		var got []string
		for _, r := range newListHarness(t, mock.client, tc.list, tc.resource).run(nil, 100, false) {
			resultID(t, r)
			got = append(got, r.DisplayName)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("display names %q, want %q", got, tc.want)
		}
	}
}

// queryVersionChecks gates the tests that run `terraform query`, which
// Terraform has from 1.14.
var queryVersionChecks = []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_14_0)}

// listBlock is a list block of a query configuration; body holds its
// arguments (include_resource, limit, a config block). NOTE: the query
// runs beside the configuration of the step before, whose provider block
// (testMock.config) it uses.
func listBlock(typeName, name, body string) string {
	return fmt.Sprintf("list %q %q {\n  provider = ngrok\n%s}\n\n", typeName, name, body)
}

// byID filters query results by their identity.
func byID(id string) queryfilter.QueryFilter {
	return queryfilter.ByResourceIdentity(map[string]knownvalue.Check{"id": knownvalue.StringExact(id)})
}

func knownValue(attribute string, check knownvalue.Check) querycheck.KnownValueCheck {
	return querycheck.KnownValueCheck{Path: tfjsonpath.New(attribute), KnownValue: check}
}

// skipUnlessTerraform runs check (a tfversion check, as TestCase's
// TerraformVersionChecks) against the CLI of TF_ACC_TERRAFORM_PATH, for the
// tests that run the CLI themselves.
func skipUnlessTerraform(t *testing.T, check tfversion.TerraformVersionCheck) {
	t.Helper()
	bin := os.Getenv("TF_ACC_TERRAFORM_PATH")
	if bin == "" {
		bin = "terraform"
	}
	out, err := exec.CommandContext(t.Context(), bin, "version", "-json").Output()
	if err != nil {
		t.Fatalf("%s version -json: %v", bin, err)
	}
	var v struct {
		TerraformVersion string `json:"terraform_version"`
	}
	if err := json.Unmarshal(out, &v); err != nil {
		t.Fatalf("%s version -json: %v", bin, err)
	}
	tv, err := version.NewVersion(v.TerraformVersion)
	if err != nil {
		t.Fatalf("%s version -json: %v", bin, err)
	}
	var resp tfversion.CheckTerraformVersionResponse
	check.CheckTerraformVersion(t.Context(), tfversion.CheckTerraformVersionRequest{TerraformVersion: tv}, &resp)
	switch {
	case resp.Error != nil:
		t.Fatal(resp.Error)
	case resp.Skip != "":
		t.Skip(resp.Skip)
	}
}

// The whole adoption round trip, as a user runs it: `terraform query
// -generate-config-out` writes an import block and a resource block for
// every object of every listable type; `terraform apply` of that file
// imports them all and changes and adds nothing; the plan after it is
// empty. The account holds every kind of object whose generated
// configuration needs care (see createListTestAccount), and text that HCL
// would otherwise read as templates.
func TestAccListResources_generatedConfigurationImportsWithNoChange(t *testing.T) {
	t.Parallel()
	if os.Getenv("TF_ACC") == "" {
		t.Skip("acceptance test: set TF_ACC=1")
	}
	skipUnlessTerraform(t, tfversion.SkipBelow(tfversion.Version1_14_0))

	mock := newTestMock(t, mockserver.WithPageSize(3), mockserver.WithCertificateIssueDelay(0))
	account := createListTestAccount(t, mock)
	total := 0
	for _, ids := range account {
		total += len(ids)
	}

	d := &terraformDir{t: t, dir: t.TempDir(), reattach: reattachedProvider(t)}
	mainTF := "terraform {\n  required_providers {\n    ngrok = { source = \"hashicorp/ngrok\" }\n  }\n}\n\n" + mock.config("")
	var query strings.Builder
	for _, typeName := range []string{"reserved_domain", "cloud_endpoint", "ssh_certificate_authority", "ssh_host_certificate", "ssh_user_certificate"} {
		query.WriteString(listBlock("ngrok_"+typeName, "all", "  include_resource = true\n"))
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
	for typeName, ids := range account {
		for _, id := range ids {
			if !strings.Contains(string(generated), fmt.Sprintf("id = %q", id)) {
				t.Errorf("generated.tf has no import of %s %s", typeName, id)
			}
		}
	}
	if n := len(regexp.MustCompile(`(?m)^import \{`).FindAll(generated, -1)); n != total {
		t.Errorf("generated.tf has %d import blocks, want %d", n, total)
	}
	t.Logf("generated.tf:\n%s", generated)

	code, out := d.run("apply", "-auto-approve", "-input=false")
	want := fmt.Sprintf("Apply complete! Resources: %d imported, 0 added, 0 changed, 0 destroyed.", total)
	if code != 0 || !strings.Contains(out, want) {
		t.Fatalf("terraform apply of the generated configuration (exit %d), want %q:\n%s", code, want, out)
	}

	if code, out := d.run("plan", "-detailed-exitcode", "-input=false"); code != 0 {
		t.Fatalf("the plan after the import is not empty (exit %d):\n%s", code, out)
	}
}
