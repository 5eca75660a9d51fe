package provider

import (
	"bytes"
	"cmp"
	"context"
	"encoding/pem"
	"errors"
	"fmt"
	"maps"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/tfedge/terraform-provider-ngrok/internal/acctest"
	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
	"github.com/tfedge/terraform-provider-ngrok/internal/specvalidate"
)

const testAPIKey = "test-api-key"

var testAccProtoV6ProviderFactories = map[string]func() (tfprotov6.ProviderServer, error){
	"ngrok": providerserver.NewProtocol6WithError(New("test")()),
}

// testMock is one in-process mock server of the API, owned by one test, and
// a client of it for arranging and inspecting objects outside Terraform. The
// client reads every object on its own: an inspection must see the API's
// state, never a list read before Terraform changed it.
//
// In real mode (newTestAccount under NGROK_TEST_ACCOUNT=real) it is the
// account instead: server is nil, url is the API's URL as it names itself
// in uris, and the provider block and client go through the run's pacing
// proxy.
type testMock struct {
	server *mockserver.Server
	url    string
	client *apiclient.Client
	// acc names the objects a test makes (acc.Name, acc.DomainName) with
	// the run's prefix, which the sweepers look for.
	acc acctest.Settings

	// On an account: the provider's api_base_url (the run's proxy), key and
	// pace; empty on a mock, whose url and testAPIKey serve.
	endpoint          string
	apiKey            string
	requestsPerMinute int
}

// testAccount is the run's account in real mode (nil in mock mode), its
// settings and its pacing proxy; TestMain sets them up.
var testAccount struct {
	settings acctest.Settings
	proxy    *acctest.Proxy
	url      string // the proxy's
}

// testAccMain runs the tests (TestMain) after reading the run's settings
// and, in real mode, starting the pacing proxy; with -sweep it runs the
// sweepers instead (acctest.AddSweepers) and exits.
func testAccMain(m *testing.M) int {
	settings, err := acctest.Env()
	if err != nil {
		fmt.Fprintln(os.Stderr, "acceptance tests:", err)
		return 2
	}
	testAccount.settings = settings
	acctest.AddSweepers(func() (*acctest.Sweeper, error) {
		if !settings.Real {
			return nil, fmt.Errorf("the sweepers delete from a real account: set %s=real", acctest.EnvAccount)
		}
		return &acctest.Sweeper{BaseURL: strings.TrimSuffix(settings.BaseURL, "/"), APIKey: settings.APIKey,
			Log: func(format string, args ...any) { fmt.Printf(format+"\n", args...) }}, nil
	})
	if sweepRequested() {
		// NOTE: with -sweep, resource.TestMain runs the sweepers in their
		// order and exits 1 on a failure, else returns without running tests.
		resource.TestMain(m)
		return 0
	}
	if !settings.Real {
		return m.Run()
	}
	if err := settings.CheckDomain(); err != nil {
		fmt.Fprintln(os.Stderr, "acceptance tests:", err)
		return 2
	}
	target, err := url.Parse(settings.BaseURL)
	if err != nil {
		fmt.Fprintln(os.Stderr, "acceptance tests:", err)
		return 2
	}
	testAccount.proxy = acctest.NewProxy(target, settings.RequestsPerMinute)
	srv := httptest.NewServer(testAccount.proxy)
	defer srv.Close()
	testAccount.url = srv.URL
	fmt.Printf("real account at %s, run %s, %d requests a minute\n", settings.BaseURL, settings.Run, settings.RequestsPerMinute)
	code := m.Run()
	fmt.Printf("real account: %d requests to %s\n", testAccount.proxy.Requests(), settings.BaseURL)
	return code
}

// sweepRequested reports a -sweep flag, which resource.TestMain reads.
func sweepRequested() bool {
	for _, a := range os.Args[1:] {
		if name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "="); name == "sweep" {
			return true
		}
	}
	return false
}

// newTestMock starts the test's own mock. In real mode the test is not run:
// it needs the mock, and the skip says why (acctest.MockOnlyReason).
func newTestMock(t *testing.T, opts ...mockserver.Option) *testMock {
	t.Helper()
	skipOnAccount(t)
	server := mockserver.New(append([]mockserver.Option{mockserver.WithAPIKeys(testAPIKey)}, opts...)...)
	srv := httptest.NewServer(specvalidate.Handler(t, server))
	t.Cleanup(srv.Close)
	client, err := apiclient.New(apiclient.WithBaseURL(srv.URL), apiclient.WithAPIKey(testAPIKey), apiclient.WithRefreshFromLists(false))
	if err != nil {
		t.Fatal(err)
	}
	return &testMock{server: server, url: srv.URL, client: client, acc: testAccount.settings}
}

// skipOnAccount skips, in real mode, a test that needs the mock, saying why
// (acctest.MockOnlyReason): every constructor of a mock calls it.
func skipOnAccount(t *testing.T) {
	t.Helper()
	if testAccount.settings.Real {
		t.Skip(acctest.MockOnlyReason(".", t.Name()))
	}
}

// newTestAccount is newTestMock for a test that is safe on a real account:
// every object it makes carries acc's prefix, it touches nothing
// account-wide, and it asserts nothing of objects it did not make. In real
// mode it returns the account (server nil); else the test's own mock.
func newTestAccount(t *testing.T) *testMock {
	t.Helper()
	s := testAccount.settings
	if !s.Real {
		return newTestMock(t)
	}
	client, err := apiclient.New(apiclient.WithBaseURL(testAccount.url), apiclient.WithAPIKey(s.APIKey),
		apiclient.WithRefreshFromLists(false), apiclient.WithRequestsPerMinute(s.RequestsPerMinute))
	if err != nil {
		t.Fatal(err)
	}
	return &testMock{url: strings.TrimSuffix(s.BaseURL, "/"), client: client, acc: s,
		endpoint: testAccount.url, apiKey: s.APIKey, requestsPerMinute: s.RequestsPerMinute}
}

// description is the HCL line `description = "tfacc-<run>-x"`: a real-safe
// test's objects carry the run's prefix, by which the sweepers find them.
func (m *testMock) description(x string) string {
	return fmt.Sprintf("description = %q", m.acc.Name(x))
}

// ownerID checks the owner the API gives what the test's key makes: the
// mock's user, or on an account the key's owner, a user or a bot user.
func (m *testMock) ownerID() knownvalue.Check {
	if !m.onAccount() {
		return knownvalue.StringExact(testMockUserID)
	}
	return knownvalue.StringRegexp(regexp.MustCompile(`^(usr|bot)_[0-9A-Za-z]+$`))
}

