package provider

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	tfresource "github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/tfedge/terraform-provider-ngrok/internal/specvalidate"
)

// requireIdentity gates the tests that need resource identity in the CLI
// (Terraform 1.12 and later): import blocks with an identity, and
// identities in the state.
var requireIdentity = []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_12_0)}

// identitySteps are the identity tests of the resource at address: each of
// configs is applied in turn (the first creates it, each further one must
// change it in place), and after each the state holds an identity that
// passes identity and equals the state's attributes of the same names; then
// an import block with that identity imports the object into a new state,
// planning nothing (the testing framework also checks that the imported
// identity is the same).
func identitySteps(address string, identity map[string]knownvalue.Check, configs ...string) []tfresource.TestStep {
	return identityStepsOf(map[string]map[string]knownvalue.Check{address: identity}, configs...)
}

// identityStepsOf are identitySteps for several resources of the same
// configurations, identities by address: each is checked after each apply,
// and each imported by its identity in a step of its own.
func identityStepsOf(identities map[string]map[string]knownvalue.Check, configs ...string) []tfresource.TestStep {
	addresses := slices.Sorted(maps.Keys(identities))
	var steps []tfresource.TestStep
	for i, config := range configs {
		step := tfresource.TestStep{Config: config}
		for _, address := range addresses {
			identity := identities[address]
			step.ConfigStateChecks = append(step.ConfigStateChecks, statecheck.ExpectIdentity(address, identity))
			for _, name := range slices.Sorted(maps.Keys(identity)) {
				step.ConfigStateChecks = append(step.ConfigStateChecks, statecheck.ExpectIdentityValueMatchesState(address, tfjsonpath.New(name)))
			}
			if i > 0 {
				step.ConfigPlanChecks.PreApply = append(step.ConfigPlanChecks.PreApply, plancheck.ExpectResourceAction(address, plancheck.ResourceActionUpdate))
			}
		}
		steps = append(steps, step)
	}
	for _, address := range addresses {
		steps = append(steps, tfresource.TestStep{
			ResourceName:    address,
			ImportState:     true,
			ImportStateKind: tfresource.ImportBlockWithResourceIdentity,
			ImportPlanChecks: tfresource.ImportPlanChecks{
				PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(address, plancheck.ResourceActionNoop)},
			},
		})
	}
	return steps
}

// readWithoutIdentity calls r's Read on a prior state that holds only the
// given attributes and no identity, as a state written before identity
// existed does, and returns the response.
func readWithoutIdentity(t *testing.T, r resource.Resource, mock *testMock, attrs map[string]tftypes.Value) *resource.ReadResponse {
	t.Helper()
	ctx := context.Background()
	var schemaResp resource.SchemaResponse
	r.Schema(ctx, resource.SchemaRequest{}, &schemaResp)
	var identityResp resource.IdentitySchemaResponse
	implementation[resource.ResourceWithIdentity](t, r).IdentitySchema(ctx, resource.IdentitySchemaRequest{}, &identityResp)
	var configureResp resource.ConfigureResponse
	implementation[resource.ResourceWithConfigure](t, r).Configure(ctx, resource.ConfigureRequest{ProviderData: mock.client}, &configureResp)

	stateType, ok := schemaResp.Schema.Type().TerraformType(ctx).(tftypes.Object)
	if !ok {
		t.Fatalf("%T's schema is not an object", r)
	}
	values := map[string]tftypes.Value{}
	for name, typ := range stateType.AttributeTypes {
		values[name] = tftypes.NewValue(typ, nil)
	}
	maps.Copy(values, attrs)
	state := tfsdk.State{Schema: schemaResp.Schema, Raw: tftypes.NewValue(stateType, values)}
	noIdentity := tftypes.NewValue(identityResp.IdentitySchema.Type().TerraformType(ctx), nil)

	resp := &resource.ReadResponse{
		State:    state,
		Identity: &tfsdk.ResourceIdentity{Schema: identityResp.IdentitySchema, Raw: noIdentity.Copy()},
	}
	r.Read(ctx, resource.ReadRequest{
		State:    state,
		Identity: &tfsdk.ResourceIdentity{Schema: identityResp.IdentitySchema, Raw: noIdentity.Copy()},
	}, resp)
	return resp
}

