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
)

func TestAccSSHUserCertificateDataSource_byID(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	const data = "data.ngrok_ssh_user_certificate.test"
	same := func(attr string) statecheck.StateCheck {
		return statecheck.CompareValuePairs(testUserCertificate, tfjsonpath.New(attr), data, tfjsonpath.New(attr), compare.ValuesSame())
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(testAccSSHCertificateConfig("user", fmt.Sprintf("public_key = %q", testSSHPublicKey(t, "ed25519")),
				`principals = ["alice"]`, `critical_options = { "source-address" = "192.0.2.0/24" }`) + `
data "ngrok_ssh_user_certificate" "test" {
  id = ngrok_ssh_user_certificate.test.id
}
`),
			ConfigStateChecks: []statecheck.StateCheck{
				same("certificate"), same("principals"), same("critical_options"), same("extensions"), same("valid_until"),
				statecheck.ExpectKnownValue(data, tfjsonpath.New("critical_options"), knownvalue.MapExact(map[string]knownvalue.Check{
					"source-address": knownvalue.StringExact("192.0.2.0/24"),
				})),
				statecheck.ExpectKnownValue(data, tfjsonpath.New("extensions"), knownvalue.MapSizeExact(2)),
			},
		}},
	})
}

func TestAccSSHUserCertificateDataSource_notFound(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config:      mock.config("data \"ngrok_ssh_user_certificate\" \"test\" {\n  id = \"sucrt_2hHGVyb5ZT6WQm1uXnLfNc8Ykam\"\n}\n"),
			ExpectError: regexp.MustCompile(`(?s)Unable to Read SSH User Certificate.*404`),
		}},
	})
}

func TestAccSSHUserCertificatesDataSource(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	ctx := context.Background()
	ca, err := mock.client.CreateSSHCertificateAuthority(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	other, err := mock.client.CreateSSHCertificateAuthority(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := mock.client.CreateSSHUserCertificate(ctx, &apiclient.SSHUserCertificateCreate{SSHCertificateCreate: apiclient.SSHCertificateCreate{
		SSHCertificateAuthorityID: ca.ID, PublicKey: testSSHPublicKey(t, "ed25519"), Principals: []string{"alice"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(fmt.Sprintf(`
data "ngrok_ssh_user_certificates" "all" {}

data "ngrok_ssh_user_certificates" "other_ca" {
  ssh_certificate_authority_id = %q
}
`, other.ID)),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.ngrok_ssh_user_certificates.all", tfjsonpath.New("user_certificates"),
					knownvalue.ListExact([]knownvalue.Check{knownvalue.ObjectPartial(map[string]knownvalue.Check{
						"id":          knownvalue.StringExact(cert.ID),
						"certificate": knownvalue.StringExact(cert.Certificate),
						"extensions": knownvalue.MapExact(map[string]knownvalue.Check{
							"permit-pty": knownvalue.StringExact(""), "permit-user-rc": knownvalue.StringExact(""),
						}),
						"critical_options": knownvalue.MapSizeExact(0),
					})})),
				statecheck.ExpectKnownValue("data.ngrok_ssh_user_certificates.other_ca", tfjsonpath.New("user_certificates"),
					knownvalue.ListSizeExact(0)),
			},
		}},
	})
}