// config prefixes the provider block that points at this mock server (not
// paced: the mock has no rate limit), or at the account through the run's
// proxy, paced as well by the provider.
func (m *testMock) config(body string) string {
	return fmt.Sprintf("provider \"ngrok\" {\n  api_key             = %q\n  api_base_url        = %q\n  requests_per_minute = %d\n}\n\n%s",
		cmp.Or(m.apiKey, testAPIKey), m.baseURL(), m.requestsPerMinute, body)
}

// onAccount reports a real account (newTestAccount in real mode).
func (m *testMock) onAccount() bool { return m.apiKey != "" }

// baseURL is where the provider and other clients of the test send requests.
func (m *testMock) baseURL() string { return cmp.Or(m.endpoint, m.url) }

func TestProviderSchemaIsValid(t *testing.T) {
	t.Parallel()
	resp := &provider.SchemaResponse{}
	New("test")().Schema(context.Background(), provider.SchemaRequest{}, resp)
	if resp.Diagnostics.HasError() {
		t.Fatalf("schema diagnostics: %v", resp.Diagnostics)
	}
	if diags := resp.Schema.ValidateImplementation(context.Background()); diags.HasError() {
		t.Fatalf("schema implementation: %v", diags)
	}
}

func TestAccProvider_missingAPIKey(t *testing.T) {
	// NOTE: not parallel: t.Setenv makes sure a developer's own
	// NGROK_API_KEY cannot satisfy the provider.
	t.Setenv(envAPIKey, "")
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: fmt.Sprintf("provider \"ngrok\" {\n  api_base_url = %q\n}\n\n%s", mock.url,
				`resource "ngrok_ssh_certificate_authority" "test" {}`),
			ExpectError: regexp.MustCompile(`(?s)Missing ngrok API Key.*api_key.*NGROK_API_KEY`),
		}},
	})
}

func TestAccProvider_wrongAPIKey(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: fmt.Sprintf("provider \"ngrok\" {\n  api_key = \"not-the-key\"\n  api_base_url = %q\n}\n\n%s", mock.url,
				`resource "ngrok_ssh_certificate_authority" "test" {}`),
			ExpectError: regexp.MustCompile(`(?s)Unable to Create SSH Certificate Authority.*403.*ERR_NGROK_202.*Operation ID: op_.*Check the API key`),
		}},
	})
}

func TestAccProvider_invalidBaseURL(t *testing.T) {
	t.Parallel()
	for name, url := range map[string]string{
		"scheme": "ftp://api.example.com",
		"host":   "https://",
		"query":  "https://api.example.com/?x=1",
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
				Steps: []resource.TestStep{{
					Config: fmt.Sprintf("provider \"ngrok\" {\n  api_key = \"k\"\n  api_base_url = %q\n}\n\n%s", url,
						`resource "ngrok_ssh_certificate_authority" "test" {}`),
					ExpectError: regexp.MustCompile(`Invalid API Base URL`),
				}},
			})
		})
	}
}

// Issue 19 item 9: a key with a newline (here from file() without
// trimspace()) is refused at plan on api_key, with advice about the key.
func TestAccProvider_apiKeyWithNewline(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	testAccExpectPlanError(t, fmt.Sprintf("provider \"ngrok\" {\n  api_base_url = %q\n  api_key      = \"%s\\n\"\n}\n\n%s",
		mock.url, testAPIKey, `resource "ngrok_ssh_certificate_authority" "test" {}`),
		// NOTE: Terraform shows the configuration line of the diagnostic's
		// attribute: api_key's, not the provider block's first line.
		`(?s)Invalid ngrok API Key.*\d+:\s+api_key\s+=.*api_key has a line break after it.*trimspace\(file`)
}

// The same key from NGROK_API_KEY: refused at plan, on api_key, with advice
// about the variable, quoting no part of the key.
func TestAccProvider_apiKeyWithNewlineFromEnvironment(t *testing.T) {
	// NOTE: not parallel: t.Setenv.
	t.Setenv(envAPIKey, testAPIKey+"\n")
	mock := newTestMock(t)
	testAccExpectPlanErrorWithout(t, fmt.Sprintf("provider \"ngrok\" {\n  api_base_url = %q\n}\n\n%s", mock.url,
		`resource "ngrok_ssh_certificate_authority" "test" {}`),
		`(?s)Invalid ngrok API Key.*NGROK_API_KEY\s+environment\s+variable.*line\s+break\s+after\s+it.*export\s+NGROK_API_KEY=`,
		testAPIKey)
}

// Issue 19 item 8, as reported: NGROK_API_BASE_URL with user information on
// a scheme other than http(s) was quoted whole.
func TestAccProvider_baseURLFromEnvironmentQuotesNoSecret(t *testing.T) {
	// NOTE: not parallel: t.Setenv.
	for _, tc := range []struct{ env, quoted string }{
		{"ftp://user:s3cretpw@127.0.0.1/", `"ftp://REDACTED@127.0.0.1/"`},
		{"https://api.ngrok.com/?token=s3cretpw", `"https://api.ngrok.com/?REDACTED"`},
	} {
		t.Setenv(envAPIBaseURL, tc.env)
		testAccExpectPlanErrorWithout(t, "provider \"ngrok\" {\n  api_key = \"k\"\n}\n\n"+
			`resource "ngrok_ssh_certificate_authority" "test" {}`,
			`(?s)Invalid API Base URL.*NGROK_API_BASE_URL environment variable.*`+regexp.QuoteMeta(tc.quoted),
			"s3cretpw")
	}
}

// testAccExpectPlanErrorWithout is testAccExpectPlanError that also fails
// when the error's text (Terraform's whole output) contains secret.
func testAccExpectPlanErrorWithout(t *testing.T, config, want, secret string) {
	t.Helper()
	var got error
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		// NOTE: ExpectError can only match; ErrorCheck sees the whole text.
		ErrorCheck: func(err error) error {
			got = err
			return nil
		},
		Steps: []resource.TestStep{{Config: config, PlanOnly: true}},
	})
	switch {
	case got == nil:
		t.Errorf("the plan did not fail; want an error matching %s", want)
	case !regexp.MustCompile(want).MatchString(got.Error()):
		t.Errorf("the error does not match %s: %v", want, got)
	case strings.Contains(got.Error(), secret):
		t.Errorf("the error quotes %q: %v", secret, got)
	}
}

