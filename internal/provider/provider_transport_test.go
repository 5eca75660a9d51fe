package provider

import (
	"context"
	"encoding/pem"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

// newTLSMock serves a mock over HTTPS with httptest's own certificate and
// returns its URL and the path of a PEM file holding that certificate.
func newTLSMock(t *testing.T) (url, caFile string) {
	t.Helper()
	srv := httptest.NewTLSServer(mockserver.New(mockserver.WithAPIKeys(testAPIKey)))
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