// Every resource has an identity, whose attributes are all required for
// import and are attributes of the resource too.
func TestResourcesHaveIdentity(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	p := New("test")()
	for _, newResource := range p.Resources(ctx) {
		r := newResource()
		var meta resource.MetadataResponse
		r.Metadata(ctx, resource.MetadataRequest{ProviderTypeName: "ngrok"}, &meta)
		withIdentity, ok := r.(resource.ResourceWithIdentity)
		if !ok {
			t.Errorf("%s has no identity", meta.TypeName)
			continue
		}
		var identityResp resource.IdentitySchemaResponse
		withIdentity.IdentitySchema(ctx, resource.IdentitySchemaRequest{}, &identityResp)
		var schemaResp resource.SchemaResponse
		r.Schema(ctx, resource.SchemaRequest{}, &schemaResp)
		if len(identityResp.IdentitySchema.Attributes) == 0 {
			t.Errorf("%s: empty identity schema", meta.TypeName)
		}
		for name, attr := range identityResp.IdentitySchema.Attributes {
			if !attr.IsRequiredForImport() {
				t.Errorf("%s: identity attribute %s is not required for import", meta.TypeName, name)
			}
			if _, ok := schemaResp.Schema.Attributes[name]; !ok {
				t.Errorf("%s: identity attribute %s is not an attribute of the resource", meta.TypeName, name)
			}
		}
	}
}