// Configure reports a key or a base URL from the environment on its
// attribute, saying where it came from, and never quotes the secret.
func TestConfigureReportsSettingsOnTheirAttributes(t *testing.T) {
	// NOTE: not parallel: t.Setenv.
	str := func(s string) tftypes.Value { return tftypes.NewValue(tftypes.String, s) }
	null := tftypes.NewValue(tftypes.String, nil)
	for _, tc := range []struct {
		name     string
		env      map[string]string
		settings map[string]tftypes.Value
		path     string
		want     []string
	}{
		{"key from the environment", map[string]string{envAPIKey: "\tk3yS3cret"}, map[string]tftypes.Value{"api_key": null},
			"api_key", []string{"The NGROK_API_KEY environment variable (api_key is not set) has a tab before it", "export NGROK_API_KEY="}},
		{"key in the block", nil, map[string]tftypes.Value{"api_key": str("k3yS3cret\r\n")},
			"api_key", []string{"api_key has a line break after it", "trimspace(file("}},
		{"base URL from the environment", map[string]string{envAPIBaseURL: "ftp://user:k3yS3cret@127.0.0.1/"}, nil,
			"api_base_url", []string{`The NGROK_API_BASE_URL environment variable (api_base_url is not set): ngrok API: invalid base URL "ftp://REDACTED@127.0.0.1/"`}},
		{"base URL in the block", nil, map[string]tftypes.Value{"api_base_url": str("https://h/?k=k3yS3cret")},
			"api_base_url", []string{`api_base_url: ngrok API: invalid base URL "https://h/?REDACTED": must not have a query`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv(envAPIKey, "")
			t.Setenv(envAPIBaseURL, "")
			for k, v := range tc.env {
				t.Setenv(k, v)
			}
			_, diags := configure(t, tc.settings)
			if len(diags) != 1 || !diags.HasError() {
				t.Fatalf("diagnostics = %v, want one error", diags)
			}
			d, ok := diags[0].(diag.DiagnosticWithPath)
			if !ok || !d.Path().Equal(path.Root(tc.path)) {
				t.Errorf("the error is not on %s: %v", tc.path, diags[0])
			}
			text := diags[0].Summary() + ": " + diags[0].Detail()
			for _, w := range tc.want {
				if !strings.Contains(text, w) {
					t.Errorf("%q does not say %q", text, w)
				}
			}
			if strings.Contains(text, "S3cret") {
				t.Errorf("%q quotes the secret", text)
			}
		})
	}
}

func TestAPIKeyValidator(t *testing.T) {
	t.Parallel()
	for key, want := range map[string]string{
		testAPIKey:               "",
		testAPIKey + "\n":        "Invalid ngrok API Key: api_key has a line break after it",
		"  ":                     "Invalid ngrok API Key: api_key is blank",
		"k3y S3cret":             "Invalid ngrok API Key: api_key has a space inside it",
		"k3yS3cret\u00a0":        "Invalid ngrok API Key: api_key has a character outside ASCII after it",
		testAPIKey + "\nX-Ev: 1": "Invalid ngrok API Key: api_key has a line break inside it",
	} {
		errs := validateString(apiKeyValidator{}, types.StringValue(key))
		joined := strings.Join(errs, "\n")
		if (want == "") != (len(errs) == 0) || !strings.Contains(joined, want) {
			t.Errorf("%q: errors %q, want %q", key, errs, want)
		}
		if strings.Contains(joined, "S3cret") || (key != testAPIKey && strings.Contains(joined, testAPIKey)) {
			t.Errorf("%q: the diagnostic quotes the key: %s", key, joined)
		}
	}
	if errs := validateString(apiKeyValidator{}, types.StringUnknown()); len(errs) != 0 {
		t.Errorf("an unknown key: %q", errs)
	}
}

func TestAccProvider_maxRetriesOutOfRange(t *testing.T) {
	t.Parallel()
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: "provider \"ngrok\" {\n  api_key = \"k\"\n  max_retries = 21\n}\n\n" +
				`resource "ngrok_ssh_certificate_authority" "test" {}`,
			ExpectError: regexp.MustCompile(`(?s)max_retries.*between 0 and 20`),
		}},
	})
}

func TestUserAgent(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ provider, terraform, want string }{
		{"1.2.3", "1.11.4", "terraform-provider-ngrok/1.2.3 (+https://registry.terraform.io/providers/tfedge/ngrok) Terraform/1.11.4"},
		{"dev", "", "terraform-provider-ngrok/dev (+https://registry.terraform.io/providers/tfedge/ngrok)"},
	} {
		if got := userAgent(tc.provider, tc.terraform); got != tc.want {
			t.Errorf("userAgent(%q, %q) = %q, want %q", tc.provider, tc.terraform, got, tc.want)
		}
	}
}

func TestBaseURLValidator(t *testing.T) {
	t.Parallel()
	for url, ok := range map[string]bool{
		"https://api.ngrok.com":       true,
		"http://127.0.0.1:8080/":      true,
		"https://proxy.example/ngrok": true,
		"api.ngrok.com":               false,
		"ftp://api.ngrok.com":         false,
		"https://":                    false,
		"https://api.ngrok.com/#x":    false,
		"https://api.ngrok.com/?a=b":  false,
		// NOTE: the client refuses credentials in its base URL; the plan must too.
		"https://user:s3cret@api.ngrok.com":   false,
		"https://user:s3cret@api.ngrok.com:x": false,
		// Issue 19 item 8: whatever the scheme, and in the query too.
		"ftp://user:s3cret@127.0.0.1/":    false,
		"https://api.ngrok.com/?k=s3cret": false,
	} {
		errs := validateString(baseURLValidator{}, types.StringValue(url))
		if (len(errs) == 0) != ok {
			t.Errorf("%q: errors %q, want ok=%v", url, errs, ok)
		}
		if joined := strings.Join(errs, "\n"); strings.Contains(joined, "s3cret") {
			t.Errorf("%q: the diagnostic repeats the password: %s", url, joined)
		}
	}
}

// testAccExpectPlanError plans config in a TestCase of its own and expects
// an error matching want: how every plan-time validation is tested.
func testAccExpectPlanError(t *testing.T, config, want string) {
	t.Helper()
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config:      config,
			PlanOnly:    true,
			ExpectError: regexp.MustCompile(want),
		}},
	})
}

// configure runs the provider's Configure with the given settings (the
// others null) and returns the client it built.
func configure(t *testing.T, settings map[string]tftypes.Value) (*apiclient.Client, diag.Diagnostics) {
	t.Helper()
	ctx := context.Background()
	p := New("test")()
	schemaResp := &provider.SchemaResponse{}
	p.Schema(ctx, provider.SchemaRequest{}, schemaResp)
	typ, ok := schemaResp.Schema.Type().TerraformType(ctx).(tftypes.Object)
	if !ok {
		t.Fatalf("the provider's schema is a %T", schemaResp.Schema.Type().TerraformType(ctx))
	}
	values := map[string]tftypes.Value{}
	for name, at := range typ.AttributeTypes {
		values[name] = tftypes.NewValue(at, nil)
	}
	values["api_key"] = tftypes.NewValue(tftypes.String, testAPIKey)
	maps.Copy(values, settings)
	resp := &provider.ConfigureResponse{}
	p.Configure(ctx, provider.ConfigureRequest{Config: tfsdk.Config{Schema: schemaResp.Schema, Raw: tftypes.NewValue(typ, values)}}, resp)
	client, _ := resp.ResourceData.(*apiclient.Client)
	if !resp.Diagnostics.HasError() && (client == nil || resp.DataSourceData != client || resp.EphemeralResourceData != client) {
		t.Fatal("Configure must hand the same client to resources, data sources and ephemeral resources")
	}
	return client, resp.Diagnostics
}

