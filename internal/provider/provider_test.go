package provider

import (
	"context"
	"fmt"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

const testAPIKey = "test-api-key"

var testAccProtoV6ProviderFactories = map[string]func() (tfprotov6.ProviderServer, error){
	"ngrok": providerserver.NewProtocol6WithError(New("test")()),
}

// testMock is one in-process mock server of the API, owned by one test, and
// a client of it for arranging and inspecting objects outside Terraform.
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
	client, err := apiclient.New(apiclient.WithBaseURL(srv.URL), apiclient.WithAPIKey(testAPIKey))
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

func TestCheckBaseURL(t *testing.T) {
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
	} {
		if err := checkBaseURL(url); (err == nil) != ok {
			t.Errorf("checkBaseURL(%q) = %v, want ok=%v", url, err, ok)
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
