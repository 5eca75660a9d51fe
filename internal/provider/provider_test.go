package provider

import (
	"context"
	"fmt"
	"maps"
	"math/big"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

const testAPIKey = "test-api-key"

var testAccProtoV6ProviderFactories = map[string]func() (tfprotov6.ProviderServer, error){
	"ngrok": providerserver.NewProtocol6WithError(New("test")()),
}

// testMock is one in-process mock server of the API, owned by one test, and
// a client of it for arranging and inspecting objects outside Terraform. The
// client reads every object on its own: an inspection must see the API's
// state, never a list read before Terraform changed it.
type testMock struct {
	server *mockserver.Server
	url    string
	client *apiclient.Client
}

func newTestMock(t *testing.T, opts ...mockserver.Option) *testMock {
	t.Helper()
	server := mockserver.New(append([]mockserver.Option{mockserver.WithAPIKeys(testAPIKey)}, opts...)...)
	srv := httptest.NewServer(server)
	t.Cleanup(srv.Close)
	client, err := apiclient.New(apiclient.WithBaseURL(srv.URL), apiclient.WithAPIKey(testAPIKey), apiclient.WithRefreshFromLists(false))
	if err != nil {
		t.Fatal(err)
	}
	return &testMock{server: server, url: srv.URL, client: client}
}

// config prefixes the provider block that points at this mock server. The
// mock has no rate limit, so requests are not paced.
func (m *testMock) config(body string) string {
	return fmt.Sprintf("provider \"ngrok\" {\n  api_key             = %q\n  api_base_url        = %q\n  requests_per_minute = 0\n}\n\n%s",
		testAPIKey, m.url, body)
}

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
			ExpectError: regexp.MustCompile(`(?s)Unable to Create SSH Certificate Authority.*403.*ERR_NGROK_203.*Operation ID: op_.*Check the API key`),
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

func TestQuotedList(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in   []string
		want string
	}{
		{nil, ""},
		{[]string{"a"}, "`a`"},
		{[]string{"a", "b"}, "`a` or `b`"},
		{[]string{"a", "b", "c"}, "`a`, `b` or `c`"},
	} {
		if got := quotedList(tc.in); got != tc.want {
			t.Errorf("quotedList(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	if got := strings.Count(quotedInts(caKeySizes), "`"); got != 4 {
		t.Errorf("quotedInts(%v) has %d backquotes, want 4", caKeySizes, got)
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