// The rate and retry settings reach the client, from the provider block or
// the environment (the block wins), and bad environment values fail.
func TestConfigureRateAndRetrySettings(t *testing.T) {
	// NOTE: not parallel: t.Setenv.
	t.Setenv(envRequestsPerMinute, "")
	t.Setenv(envRetryTimeout, "")
	num := func(n int64) tftypes.Value { return tftypes.NewValue(tftypes.Number, big.NewFloat(float64(n))) }
	str := func(s string) tftypes.Value { return tftypes.NewValue(tftypes.String, s) }
	def := apiclient.DefaultRetryPolicy()
	for _, tc := range []struct {
		name      string
		env       map[string]string
		settings  map[string]tftypes.Value
		perMinute int
		policy    apiclient.RetryPolicy
		wantError string
	}{
		{name: "defaults", perMinute: 120, policy: def},
		{name: "set", settings: map[string]tftypes.Value{"requests_per_minute": num(0), "retry_timeout": str("90s"), "max_retries": num(3)},
			perMinute: 0, policy: apiclient.RetryPolicy{MaxRetries: 3, MinBackoff: def.MinBackoff, MaxBackoff: def.MaxBackoff, MaxElapsed: 90 * time.Second}},
		{name: "environment", env: map[string]string{envRequestsPerMinute: "60", envRetryTimeout: "2m"},
			perMinute: 60, policy: apiclient.RetryPolicy{MaxRetries: def.MaxRetries, MinBackoff: def.MinBackoff, MaxBackoff: def.MaxBackoff, MaxElapsed: 2 * time.Minute}},
		{name: "block over environment", env: map[string]string{envRequestsPerMinute: "60", envRetryTimeout: "2m"},
			settings:  map[string]tftypes.Value{"requests_per_minute": num(30), "retry_timeout": str("10m")},
			perMinute: 30, policy: apiclient.RetryPolicy{MaxRetries: def.MaxRetries, MinBackoff: def.MinBackoff, MaxBackoff: def.MaxBackoff, MaxElapsed: 10 * time.Minute}},
		{name: "bad rate in environment", env: map[string]string{envRequestsPerMinute: "fast"}, wantError: `NGROK_REQUESTS_PER_MINUTE is "fast"`},
		{name: "negative rate in environment", env: map[string]string{envRequestsPerMinute: "-1"}, wantError: "0 or more"},
		{name: "bad timeout in environment", env: map[string]string{envRetryTimeout: "soon"}, wantError: "not a duration"},
		{name: "short timeout in environment", env: map[string]string{envRetryTimeout: "100ms"}, wantError: "shorter than the minimum of 1s"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for k, v := range tc.env {
				t.Setenv(k, v)
			}
			client, diags := configure(t, tc.settings)
			if tc.wantError != "" {
				if !diags.HasError() || !strings.Contains(fmt.Sprint(diags), tc.wantError) {
					t.Errorf("diagnostics = %v, want an error with %q", diags, tc.wantError)
				}
				return
			}
			if diags.HasError() {
				t.Fatal(diags)
			}
			if got := client.RequestsPerMinute(); got != tc.perMinute {
				t.Errorf("requests per minute = %d, want %d", got, tc.perMinute)
			}
			if got := client.RetryPolicy(); got != tc.policy {
				t.Errorf("retry policy = %+v, want %+v", got, tc.policy)
			}
		})
	}
}

func TestAccProvider_rateAndRetrySettingsValidated(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct{ setting, want string }{
		"timeout not a duration": {`retry_timeout = "soon"`, `(?s)retry_timeout.*"soon" is not a duration`},
		"timeout too short":      {`retry_timeout = "500ms"`, `(?s)retry_timeout.*shorter than the minimum of 1s`},
		"negative rate":          {`requests_per_minute = -1`, `(?s)requests_per_minute.*at least 0`},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			testAccExpectPlanError(t, "provider \"ngrok\" {\n  api_key = \"k\"\n  "+tc.setting+"\n}\n\n"+
				`resource "ngrok_ssh_certificate_authority" "test" {}`, tc.want)
		})
	}
}

// implementation returns v as the interface T, failing the test when v does
// not implement it (a checked assertion for the framework's optional
// interfaces).
func implementation[T any](t testing.TB, v any) T {
	t.Helper()
	i, ok := v.(T)
	if !ok {
		var want *T
		t.Fatalf("%T does not implement %T", v, want)
	}
	return i
}