// A state written before resources had an identity holds none. Read sets
// it, also when the object is gone and Read removes it from the state: the
// framework refuses a Read that returns no identity.
func TestReadSetsIdentityWithoutPriorIdentity(t *testing.T) {
	t.Parallel()
	str := func(s string) tftypes.Value { return tftypes.NewValue(tftypes.String, s) }
	const (
		edge  = "edghts_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
		route = "edghtsrt_2hHGW0x7oSn4wdDzkRmE7YcB3Lq"
	)
	moduleAttrs := map[string]tftypes.Value{"id": str(edge + "/" + route), "edge_id": str(edge), "route_id": str(route)}
	for name, tc := range map[string]struct {
		resource func() resource.Resource
		attrs    map[string]tftypes.Value
	}{
		"reserved domain":              {NewReservedDomainResource, map[string]tftypes.Value{"id": str("rd_2hHGVyb5ZT6WQm1uXnLfNc8Ykam")}},
		"cloud endpoint":               {NewCloudEndpointResource, map[string]tftypes.Value{"id": str("ep_2hHGVyb5ZT6WQm1uXnLfNc8Ykam")}},
		"SSH certificate authority":    {sshCertificateAuthorityType.newResource, map[string]tftypes.Value{"id": str("sshca_2hHGVyb5ZT6WQm1uXnLfNc8Ykam")}},
		"SSH host certificate":         {NewSSHHostCertificateResource, map[string]tftypes.Value{"id": str("shcrt_2hHGVyb5ZT6WQm1uXnLfNc8Ykam")}},
		"SSH user certificate":         {NewSSHUserCertificateResource, map[string]tftypes.Value{"id": str("sucrt_2hHGVyb5ZT6WQm1uXnLfNc8Ykam")}},
		"route OIDC module":            {NewHTTPSEdgeRouteOIDCResource, moduleAttrs},
		"route backend module":         {NewHTTPSEdgeRouteBackendResource, moduleAttrs},
		"route IP restriction module":  {NewHTTPSEdgeRouteIPRestrictionResource, moduleAttrs},
		"route request headers module": {NewHTTPSEdgeRouteRequestHeadersResource, moduleAttrs},
		"IP policy":                    {ipPolicyType.newResource, map[string]tftypes.Value{"id": str("ipp_2hHGVyb5ZT6WQm1uXnLfNc8Ykam")}},
		"IP policy rule":               {ipPolicyRuleType.newResource, map[string]tftypes.Value{"id": str("ipr_2hHGVyb5ZT6WQm1uXnLfNc8Ykam")}},
		"TLS certificate":              {tlsCertificateType.newResource, map[string]tftypes.Value{"id": str("cert_2hHGVyb5ZT6WQm1uXnLfNc8Ykam")}},
		"credential":                   {credentialType.newResource, map[string]tftypes.Value{"id": str("cr_2hHGVyb5ZT6WQm1uXnLfNc8Ykam")}},
		"API key":                      {apiKeyType.newResource, map[string]tftypes.Value{"id": str("ak_2hHGVyb5ZT6WQm1uXnLfNc8Ykam")}},
		"SSH credential":               {sshCredentialType.newResource, map[string]tftypes.Value{"id": str("sshcr_2hHGVyb5ZT6WQm1uXnLfNc8Ykam")}},
		"vault":                        {vaultType.newResource, map[string]tftypes.Value{"id": str("vault_2hHGVyb5ZT6WQm1uXnLfNc8Ykam")}},
		"secret":                       {secretType.newResource, map[string]tftypes.Value{"id": str("secret_2hHGVyb5ZT6WQm1uXnLfNc8Ykam")}},
		"event destination":            {eventDestinationType.newResource, map[string]tftypes.Value{"id": str("ed_2hHGVyb5ZT6WQm1uXnLfNc8Ykam")}},
		"event subscription":           {eventSubscriptionType.newResource, map[string]tftypes.Value{"id": str("esb_2hHGVyb5ZT6WQm1uXnLfNc8Ykam")}},
		"service user":                 {serviceUserType.newResource, map[string]tftypes.Value{"id": str("service_2hHGVyb5ZT6WQm1uXnLfNc8Ykam")}},
		"bot user":                     {botUserType.newResource, map[string]tftypes.Value{"id": str("bot_2hHGVyb5ZT6WQm1uXnLfNc8Ykam")}},
		"agent ingress":                {agentIngressType.newResource, map[string]tftypes.Value{"id": str("agin_2hHGVyb5ZT6WQm1uXnLfNc8Ykam")}},
		"reserved address":             {reservedAddrType.newResource, map[string]tftypes.Value{"id": str("ra_2hHGVyb5ZT6WQm1uXnLfNc8Ykam")}},
		"IP restriction":               {ipRestrictionType.newResource, map[string]tftypes.Value{"id": str("ipx_2hHGVyb5ZT6WQm1uXnLfNc8Ykam")}},
		"certificate authority":        {certificateAuthorityType.newResource, map[string]tftypes.Value{"id": str("ca_2hHGVyb5ZT6WQm1uXnLfNc8Ykam")}},
		"HTTPS edge":                   {httpsEdgeType.newResource, map[string]tftypes.Value{"id": str(edge)}},
		"HTTPS edge route":             {NewHTTPSEdgeRouteResource, map[string]tftypes.Value{"id": str(route), "edge_id": str(edge)}},
		"TCP edge":                     {tcpEdgeType.newResource, map[string]tftypes.Value{"id": str("edgtcp_2hHGVyb5ZT6WQm1uXnLfNc8Ykam")}},
		"TLS edge":                     {tlsEdgeType.newResource, map[string]tftypes.Value{"id": str("edgtls_2hHGVyb5ZT6WQm1uXnLfNc8Ykam")}},
		"tunnel group backend":         {tunnelGroupBackendType.newResource, map[string]tftypes.Value{"id": str("bkdtg_2hHGVyb5ZT6WQm1uXnLfNc8Ykam")}},
		"HTTP response backend":        {httpResponseBackendType.newResource, map[string]tftypes.Value{"id": str("bkdhr_2hHGVyb5ZT6WQm1uXnLfNc8Ykam")}},
		"failover backend":             {failoverBackendType.newResource, map[string]tftypes.Value{"id": str("bkdfo_2hHGVyb5ZT6WQm1uXnLfNc8Ykam")}},
		"weighted backend":             {weightedBackendType.newResource, map[string]tftypes.Value{"id": str("bkdwd_2hHGVyb5ZT6WQm1uXnLfNc8Ykam")}},
		"static backend":               {staticBackendType.newResource, map[string]tftypes.Value{"id": str("bkdsc_2hHGVyb5ZT6WQm1uXnLfNc8Ykam")}},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			mock := newTestMock(t)
			resp := readWithoutIdentity(t, tc.resource(), mock, tc.attrs)
			if resp.Diagnostics.HasError() {
				t.Fatalf("Read: %v", resp.Diagnostics)
			}
			if !resp.State.Raw.IsNull() {
				t.Errorf("Read of an object the API does not have kept it in the state")
			}
			var got map[string]tftypes.Value
			if err := resp.Identity.Raw.As(&got); err != nil || len(got) == 0 {
				t.Fatalf("identity %v: %v", resp.Identity.Raw, err)
			}
			// NOTE: each identity attribute is the state attribute of its name.
			for attr, value := range got {
				if !value.Equal(tc.attrs[attr]) {
					t.Errorf("identity %s = %v, want %v", attr, value, tc.attrs[attr])
				}
			}
		})
	}
}

