package provider

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/ephemeral"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
	"github.com/tfedge/terraform-provider-ngrok/internal/specvalidate"
)

// tokenMock is a mock server that remembers every token its creates
// answered, so that a test can look for them where they must not be, and
// counts the creates and deletes of credentials and API keys.
type tokenMock struct {
	*testMock
	mu               sync.Mutex
	tokens           []string
	created, deleted int
}

func newTokenMock(t *testing.T) *tokenMock {
	skipOnAccount(t)
	t.Helper()
	m := &tokenMock{}
	inner := mockserver.New(mockserver.WithAPIKeys(testAPIKey))
	validated := specvalidate.Handler(t, inner)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := httptest.NewRecorder()
		validated.ServeHTTP(rec, r)
		tokenPath := strings.HasPrefix(r.URL.Path, "/credentials") || strings.HasPrefix(r.URL.Path, "/api_keys")
		m.mu.Lock()
		switch {
		case tokenPath && r.Method == http.MethodPost && rec.Code == http.StatusCreated:
			var body struct{ Token string }
			if err := json.Unmarshal(rec.Body.Bytes(), &body); err == nil && body.Token != "" {
				m.tokens = append(m.tokens, body.Token)
			}
			m.created++
		case tokenPath && r.Method == http.MethodDelete && rec.Code == http.StatusNoContent:
			m.deleted++
		}
		m.mu.Unlock()
		maps.Copy(w.Header(), rec.Header())
		w.WriteHeader(rec.Code)
		_, _ = w.Write(rec.Body.Bytes())
	}))
	t.Cleanup(srv.Close)
	client, err := apiclient.New(apiclient.WithBaseURL(srv.URL), apiclient.WithAPIKey(testAPIKey), apiclient.WithRefreshFromLists(false))
	if err != nil {
		t.Fatal(err)
	}
	m.testMock = &testMock{server: inner, url: srv.URL, client: client}
	return m
}

func (m *tokenMock) counts() (tokens []string, created, deleted int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]string(nil), m.tokens...), m.created, m.deleted
}

// accountEmpty fails when the account holds a credential or an API key.
func (m *tokenMock) accountEmpty(ctx context.Context) error {
	creds, err := collectIDs(apiclient.Credentials.List(ctx, m.client, nil), func(c *apiclient.Credential) string { return c.ID })
	if err != nil {
		return err
	}
	keys, err := collectIDs(apiclient.APIKeys.List(ctx, m.client, nil), func(k *apiclient.APIKey) string { return k.ID })
	if err != nil {
		return err
	}
	if len(creds)+len(keys) > 0 {
		return fmt.Errorf("credentials %v and API keys %v outlived the run", creds, keys)
	}
	return nil
}

func TestAccCredentialEphemeral_basic(t *testing.T) {
	t.Parallel()
	mock := newTokenMock(t)
	resource.Test(t, resource.TestCase{
		TerraformVersionChecks:   []tfversion.TerraformVersionCheck{tfversion.RequireAbove(tfversion.Version1_10_0)},
		ProtoV6ProviderFactories: testAccEchoProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(`
ephemeral "ngrok_credential" "test" {
  description = "agent for one run"
  acl         = ["bind:*.example.com"]
}

provider "echo" {
  data = ephemeral.ngrok_credential.test
}

resource "echo" "test" {}
`),
			ExpectNonEmptyPlan: ephemeralOpenInPlans(t),
			ConfigPlanChecks:   expectNothingToChangeAfterApply(),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("echo.test", tfjsonpath.New("data").AtMapKey("id"), knownvalue.StringRegexp(credentialIDPattern)),
				statecheck.ExpectKnownValue("echo.test", tfjsonpath.New("data").AtMapKey("token"), knownvalue.StringRegexp(testTokenPattern)),
				statecheck.ExpectKnownValue("echo.test", tfjsonpath.New("data").AtMapKey("owner_id"), knownvalue.StringExact(testMockUserID)),
				statecheck.ExpectKnownValue("echo.test", tfjsonpath.New("data").AtMapKey("acl"), knownvalue.ListExact([]knownvalue.Check{
					knownvalue.StringExact("bind:*.example.com")})),
			},
			// Every credential opened (to plan, to apply) was closed.
			Check: func(*terraform.State) error {
				if _, created, deleted := mock.counts(); created == 0 || created != deleted {
					return fmt.Errorf("%d credentials created, %d deleted; want every one deleted", created, deleted)
				}
				return mock.accountEmpty(context.Background())
			},
		}},
	})
}