// Ctrl-C while a create is in flight, after the API committed it: the object
// ends in the state, tainted, as well as in the mock; the next apply
// replaces it, and no object is ever left that Terraform does not know.
//
// The Terraform CLI runs as a child process against the provider served by
// the test, and gets SIGINT the moment the mock has committed the create,
// whose answer it holds: Terraform then stops the provider, which cancels
// the create's context, as a user's Ctrl-C does.
func TestAccProvider_interruptedCreateIsTracked(t *testing.T) {
	t.Parallel()
	if os.Getenv("TF_ACC") == "" {
		t.Skip("acceptance test: set TF_ACC=1")
	}
	for _, tc := range []struct {
		name, address, path string
		config              func(*testing.T) string
		count               func(context.Context, *apiclient.Client) ([]string, error)
	}{
		{
			name: "SSH certificate authority", address: "ngrok_ssh_certificate_authority.test", path: "/ssh_certificate_authorities",
			config: func(*testing.T) string { return `resource "ngrok_ssh_certificate_authority" "test" {}` },
			count: func(ctx context.Context, c *apiclient.Client) ([]string, error) {
				return collectIDs(c.ListSSHCertificateAuthorities(ctx, nil), func(o *apiclient.SSHCertificateAuthority) string { return o.ID })
			},
		},
		{
			// NOTE: the orphan the issue saw trip the next apply with 409.
			name: "reserved domain", address: "ngrok_reserved_domain.test", path: "/reserved_domains",
			config: func(*testing.T) string {
				return `resource "ngrok_reserved_domain" "test" {
  domain = "interrupted.ngrok.app"
}`
			},
			count: func(ctx context.Context, c *apiclient.Client) ([]string, error) {
				return collectIDs(c.ListReservedDomains(ctx, nil), func(o *apiclient.ReservedDomain) string { return o.ID })
			},
		},
		{
			// Both kinds of certificate share one Create.
			name: "SSH host certificate", address: "ngrok_ssh_host_certificate.test", path: "/ssh_host_certificates",
			config: func(t *testing.T) string {
				return fmt.Sprintf(`resource "ngrok_ssh_certificate_authority" "ca" {}

resource "ngrok_ssh_host_certificate" "test" {
  ssh_certificate_authority_id = ngrok_ssh_certificate_authority.ca.id
  public_key                   = %q
}`, testSSHPublicKey(t, "ed25519"))
			},
			count: func(ctx context.Context, c *apiclient.Client) ([]string, error) {
				return collectIDs(c.ListSSHHostCertificates(ctx, nil), func(o *apiclient.SSHHostCertificate) string { return o.ID })
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv, client := committingMock(t, tc.path)
			d := &terraformDir{t: t, dir: t.TempDir(), reattach: reattachedProvider(t)}
			// NOTE: the source names the registry host of the reattached
			// provider's address: OpenTofu would otherwise read a bare
			// "hashicorp/ngrok" as registry.opentofu.org's.
			config := `terraform {
  required_providers {
    ngrok = { source = "registry.terraform.io/hashicorp/ngrok" }
  }
}

` + (&testMock{url: srv.URL}).config(tc.config(t))
			if err := os.WriteFile(filepath.Join(d.dir, "main.tf"), []byte(config), 0o600); err != nil {
				t.Fatal(err)
			}
			if code, out := d.run("init", "-input=false"); code != 0 {
				t.Fatalf("terraform init: %s", out)
			}

			apply := d.command("apply", "-auto-approve", "-input=false")
			var out bytes.Buffer
			apply.Stdout, apply.Stderr = &out, &out
			if err := apply.Start(); err != nil {
				t.Fatal(err)
			}
			// The create is committed once its object is in the mock.
			deadline := time.Now().Add(2 * time.Minute)
			for {
				ids, err := tc.count(t.Context(), client)
				if err != nil {
					t.Fatal(err)
				}
				if len(ids) == 1 {
					break
				}
				if time.Now().After(deadline) {
					_ = apply.Process.Kill()
					t.Fatalf("the create never reached the mock:\n%s", out.String())
				}
				time.Sleep(20 * time.Millisecond)
			}
			if err := apply.Process.Signal(os.Interrupt); err != nil {
				t.Fatal(err)
			}
			err := apply.Wait()
			output := out.String()
			t.Logf("interrupted apply:\n%s", output)
			if err == nil {
				t.Fatalf("the interrupted apply succeeded:\n%s", output)
			}
			if !strings.Contains(output, "Interrupt received") || !strings.Contains(output, "had already created it") {
				t.Errorf("the apply's output does not show the interrupted create:\n%s", output)
			}

			ctx := context.Background()
			inMock, err := tc.count(ctx, client)
			if err != nil {
				t.Fatal(err)
			}
			id, status, err := d.stateInstance(tc.address)
			if err != nil || status != "tainted" || len(inMock) != 1 || inMock[0] != id {
				t.Fatalf("after Ctrl-C: state has %q (%s, %v), mock has %v; want the mock's one object in the state, tainted",
					id, status, err, inMock)
			}

			// The next apply replaces the tainted object, and leaves nothing
			// behind. NOTE: OpenTofu words it "is tainted, so it must be".
			if code, out := d.run("apply", "-auto-approve", "-input=false"); code != 0 || !taintedReplaced.MatchString(out) {
				t.Fatalf("the apply after Ctrl-C (exit %d):\n%s", code, out)
			}
			newID, status, err := d.stateInstance(tc.address)
			if inMock, _ = tc.count(ctx, client); err != nil || status != "" || newID == id || len(inMock) != 1 || inMock[0] != newID {
				t.Errorf("after the next apply: state has %q (%q, %v), mock has %v; want only a new object", newID, status, err, inMock)
			}
		})
	}
}

var taintedReplaced = regexp.MustCompile(`is tainted, so (it )?must be replaced`)

// outageMock serves the mock until it has answered downAfter creates; the
// next request finds it gone: its listener closed, so that connections are
// refused, for outage; then it listens again on the same address, with the
// same objects.
type outageMock struct {
	t         *testing.T
	mock      *mockserver.Server
	validated http.Handler // mock behind spec validation
	addr      string
	downAfter int
	outage    time.Duration

	mu      sync.Mutex
	srv     *http.Server
	creates int
	downAt  time.Time
	upAt    time.Time
}

func newOutageMock(t *testing.T, downAfter int, outage time.Duration) *outageMock {
	skipOnAccount(t)
	m := &outageMock{t: t, mock: mockserver.New(mockserver.WithAPIKeys(testAPIKey)), downAfter: downAfter, outage: outage}
	m.validated = specvalidate.Handler(t, m.mock)
	ln, err := new(net.ListenConfig).Listen(t.Context(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	m.addr = ln.Addr().String()
	m.serve(ln)
	t.Cleanup(func() {
		m.mu.Lock()
		defer m.mu.Unlock()
		_ = m.srv.Close()
	})
	return m
}

func (m *outageMock) serve(ln net.Listener) {
	m.srv = &http.Server{Handler: m, ReadHeaderTimeout: 10 * time.Second}
	go func(srv *http.Server) {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			m.t.Errorf("mock server: %v", err)
		}
	}(m.srv)
}

func (m *outageMock) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	m.mu.Lock()
	if m.creates >= m.downAfter && m.downAt.IsZero() {
		m.downAt = time.Now()
		srv := m.srv
		m.mu.Unlock()
		dropConnection(w)
		// NOTE: Close, not Shutdown: every open connection dies with the
		// listener, as when the API's process stops.
		go func() {
			_ = srv.Close()
			time.AfterFunc(m.outage, m.restart)
		}()
		return
	}
	if r.Method == http.MethodPost {
		m.creates++
	}
	m.mu.Unlock()
	m.validated.ServeHTTP(w, r)
}

