package provider

import (
	"context"
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

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