func TestAccAPIKeyEphemeral_invalidConfig(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		TerraformVersionChecks:   []tfversion.TerraformVersionCheck{tfversion.RequireAbove(tfversion.Version1_10_0)},
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config:      mock.config(`ephemeral "ngrok_api_key" "test" { owner_id = "ak_2hHGVyb5ZT6WQm1uXnLfNc8Ykam" }`),
			ExpectError: regexp.MustCompile(`(?s)Invalid Owner ID`),
		}, {
			Config:      mock.config(`ephemeral "ngrok_credential" "test" { acl = ["bind:a b"] }`),
			ExpectError: regexp.MustCompile(`(?s)Invalid ACL Rule`),
		}},
	})
}

// The pipeline case, run with the Terraform CLI so that the plan and state
// files can be read: an API key minted for the run configures a second
// ngrok provider, which creates an object with it, beside an authtoken
// minted for the run. No token is in the plan file, its JSON, or the state;
// after the apply the account holds neither.
func TestAccEphemeralTokens_notInPlanOrState(t *testing.T) {
	t.Parallel()
	mock := newTokenMock(t)
	// NOTE: two provider configurations, each in its own process as for
	// users (see builtProvider).
	d := &terraformDir{t: t, dir: t.TempDir(), cliConfig: builtProvider(t)}
	config := `terraform {
  required_providers {
    ngrok = { source = "registry.terraform.io/hashicorp/ngrok" }
  }
}

` + mock.config(fmt.Sprintf(`
ephemeral "ngrok_api_key" "pipeline" {
  description = "one run"
}

ephemeral "ngrok_credential" "agent" {
  acl = ["bind:agent.example.com"]
}

provider "ngrok" {
  alias               = "minted"
  api_key             = ephemeral.ngrok_api_key.pipeline.token
  api_base_url        = %q
  requests_per_minute = 0
}

resource "ngrok_ip_policy" "made_with_minted_key" {
  provider    = ngrok.minted
  description = "made with the minted key"
}
`, mock.url))
	if err := os.WriteFile(filepath.Join(d.dir, "main.tf"), []byte(config), 0o600); err != nil {
		t.Fatal(err)
	}
	// NOTE: no init: dev_overrides need none, and init would look the
	// provider up in the registry.
	if code, out := d.run("plan", "-input=false", "-out=tfplan"); code != 0 {
		t.Fatalf("terraform plan: %s", out)
	}
	_, showJSON := d.run("show", "-json", "tfplan")
	if code, out := d.run("apply", "-input=false", "tfplan"); code != 0 {
		t.Fatalf("terraform apply: %s", out)
	}
	state, err := os.ReadFile(filepath.Join(d.dir, "terraform.tfstate"))
	if err != nil {
		t.Fatal(err)
	}
	plan := planFileText(t, filepath.Join(d.dir, "tfplan"))

	tokens, created, deleted := mock.counts()
	// Opened to plan and again to apply: two of each, all deleted.
	if len(tokens) < 4 || created != len(tokens) || deleted != created {
		t.Errorf("%d tokens minted, %d created, %d deleted; want at least 4, every one deleted", len(tokens), created, deleted)
	}
	for _, tok := range tokens {
		for where, text := range map[string]string{"plan file": plan, "plan JSON": showJSON, "state": string(state)} {
			if strings.Contains(text, tok) {
				t.Errorf("a minted token is in the %s", where)
			}
		}
	}
	if !strings.Contains(string(state), "made with the minted key") {
		t.Errorf("the state does not hold the IP policy made with the minted key:\n%s", state)
	}
	if err := mock.accountEmpty(context.Background()); err != nil {
		t.Error(err)
	}
}

// planFileText is every file of a plan (a zip archive), decompressed.
func planFileText(t *testing.T, path string) string {
	t.Helper()
	r, err := zip.OpenReader(path)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = r.Close() }()
	var all bytes.Buffer
	for _, f := range r.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		_, err = io.Copy(&all, rc)
		if cerr := rc.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return all.String()
}