func (m *outageMock) restart() {
	ln, err := new(net.ListenConfig).Listen(context.Background(), "tcp", m.addr)
	if err != nil {
		m.t.Errorf("the mock could not listen again on %s: %v", m.addr, err)
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.upAt = time.Now()
	m.serve(ln)
}

// The API goes away for 30 seconds in the middle of an apply (connections
// refused), and the apply, with the provider's default settings, rides it
// out: every object is created once.
func TestAccProvider_thirtySecondOutageRiddenOut(t *testing.T) {
	t.Parallel()
	const authorities = 4
	m := newOutageMock(t, 2, 30*time.Second)
	url := "http://" + m.addr
	client, err := apiclient.New(apiclient.WithBaseURL(url), apiclient.WithAPIKey(testAPIKey))
	if err != nil {
		t.Fatal(err)
	}
	// NOTE: default settings: no max_retries, retry_timeout or
	// requests_per_minute.
	config := fmt.Sprintf(`provider "ngrok" {
  api_key      = %q
  api_base_url = %q
}

resource "ngrok_ssh_certificate_authority" "test" {
  count       = %d
  description = "authority ${count.index}"
}
`, testAPIKey, url, authorities)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: config,
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
			},
			Check: func(*terraform.State) error {
				var n int
				for _, err := range client.ListSSHCertificateAuthorities(context.Background(), nil) {
					if err != nil {
						return err
					}
					n++
				}
				if n != authorities {
					return fmt.Errorf("the mock holds %d authorities, want %d", n, authorities)
				}
				return nil
			},
		}},
	})
	m.mu.Lock()
	defer m.mu.Unlock()
	// NOTE: more POSTs than authorities is right: a create whose answer
	// the outage cut off is sent again, with its Idempotency-Key, and the
	// mock holds exactly the authorities (Check). Fewer would mean the
	// outage came after the apply's creates.
	if m.downAt.IsZero() || m.upAt.Sub(m.downAt) < m.outage || m.creates < authorities {
		t.Errorf("down at %v, up at %v, %d creates: the outage did not happen in the middle of the apply", m.downAt, m.upAt, m.creates)
	}
}

// Nothing listens at api_base_url: the apply fails at once, naming the URL
// and the setting, instead of retrying until retry_timeout (an hour here;
// the test's own timeout bounds it) while Terraform says "Still creating...".
func TestAccProvider_unreachableBaseURLFailsFast(t *testing.T) {
	t.Parallel()
	ln, err := new(net.ListenConfig).Listen(t.Context(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	url := "http://" + ln.Addr().String()
	_ = ln.Close()
	config := fmt.Sprintf(`provider "ngrok" {
  api_key       = %q
  api_base_url  = %q
  retry_timeout = "1h"
}

resource "ngrok_ssh_certificate_authority" "test" {
  description = "never created"
}
`, testAPIKey, url)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: config,
			ExpectError: regexp.MustCompile(`(?s)could not connect to the ngrok API at\s+` + regexp.QuoteMeta(url) +
				`.*connection\s+refused.*Check\s+api_base_url\s+\(or\s+the\s+NGROK_API_BASE_URL`),
		}},
	})
}

// Every guide is linked from the provider's index page, under its title: a
// guide that is not is found only by those who know its address.
func TestDocsIndex_linksEveryGuide(t *testing.T) {
	t.Parallel()
	index, err := os.ReadFile("../../docs/index.md")
	if err != nil {
		t.Fatal(err)
	}
	guides, err := filepath.Glob("../../docs/guides/*.md")
	if err != nil || len(guides) == 0 {
		t.Fatalf("no guides in docs/guides (%v)", err)
	}
	titleRE := regexp.MustCompile(`(?m)^page_title: "([^"]+)"$`)
	for _, g := range guides {
		raw, err := os.ReadFile(g)
		if err != nil {
			t.Fatal(err)
		}
		m := titleRE.FindSubmatch(raw)
		if m == nil {
			t.Errorf("%s has no page_title", g)
			continue
		}
		link := fmt.Sprintf("[%s](guides/%s)", m[1], filepath.Base(g))
		if !bytes.Contains(index, []byte(link)) {
			t.Errorf("docs/index.md does not link %s: add %q to templates/index.md.tmpl", g, "- "+link)
		}
	}
}

func TestBoolOrEnv(t *testing.T) {
	// NOTE: not parallel: t.Setenv.
	const env = "NGROK_TEST_BOOL_OR_ENV"
	for _, tc := range []struct {
		value   types.Bool
		env     string
		def     bool
		want    bool
		wantErr bool
	}{
		{value: types.BoolNull(), env: "", def: true, want: true},
		{value: types.BoolNull(), env: "", def: false, want: false},
		{value: types.BoolNull(), env: "false", def: true, want: false},
		{value: types.BoolNull(), env: " 1 ", def: false, want: true},
		{value: types.BoolValue(true), env: "false", def: false, want: true},
		{value: types.BoolValue(false), env: "true", def: true, want: false},
		{value: types.BoolNull(), env: "off", def: true, wantErr: true},
	} {
		t.Setenv(env, tc.env)
		got, err := boolOrEnv(tc.value, env, tc.def)
		if tc.wantErr {
			if err == nil || !strings.Contains(err.Error(), env) || !strings.Contains(err.Error(), `"off"`) {
				t.Errorf("%v, env %q: err = %v, want one naming the variable and its value", tc.value, tc.env, err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("%v, env %q, default %v: got %v, %v; want %v", tc.value, tc.env, tc.def, got, err, tc.want)
		}
	}
}

// TestAccProvider_refreshFromLists refreshes three authorities with the
// setting on (its default) and off, and looks for list requests in the
// mock's journal.
func TestAccProvider_refreshFromLists(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		setting   string
		wantLists bool
	}{
		"default": {"", true},
		"off":     {"refresh_from_lists = false", false},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			mock := newTestMock(t)
			config := fmt.Sprintf("provider \"ngrok\" {\n  api_key      = %q\n  api_base_url = %q\n  %s\n}\n\n%s",
				testAPIKey, mock.url, tc.setting, `resource "ngrok_ssh_certificate_authority" "test" {
  count       = 3
  description = "authority ${count.index}"
}`)
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
				Steps: []resource.TestStep{{
					Config: config,
					Check: func(*terraform.State) error {
						// NOTE: after the apply, the test framework has not
						// refreshed yet; its plans after the apply, and the
						// next step's plan, do.
						mock.server.ClearJournal()
						return nil
					},
				}, {
					Config: config,
					Check: func(*terraform.State) error {
						_, counts := mock.server.Journal()
						lists := counts[http.MethodGet+" /ssh_certificate_authorities"]
						gets := counts[http.MethodGet+" /ssh_certificate_authorities/{id}"]
						if lists > 0 != tc.wantLists || gets == 0 {
							return fmt.Errorf("refreshes made %d list and %d GET requests; want lists: %v", lists, gets, tc.wantLists)
						}
						return nil
					},
				}},
			})
		})
	}
}