// naturalKeyImportStep imports address by key, an import block's id, with
// the configuration body: the plan imports the object whose ID is wantID
// and changes nothing. Each lookup of the key is one list request of
// listPath with the filter wantFilter, answered in one page.
func naturalKeyImportStep(mock *testMock, proxy *listProxy, address, key, body, wantID, listPath, wantFilter string) tfresource.TestStep {
	return tfresource.TestStep{
		Config: mock.config(fmt.Sprintf("import {\n  to = %s\n  id = %q\n}\n\n", address, key) + body),
		ConfigPlanChecks: tfresource.ConfigPlanChecks{
			PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(address, plancheck.ResourceActionNoop)},
			PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
		},
		ConfigStateChecks: []statecheck.StateCheck{
			statecheck.ExpectKnownValue(address, tfjsonpath.New("id"), knownvalue.StringExact(wantID)),
			stateCheckFunc(func(context.Context, func(string) (string, error)) error {
				lists := proxy.lists(listPath)
				if len(lists) == 0 {
					return fmt.Errorf("no list request of %s", listPath)
				}
				for _, q := range lists {
					if q.Get("filter") != wantFilter || q.Has("page_token") || q.Has("before_id") {
						return fmt.Errorf("list request of %s with %q; want each with only the filter %s", listPath, q.Encode(), wantFilter)
					}
				}
				return nil
			}),
		},
	}
}

// listProxy stands between the provider and a mock server. It records the
// query of every list request, and with duplicate set, answers a list
// request that has a filter with each object twice, the second time under
// another ID: what the API answers for a key that two objects share (ngrok
// lets pooled cloud endpoints share a url), which the mock server's
// uniqueness rules keep it from holding.
type listProxy struct {
	duplicate bool

	mu      sync.Mutex
	queries map[string][]url.Values
}

// newListProxyMock is newTestMock behind a listProxy.
func newListProxyMock(t *testing.T, duplicate bool) (*testMock, *listProxy) {
	t.Helper()
	mock := newTestMock(t)
	validated := specvalidate.Handler(t, mock.server)
	p := &listProxy{duplicate: duplicate, queries: map[string][]url.Values{}}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet || strings.Count(r.URL.Path, "/") != 1 {
			validated.ServeHTTP(w, r)
			return
		}
		p.mu.Lock()
		p.queries[r.URL.Path] = append(p.queries[r.URL.Path], r.URL.Query())
		p.mu.Unlock()
		if !p.duplicate || !r.URL.Query().Has("filter") {
			validated.ServeHTTP(w, r)
			return
		}
		rec := httptest.NewRecorder()
		validated.ServeHTTP(rec, r)
		body, err := duplicateListItems(rec.Body.Bytes())
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(rec.Code)
		_, _ = w.Write(body)
	}))
	t.Cleanup(srv.Close)
	mock.url = srv.URL
	return mock, p
}

// lists returns the queries of the list requests of path so far.
func (p *listProxy) lists(path string) []url.Values {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Clone(p.queries[path])
}

