package provider

import (
	"context"
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

func TestAccSSHHostCertificateDataSource_byID(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	const data = "data.ngrok_ssh_host_certificate.test"
	same := func(attr string) statecheck.StateCheck {
		return statecheck.CompareValuePairs(testHostCertificate, tfjsonpath.New(attr), data, tfjsonpath.New(attr), compare.ValuesSame())
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(testAccSSHCertificateConfig("host", fmt.Sprintf("public_key = %q", testSSHPublicKey(t, "ed25519")),
				`principals = ["web-1.example.com"]`, `description = "web-1"`) + `
data "ngrok_ssh_host_certificate" "test" {
  id = ngrok_ssh_host_certificate.test.id
}
`),
			ConfigStateChecks: []statecheck.StateCheck{
				same("certificate"), same("public_key"), same("valid_after"), same("valid_until"), same("principals"),
				same("ssh_certificate_authority_id"), same("uri"), same("created_at"), same("key_type"),
				statecheck.ExpectKnownValue(data, tfjsonpath.New("description"), knownvalue.StringExact("web-1")),
				statecheck.ExpectKnownValue(data, tfjsonpath.New("metadata"), knownvalue.StringExact("")),
			},
		}},
	})
}

func TestAccSSHHostCertificateDataSource_notFound(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config:      mock.config("data \"ngrok_ssh_host_certificate\" \"test\" {\n  id = \"shcrt_2hHGVyb5ZT6WQm1uXnLfNc8Ykam\"\n}\n"),
			ExpectError: regexp.MustCompile(`(?s)Unable to Read SSH Host Certificate.*404`),
		}},
	})
}

func TestAccSSHHostCertificateDataSource_invalidID(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config:      mock.config("data \"ngrok_ssh_host_certificate\" \"test\" {\n  id = \"sucrt_2hHGVyb5ZT6WQm1uXnLfNc8Ykam\"\n}\n"),
			ExpectError: regexp.MustCompile(`(?s)id.*starting with shcrt_`),
		}},
	})
}

// The list returns the certificates newest first, across pages, and the
// authority filter keeps only that authority's.
func TestAccSSHHostCertificatesDataSource(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t, mockserver.WithPageSize(1))
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
	var ids []string
	for i, ca := range []string{cas[0], cas[1], cas[0]} {
		c, err := mock.client.CreateSSHHostCertificate(ctx, &apiclient.SSHHostCertificateCreate{
			SSHCertificateAuthorityID: ca, PublicKey: key, Principals: []string{fmt.Sprintf("web-%d.example.com", i)},
		})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, c.ID)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(fmt.Sprintf(`
data "ngrok_ssh_host_certificates" "all" {}

data "ngrok_ssh_host_certificates" "first_ca" {
  ssh_certificate_authority_id = %q
}
`, cas[0])),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.ngrok_ssh_host_certificates.all", tfjsonpath.New("host_certificates"),
					knownvalue.ListExact([]knownvalue.Check{
						knownvalue.ObjectPartial(map[string]knownvalue.Check{"id": knownvalue.StringExact(ids[2])}),
						knownvalue.ObjectPartial(map[string]knownvalue.Check{"id": knownvalue.StringExact(ids[1])}),
						knownvalue.ObjectPartial(map[string]knownvalue.Check{"id": knownvalue.StringExact(ids[0])}),
					})),
				statecheck.ExpectKnownValue("data.ngrok_ssh_host_certificates.first_ca", tfjsonpath.New("host_certificates"),
					knownvalue.ListExact([]knownvalue.Check{
						knownvalue.ObjectPartial(map[string]knownvalue.Check{
							"id":         knownvalue.StringExact(ids[2]),
							"principals": knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact("web-2.example.com")}),
							"key_type":   knownvalue.StringExact("ed25519"),
						}),
						knownvalue.ObjectPartial(map[string]knownvalue.Check{"id": knownvalue.StringExact(ids[0])}),
					})),
			},
		}},
	})
}