// TestAccProvider_refreshFromListsDisappears deletes one of three
// authorities behind Terraform's back: the refresh, which reads them from
// the list, must confirm the missing one with a GET (404) and plan to create
// it again, and keep the other two.
func TestAccProvider_refreshFromListsDisappears(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	config := mock.config(`resource "ngrok_ssh_certificate_authority" "test" {
  count       = 3
  description = "authority ${count.index}"
}`)
	var gone string
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: config,
			Check: func(s *terraform.State) error {
				gone = s.RootModule().Resources["ngrok_ssh_certificate_authority.test.1"].Primary.ID
				return nil
			},
		}, {
			PreConfig: func() {
				if err := mock.server.DeleteObject("ssh_certificate_authorities", gone); err != nil {
					t.Fatal(err)
				}
				mock.server.ClearJournal()
			},
			Config: config,
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("ngrok_ssh_certificate_authority.test[0]", plancheck.ResourceActionNoop),
					plancheck.ExpectResourceAction("ngrok_ssh_certificate_authority.test[1]", plancheck.ResourceActionCreate),
					plancheck.ExpectResourceAction("ngrok_ssh_certificate_authority.test[2]", plancheck.ResourceActionNoop),
				},
			},
			Check: func(*terraform.State) error {
				entries, counts := mock.server.Journal()
				if counts[http.MethodGet+" /ssh_certificate_authorities"] == 0 {
					return fmt.Errorf("the refresh read no list: %v", counts)
				}
				for _, e := range entries {
					if e.Method == http.MethodGet && e.Path == "/ssh_certificate_authorities/"+gone && e.Status == http.StatusNotFound {
						return nil
					}
				}
				return fmt.Errorf("no GET confirmed that %s is gone: %v", gone, counts)
			},
		}},
	})
}

// crashingMock stands for ngrok-mock -state being killed with SIGKILL: after
// the n-th change it has committed (and saved), it drops the answer, is down
// for the next few requests, and comes back as a new server that knows only
// what the state file holds.
type crashingMock struct {
	t         *testing.T
	stateFile string
	crashAt   int // the change (POST, PATCH, PUT, DELETE) after which it dies
	downFor   int // requests refused while it is down

	mu       sync.Mutex
	server   *mockserver.Server
	changes  int
	down     int
	restarts int
}

func newCrashingMock(t *testing.T, crashAt, downFor int) *crashingMock {
	skipOnAccount(t)
	m := &crashingMock{t: t, stateFile: filepath.Join(t.TempDir(), "state.json"), crashAt: crashAt, downFor: downFor}
	m.server = m.start()
	t.Cleanup(func() {
		m.mu.Lock()
		defer m.mu.Unlock()
		_ = m.server.Close()
	})
	return m
}

func (m *crashingMock) start() *mockserver.Server {
	s := mockserver.New(mockserver.WithAPIKeys(testAPIKey), mockserver.WithStateFile(m.stateFile),
		mockserver.WithCertificateIssueDelay(0))
	if err := s.LoadStateFile(); err != nil {
		m.t.Errorf("restart: %v", err)
	}
	return s
}

func (m *crashingMock) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	m.mu.Lock()
	if m.down > 0 {
		m.down--
		m.mu.Unlock()
		dropConnection(w)
		return
	}
	server, generation := m.server, m.restarts
	crash := false
	if r.Method != http.MethodGet {
		m.changes++
		crash = m.changes == m.crashAt
	}
	m.mu.Unlock()

	rec := httptest.NewRecorder()
	server.ServeHTTP(rec, r)
	m.mu.Lock()
	if crash {
		// NOTE: closing adds nothing to the state file (every change was
		// committed before it was answered); it releases the file's lock
		// for the new server, as the death of the process would.
		_ = m.server.Close()
		m.server = m.start() // the old server's memory is gone with it
		m.down = m.downFor
		m.restarts++
	}
	// NOTE: requests that were in flight when the server died get no
	// answer either, whatever they committed.
	died := m.restarts != generation
	m.mu.Unlock()
	if died {
		dropConnection(w)
		return
	}
	for k, v := range rec.Header() {
		w.Header()[k] = v
	}
	w.WriteHeader(rec.Code)
	_, _ = w.Write(rec.Body.Bytes())
}

func dropConnection(w http.ResponseWriter) {
	conn, _, err := http.NewResponseController(w).Hijack()
	if err != nil {
		panic(http.ErrAbortHandler)
	}
	_ = conn.Close()
}

func TestAccProvider_mockKilledMidApplyConverges(t *testing.T) {
	t.Parallel()
	const authorities = 4
	// The third create dies with the server, which stays down for two more
	// requests; the provider's retries carry the apply across the restart.
	crashing := newCrashingMock(t, 3, 2)
	srv := httptest.NewServer(specvalidate.Handler(t, crashing))
	t.Cleanup(srv.Close)
	client, err := apiclient.New(apiclient.WithBaseURL(srv.URL), apiclient.WithAPIKey(testAPIKey), apiclient.WithRefreshFromLists(false))
	if err != nil {
		t.Fatal(err)
	}
	mock := &testMock{url: srv.URL, client: client}
	config := mock.config(fmt.Sprintf(`
resource "ngrok_ssh_certificate_authority" "test" {
  count       = %d
  description = "authority ${count.index}"
}

resource "ngrok_reserved_domain" "test" {
  domain = "restart-demo.ngrok.app"
}
`, authorities))
	countAuthorities := func(*terraform.State) error {
		var n int
		for _, err := range client.ListSSHCertificateAuthorities(context.Background(), &apiclient.ListOptions{}) {
			if err != nil {
				return err
			}
			n++
		}
		if n != authorities {
			return fmt.Errorf("the mock holds %d authorities after the restart, want %d (no duplicates, none lost)", n, authorities)
		}
		return nil
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config,
				Check:  countAuthorities,
			},
			{
				// A second apply after the restart has nothing left to do.
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				Check: countAuthorities,
			},
		},
	})
	crashing.mu.Lock()
	defer crashing.mu.Unlock()
	if crashing.restarts != 1 {
		t.Errorf("the mock restarted %d times, want 1: the crash was never reached", crashing.restarts)
	}
}

// newTLSMock serves a mock over HTTPS with httptest's own certificate and
// returns its URL and the path of a PEM file holding that certificate.
func newTLSMock(t *testing.T) (url, caFile string) {
	skipOnAccount(t)
	t.Helper()
	srv := httptest.NewTLSServer(specvalidate.Handler(t, mockserver.New(mockserver.WithAPIKeys(testAPIKey))))
	t.Cleanup(srv.Close)
	caFile = filepath.Join(t.TempDir(), "ca.pem")
	pemBytes := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: srv.Certificate().Raw})
	if err := os.WriteFile(caFile, pemBytes, 0o600); err != nil {
		t.Fatal(err)
	}
	return srv.URL, caFile
}