// openTokenEphemeral opens e directly with cfg, as Terraform would but
// without private data to keep the ID in: the one step after the create
// that a test can make fail.
func openTokenEphemeral(ctx context.Context, t *testing.T, e ephemeral.EphemeralResource, cfg any) *ephemeral.OpenResponse {
	t.Helper()
	schemaResp := &ephemeral.SchemaResponse{}
	e.Schema(ctx, ephemeral.SchemaRequest{}, schemaResp)
	typ := schemaResp.Schema.Type().TerraformType(ctx)
	config := tfsdk.EphemeralResultData{Schema: schemaResp.Schema, Raw: tftypes.NewValue(typ, nil)}
	if diags := config.Set(ctx, cfg); diags.HasError() {
		t.Fatal(diags)
	}
	resp := &ephemeral.OpenResponse{Result: tfsdk.EphemeralResultData{Schema: schemaResp.Schema, Raw: tftypes.NewValue(typ, nil)}}
	e.Open(ctx, ephemeral.OpenRequest{Config: tfsdk.Config{Schema: schemaResp.Schema, Raw: config.Raw}}, resp)
	return resp
}

// configuredEphemeral is e configured with client, as the provider would.
func configuredEphemeral(t *testing.T, e ephemeral.EphemeralResource, client *apiclient.Client) ephemeral.EphemeralResource {
	t.Helper()
	c, ok := e.(ephemeral.EphemeralResourceWithConfigure)
	if !ok {
		t.Fatalf("%T cannot be configured", e)
	}
	c.Configure(context.Background(), ephemeral.ConfigureRequest{ProviderData: client}, &ephemeral.ConfigureResponse{})
	return e
}

var testAPIKeyEphemeralConfig = apiKeyEphemeralModel{
	Description: types.StringNull(), Metadata: types.StringNull(), OwnerID: types.StringNull(),
	ID: types.StringNull(), Token: types.StringNull(),
}

// When Open fails after the API made the token, Terraform will not close
// the resource, so Open itself deletes it.
func TestTokenEphemeral_openFailureLeavesNothing(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for name, tc := range map[string]struct {
		resource func() ephemeral.EphemeralResource
		cfg      any
	}{
		"credential": {NewCredentialEphemeralResource, credentialEphemeralModel{Description: types.StringNull(),
			Metadata: types.StringNull(), ACL: types.ListNull(types.StringType), OwnerID: types.StringNull(),
			ID: types.StringNull(), Token: types.StringNull()}},
		"API key": {NewAPIKeyEphemeralResource, testAPIKeyEphemeralConfig},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			mock := newTokenMock(t)
			e := configuredEphemeral(t, tc.resource(), mock.client)
			resp := openTokenEphemeral(ctx, t, e, tc.cfg)
			if !resp.Diagnostics.HasError() {
				t.Fatal("Open succeeded without private data to keep the ID in")
			}
			if _, created, deleted := mock.counts(); created != 1 || deleted != 1 {
				t.Errorf("%d created, %d deleted; want the one created deleted", created, deleted)
			}
			if err := mock.accountEmpty(ctx); err != nil {
				t.Error(err)
			}
		})
	}
}

// Open interrupted after the API made the key: the replay of the create
// names it, Open deletes it, and nothing outlives the run.
func TestTokenEphemeral_interruptedOpenLeavesNothing(t *testing.T) {
	t.Parallel()
	_, client := committingMock(t, "/api_keys")
	e := configuredEphemeral(t, NewAPIKeyEphemeralResource(), client)
	listKeys := func() []string {
		ids, err := collectIDs(apiclient.APIKeys.List(context.Background(), client, nil), func(k *apiclient.APIKey) string { return k.ID })
		if err != nil {
			t.Fatal(err)
		}
		return ids
	}
	ctx, cancel := context.WithCancel(context.Background())
	committed := make(chan struct{})
	go func() {
		defer cancel() // Ctrl-C, once the key is in the mock
		deadline := time.Now().Add(2 * time.Minute)
		for time.Now().Before(deadline) {
			ids, err := collectIDs(apiclient.APIKeys.List(context.Background(), client, nil), func(k *apiclient.APIKey) string { return k.ID })
			if err == nil && len(ids) == 1 {
				close(committed)
				return
			}
			time.Sleep(20 * time.Millisecond)
		}
	}()
	resp := openTokenEphemeral(ctx, t, e, testAPIKeyEphemeralConfig)
	if !resp.Diagnostics.HasError() || !strings.Contains(fmt.Sprint(resp.Diagnostics), "had already created it") {
		t.Errorf("diagnostics = %v; want the interrupted create reported", resp.Diagnostics)
	}
	if !resp.Result.Raw.IsNull() {
		t.Error("Open returned a result after the interruption")
	}
	if remaining := listKeys(); len(remaining) != 0 {
		t.Errorf("API keys %v outlived the interrupted Open", remaining)
	}
	select {
	case <-committed:
	default:
		t.Error("the create never reached the mock")
	}
}