// duplicateListItems adds to each list of a page a copy of each of its
// objects with another ID of the same prefix.
func duplicateListItems(page []byte) ([]byte, error) {
	var env map[string]json.RawMessage
	if err := json.Unmarshal(page, &env); err != nil {
		return nil, err
	}
	for name, raw := range env {
		var items []map[string]any
		if json.Unmarshal(raw, &items) != nil {
			continue
		}
		for _, item := range slices.Clone(items) {
			id, _ := item["id"].(string)
			prefix, _, _ := strings.Cut(id, "_")
			twin := maps.Clone(item)
			twin["id"] = prefix + "_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
			items = append(items, twin)
		}
		b, err := json.Marshal(items)
		if err != nil {
			return nil, err
		}
		env[name] = b
	}
	return json.Marshal(env)
}

// diagnosticPattern matches a diagnostic that holds each of parts, in
// order, as written, save that Terraform may wrap lines at any space.
func diagnosticPattern(parts ...string) *regexp.Regexp {
	quoted := make([]string, len(parts))
	for i, p := range parts {
		quoted[i] = strings.ReplaceAll(regexp.QuoteMeta(p), " ", `\s+`)
	}
	return regexp.MustCompile(`(?s)` + strings.Join(quoted, ".*"))
}

// Refreshes that read objects from lists (the provider's default for more
// than one object of a type) set the identity as reads by ID do.
func TestAccProvider_identityAfterRefreshFromLists(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	config := mock.config(`resource "ngrok_ssh_certificate_authority" "test" {
  count       = 3
  description = "authority ${count.index}"
}`)
	var checks []statecheck.StateCheck
	for i := range 3 {
		address := fmt.Sprintf("ngrok_ssh_certificate_authority.test[%d]", i)
		checks = append(checks, statecheck.ExpectIdentityValueMatchesState(address, tfjsonpath.New("id")))
	}
	tfresource.Test(t, tfresource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		TerraformVersionChecks:   requireIdentity,
		Steps: []tfresource.TestStep{{
			Config: config,
		}, {
			// NOTE: the apply of an unchanged configuration saves what its
			// refresh read.
			PreConfig:         mock.server.ClearJournal,
			Config:            config,
			ConfigStateChecks: checks,
			Check: func(*terraform.State) error {
				if _, counts := mock.server.Journal(); counts[http.MethodGet+" /ssh_certificate_authorities"] == 0 {
					return fmt.Errorf("the refresh read no list: %v", counts)
				}
				return nil
			},
		}},
	})
}

// An identity names objects by ID only: a natural key or another type's ID
// in it is refused, before anything is asked of the API.
func TestAccProvider_importByInvalidIdentity(t *testing.T) {
	t.Parallel()
	const (
		edge  = "edghts_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
		route = "edghtsrt_2hHGW0x7oSn4wdDzkRmE7YcB3Lq"
	)
	for name, tc := range map[string]struct {
		address, identity, body string
		want                    *regexp.Regexp
	}{
		"reserved domain by name": {testRDResource, `{ id = "app.example.com" }`, testAccReservedDomainConfig(`domain = "app.example.com"`),
			diagnosticPattern("Invalid Import Identity", `the ID of a reserved domain in the identity's id`, `got "app.example.com"`,
				"give it as the import block's id instead")},
		"cloud endpoint by url": {testEndpointResource, `{ id = "https://api.internal" }`,
			testAccCloudEndpointConfig(`url = "https://api.internal"`, policyHCL),
			diagnosticPattern("Invalid Import Identity", "Expected the ID of a cloud endpoint", `got "https://api.internal"`)},
		"authority by another type's ID": {testCAResource, `{ id = "rd_2hHGVyb5ZT6WQm1uXnLfNc8Ykam" }`, testAccSSHCertificateAuthorityConfig(),
			diagnosticPattern("Invalid Import Identity", "Expected the ID of an SSH certificate authority")},
		"route module with the IDs swapped": {testBackendResource, fmt.Sprintf(`{ edge_id = %q, route_id = %q }`, route, edge),
			testAccBackendConfig(edge, route, `backend_id = "bkdtg_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"`),
			diagnosticPattern("Invalid Import Identity", "Expected edge_id to be the ID of an HTTPS edge",
				fmt.Sprintf(`got edge_id = %q, route_id = %q`, route, edge))},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			mock := newTestMock(t)
			tfresource.Test(t, tfresource.TestCase{
				ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
				TerraformVersionChecks:   requireIdentity,
				Steps: []tfresource.TestStep{{
					Config:      mock.config(fmt.Sprintf("import {\n  to = %s\n  identity = %s\n}\n\n", tc.address, tc.identity) + tc.body),
					ExpectError: tc.want,
				}},
			})
			if _, counts := mock.server.Journal(); len(counts) != 0 {
				t.Errorf("requests to the API: %v", counts)
			}
		})
	}
}