func tlsProviderConfig(url, settings string) string {
	return fmt.Sprintf("provider \"ngrok\" {\n  api_key      = %q\n  api_base_url = %q\n  %s\n}\n\n%s",
		testAPIKey, url, settings, testAccSSHCertificateAuthorityConfig())
}

func TestAccProvider_caFile(t *testing.T) {
	t.Parallel()
	url, caFile := newTLSMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: tlsProviderConfig(url, fmt.Sprintf("ca_file = %q", caFile)),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(testCAResource, tfjsonpath.New("id"), knownvalue.StringRegexp(idPattern)),
			},
		}},
	})
}

func TestAccProvider_untrustedCertificate(t *testing.T) {
	t.Parallel()
	url, _ := newTLSMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config:      tlsProviderConfig(url, "max_retries = 0"),
			ExpectError: regexp.MustCompile(`(?s)could not be reached.*certificate`),
		}},
	})
}

func TestAccProvider_caFileUnreadable(t *testing.T) {
	t.Parallel()
	url, _ := newTLSMock(t)
	notPEM := filepath.Join(t.TempDir(), "not.pem")
	if err := os.WriteFile(notPEM, []byte("hello"), 0o600); err != nil {
		t.Fatal(err)
	}
	for name, file := range map[string]string{"missing": filepath.Join(t.TempDir(), "nope.pem"), "not pem": notPEM} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
				Steps: []resource.TestStep{{
					Config:      tlsProviderConfig(url, fmt.Sprintf("ca_file = %q", file)),
					ExpectError: regexp.MustCompile(`Unable to Read ca_file`),
				}},
			})
		})
	}
}

func TestAccProvider_insecureSkipVerify(t *testing.T) {
	t.Parallel()
	url, _ := newTLSMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: tlsProviderConfig(url, "insecure_skip_verify = true"),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(testCAResource, tfjsonpath.New("id"), knownvalue.StringRegexp(idPattern)),
			},
		}},
	})
}

// Rate limits and gateway errors on every kind of call are retried until
// the apply goes through, and the plan after it is empty.
func TestAccProvider_retriesThroughFaults(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	for _, rule := range []mockserver.FaultRule{
		{Method: http.MethodPost, Path: "/ssh_certificate_authorities", Times: 2, Status: http.StatusTooManyRequests, ErrorCode: "ERR_NGROK_226"},
		{Method: http.MethodGet, Path: "/ssh_certificate_authorities/*", Times: 2, Status: http.StatusServiceUnavailable},
		{Method: http.MethodPatch, Path: "/ssh_certificate_authorities/*", Times: 1, Status: http.StatusBadGateway, RetryAfter: 1},
	} {
		if _, err := mock.server.AddFault(rule); err != nil {
			t.Fatal(err)
		}
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: mock.config(testAccSSHCertificateAuthorityConfig(`description = "one"`))},
			{
				Config: mock.config(testAccSSHCertificateAuthorityConfig(`description = "two"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
			},
		},
	})
	if pending := mock.server.PendingFaults(); len(pending) != 0 {
		t.Errorf("fault rules never reached: %v", pending)
	}
	entries, _ := mock.server.Journal()
	seen := map[int]int{}
	for _, e := range entries {
		seen[e.Status]++
	}
	if seen[http.StatusTooManyRequests] != 2 || seen[http.StatusServiceUnavailable] != 2 || seen[http.StatusBadGateway] != 1 {
		t.Errorf("statuses answered = %v, want two 429s, two 503s and one 502", seen)
	}
}

// A create whose response is lost after the server committed it is retried
// with the same Idempotency-Key, so the retry gets the first object back
// instead of making a second one.
func TestAccProvider_lostCreateResponseMakesNoDuplicate(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	if _, err := mock.server.AddFault(mockserver.FaultRule{Method: http.MethodPost, DropResponse: true}); err != nil {
		t.Fatal(err)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(testAccSSHCertificateAuthorityConfig()),
			Check: func(*terraform.State) error {
				var n int
				for _, err := range mock.client.ListSSHCertificateAuthorities(context.Background(), &apiclient.ListOptions{}) {
					if err != nil {
						return err
					}
					n++
				}
				if n != 1 {
					return fmt.Errorf("%d authorities after a lost create response, want 1", n)
				}
				return nil
			},
		}},
	})
}

// unknownKeyConfig takes the provider's API key from a resource, so that it
// is unknown during the first plan.
func unknownKeyConfig(url, body string) string {
	return fmt.Sprintf(`
resource "terraform_data" "key" {
  input = %q
}

provider "ngrok" {
  api_key      = terraform_data.key.output
  api_base_url = %q
}

%s`, testAPIKey, url, body)
}

// A data source read while the provider's settings are still unknown fails
// with an error that says so; it used to crash the provider.
func TestAccProvider_unknownConfigurationDataSourceFails(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config:      unknownKeyConfig(mock.url, `data "ngrok_ssh_certificate_authorities" "all" {}`),
			ExpectError: regexp.MustCompile(`(?s)Unable to List SSH Certificate Authorities.*not known yet`),
		}},
	})
}

// Resources plan with unknown provider settings and apply once they are known.
func TestAccProvider_unknownConfigurationResourceApplies(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: unknownKeyConfig(mock.url, testAccSSHCertificateAuthorityConfig()),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(testCAResource, tfjsonpath.New("id"), knownvalue.StringRegexp(idPattern)),
			},
		}},
	})
}

// The provider offers the API's operations as actions, each with a valid,
// described schema.
func TestActionSchemas(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	p, ok := New("test")().(interface {
		Actions(context.Context) []func() action.Action
	})
	if !ok {
		t.Fatal("the provider has no actions")
	}
	var names []string
	for _, newAction := range p.Actions(ctx) {
		a := newAction()
		var meta action.MetadataResponse
		a.Metadata(ctx, action.MetadataRequest{ProviderTypeName: "ngrok"}, &meta)
		names = append(names, meta.TypeName)
		var resp action.SchemaResponse
		a.Schema(ctx, action.SchemaRequest{}, &resp)
		if diags := resp.Schema.ValidateImplementation(ctx); diags.HasError() {
			t.Errorf("%s: %v", meta.TypeName, diags)
		}
		if resp.Schema.Description == "" {
			t.Errorf("%s is not described", meta.TypeName)
		}
		for name, attr := range resp.Schema.Attributes {
			if attr.GetDescription() == "" {
				t.Errorf("%s.%s is not described", meta.TypeName, name)
			}
		}
	}
	want := []string{"ngrok_tunnel_session_restart", "ngrok_tunnel_session_stop", "ngrok_tunnel_session_update",
		"ngrok_application_session_delete", "ngrok_application_user_delete"}
	if !slices.Equal(names, want) {
		t.Errorf("actions %v, want %v", names, want)
	}
}
