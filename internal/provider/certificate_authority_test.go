package provider

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

const testMTLSCAResource = "ngrok_certificate_authority.test"

// testMTLSCAPEM is a self-signed CA certificate named cn.
func testMTLSCAPEM(t *testing.T, cn string) string {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(7), Subject: pkix.Name{CommonName: cn}, IsCA: true, BasicConstraintsValid: true,
		NotBefore: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), NotAfter: time.Date(2036, 1, 1, 0, 0, 0, 0, time.UTC),
		KeyUsage: x509.KeyUsageCertSign | x509.KeyUsageCRLSign}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, key.Public(), key)
	if err != nil {
		t.Fatal(err)
	}
	return string(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}))
}

func testAccCAConfig(caPEM string, attrs ...string) string {
	return "resource \"ngrok_certificate_authority\" \"test\" {\n  ca_pem = <<-EOT\n" + caPEM + "EOT\n  " + strings.Join(attrs, "\n  ") + "\n}\n"
}

func TestAccCertificateAuthority_basic(t *testing.T) {
	t.Parallel()
	mock := newTestAccount(t)
	ca, other := testMTLSCAPEM(t, "Clients CA"), testMTLSCAPEM(t, "Other CA")
	// NOTE: the same certificate with CRLF line endings and text before it
	// is no change.
	messy := "clients of the intranet\r\n" + strings.ReplaceAll(ca, "\n", "\r\n")
	sameID := statecheck.CompareValue(compare.ValuesSame())
	newID := statecheck.CompareValue(compare.ValuesDiffer())
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config:           mock.config(testAccCAConfig(ca, mock.description("clients"))),
				ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testMTLSCAResource, tfjsonpath.New("id")),
					newID.AddStateValue(testMTLSCAResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testMTLSCAResource, tfjsonpath.New("id"), knownvalue.StringRegexp(regexp.MustCompile(`^ca_`))),
					statecheck.ExpectKnownValue(testMTLSCAResource, tfjsonpath.New("subject_common_name"), knownvalue.StringExact("Clients CA")),
					statecheck.ExpectKnownValue(testMTLSCAResource, tfjsonpath.New("not_after"), knownvalue.StringExact("2036-01-01T00:00:00Z")),
					statecheck.ExpectKnownValue(testMTLSCAResource, tfjsonpath.New("key_usages"), knownvalue.ListExact([]knownvalue.Check{
						knownvalue.StringExact("cert_sign"), knownvalue.StringExact("crl_sign")})),
				},
			},
			{
				Config: mock.config(testAccCAConfig(messy, mock.description("clients of the intranet"))),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testMTLSCAResource, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{sameID.AddStateValue(testMTLSCAResource, tfjsonpath.New("id"))},
			},
			{
				Config: mock.config(testAccCAConfig(other, mock.description("other"))),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testMTLSCAResource, plancheck.ResourceActionDestroyBeforeCreate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					newID.AddStateValue(testMTLSCAResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testMTLSCAResource, tfjsonpath.New("subject_common_name"), knownvalue.StringExact("Other CA")),
				},
			},
			{ResourceName: testMTLSCAResource, ImportState: true, ImportStateVerify: true},
		},
	})
}

// A leaf certificate is refused by the API (ERR_NGROK_1913); text that is
// no PEM at plan time.
func TestAccCertificateAuthority_notACA(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	leaf, _ := testTLSCertificate(t, "app.example.com")
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps:                    []resource.TestStep{{Config: mock.config(testAccCAConfig(leaf)), ExpectError: regexp.MustCompile(`ERR_NGROK_1913`)}},
	})
}

func TestAccCertificateAuthority_notPEM(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	testAccExpectPlanError(t, mock.config(testAccCAConfig("not a certificate\n")), `(?s)ca_pem`)
}

// The CA serves a cloud endpoint's mutual TLS in its traffic policy.
func TestAccCertificateAuthority_mutualTLS(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	reserveTestDomains(t, mock, "mtls.example.com")
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(testAccCAConfig(testMTLSCAPEM(t, "Clients CA")) + `
resource "ngrok_cloud_endpoint" "test" {
  url = "tls://mtls.example.com"
  traffic_policy = jsonencode({
    on_tcp_connect = [{
      actions = [{
        type   = "terminate-tls"
        config = { mutual_tls_certificate_authorities = [ngrok_certificate_authority.test.id] }
      }]
    }]
  })
}
`),
			ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
		}},
	})
}