// One parser reads every resource's import ID and identity; its messages
// name what was expected, with an example, and what was given.
func TestImportSpecMessages(t *testing.T) {
	t.Parallel()
	if ids, err := sshCertificateAuthorityType.importSpec().parseImportID("sshca_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"); err != nil || len(ids) != 1 {
		t.Errorf("a valid ID: %q, %v", ids, err)
	}
	for _, tc := range []struct {
		got  string
		want []string
	}{
		{errString(sshCertificateAuthorityType.importSpec().parseImportID("rd_2hHGVyb5ZT6WQm1uXnLfNc8Ykam")),
			[]string{"expected the ID of an SSH certificate authority, such as sshca_2hHGVyb5ZT6WQm1uXnLfNc8Ykam", `got "rd_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"`}},
		{errString(sshCertificateAuthorityType.importSpec().parseImportID("sshca_")), []string{`got "sshca_"`}},
		{errString(edgeRouteModuleImport.parseImportID("edghts_a")),
			[]string{"expected <edge_id>/<route_id>, such as " + exampleHTTPSEdgeID + "/" + exampleHTTPSEdgeRouteID,
				"the ID of an HTTPS edge (edghts_...), a slash, and the ID of a route of that edge (edghtsrt_...)"}},
		{reservedDomainImport.invalidIdentity([]string{"app.example.com"}),
			[]string{"Expected the ID of a reserved domain in the identity's id", `got "app.example.com"`,
				"To import by its name, give it as the import block's id instead."}},
		{sshCertificateAuthorityType.importSpec().invalidIdentity([]string{""}),
			[]string{`got ""`, "Find the ID in the ngrok dashboard or with the ngrok_ssh_certificate_authorities data source."}},
		{edgeRouteModuleImport.invalidIdentity([]string{"edghtsrt_b", "edghts_a"}),
			[]string{"Expected edge_id to be the ID of an HTTPS edge, such as " + exampleHTTPSEdgeID +
				", and route_id the ID of a route of that edge, such as " + exampleHTTPSEdgeRouteID,
				`got edge_id = "edghtsrt_b", route_id = "edghts_a".`}},
	} {
		for _, w := range tc.want {
			if !strings.Contains(tc.got, w) {
				t.Errorf("message %q does not say %q", tc.got, w)
			}
		}
	}
	// NOTE: an import ID may be a URL (a cloud endpoint's natural key) with
	// a password or a token: no message quotes them.
	const secretURL = "ftp://user:s3cretpw@127.0.0.1/?token=s3cret"
	ctx := context.Background()
	var diags diag.Diagnostics
	cloudEndpointImport.importIDs(ctx, nil, resource.ImportStateRequest{ID: secretURL}, &diags)
	for _, got := range []string{
		errString(sshCertificateAuthorityType.importSpec().parseImportID(secretURL)),
		errString(edgeRouteModuleImport.parseImportID(secretURL)),
		reservedDomainImport.invalidIdentity([]string{secretURL}),
		edgeRouteModuleImport.invalidIdentity([]string{secretURL, secretURL}),
		fmt.Sprint(diags),
	} {
		if !strings.Contains(got, `"ftp://REDACTED@127.0.0.1/?REDACTED"`) || strings.Contains(got, "s3cret") {
			t.Errorf("message %q does not quote the ID redacted", got)
		}
	}
}

func errString(_ []string, err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// setIDIdentity builds its value with idIdentityType: it must be the type
// of idIdentitySchema, whose value it is.
func TestIDIdentityTypeIsTheSchemas(t *testing.T) {
	t.Parallel()
	want := idIdentitySchema("thing", "th_").Type().TerraformType(context.Background())
	if !idIdentityType.Equal(want) {
		t.Errorf("idIdentityType = %s, idIdentitySchema's type = %s", idIdentityType, want)
	}
}
