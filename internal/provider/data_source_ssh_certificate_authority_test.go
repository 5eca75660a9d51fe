package provider

import (
	"context"
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

func TestAccSSHCertificateAuthorityDataSource_byID(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(testAccSSHCertificateAuthorityConfig(
				`private_key_type = "ecdsa"`, `elliptic_curve = "p384"`, `description = "hosts"`) + `
data "ngrok_ssh_certificate_authority" "test" {
  id = ngrok_ssh_certificate_authority.test.id
}
`),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.CompareValuePairs(testCAResource, tfjsonpath.New("public_key"),
					"data.ngrok_ssh_certificate_authority.test", tfjsonpath.New("public_key"), compare.ValuesSame()),
				statecheck.CompareValuePairs(testCAResource, tfjsonpath.New("created_at"),
					"data.ngrok_ssh_certificate_authority.test", tfjsonpath.New("created_at"), compare.ValuesSame()),
				statecheck.ExpectKnownValue("data.ngrok_ssh_certificate_authority.test", tfjsonpath.New("description"), knownvalue.StringExact("hosts")),
				statecheck.ExpectKnownValue("data.ngrok_ssh_certificate_authority.test", tfjsonpath.New("elliptic_curve"), knownvalue.StringExact("p384")),
				statecheck.ExpectKnownValue("data.ngrok_ssh_certificate_authority.test", tfjsonpath.New("key_size"), knownvalue.Null()),
			},
		}},
	})
}

func TestAccSSHCertificateAuthorityDataSource_notFound(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(`
data "ngrok_ssh_certificate_authority" "test" {
  id = "sshca_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
}
`),
			ExpectError: regexp.MustCompile(`(?s)Unable to Read SSH Certificate Authority.*404`),
		}},
	})
}

func TestAccSSHCertificateAuthoritiesDataSource(t *testing.T) {
	t.Parallel()
	// One object a page: the data source must follow every next_page_uri.
	mock := newTestMock(t, mockserver.WithPageSize(1))
	ctx := context.Background()
	var ids []string
	for _, desc := range []string{"prod hosts", "staging hosts", "prod users"} {
		ca, err := mock.client.CreateSSHCertificateAuthority(ctx, &apiclient.SSHCertificateAuthorityCreate{Description: desc})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, ca.ID)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(`
data "ngrok_ssh_certificate_authorities" "all" {}

data "ngrok_ssh_certificate_authorities" "prod" {
  filter = "obj.description.startsWith('prod')"
}

data "ngrok_ssh_certificate_authorities" "none" {
  filter = "obj.description == 'nothing has this'"
}
`),
			ConfigStateChecks: []statecheck.StateCheck{
				// Newest first.
				statecheck.ExpectKnownValue("data.ngrok_ssh_certificate_authorities.all", tfjsonpath.New("certificate_authorities"),
					knownvalue.ListExact([]knownvalue.Check{
						knownvalue.ObjectPartial(map[string]knownvalue.Check{"id": knownvalue.StringExact(ids[2])}),
						knownvalue.ObjectPartial(map[string]knownvalue.Check{"id": knownvalue.StringExact(ids[1])}),
						knownvalue.ObjectPartial(map[string]knownvalue.Check{"id": knownvalue.StringExact(ids[0])}),
					})),
				statecheck.ExpectKnownValue("data.ngrok_ssh_certificate_authorities.prod", tfjsonpath.New("certificate_authorities"),
					knownvalue.ListExact([]knownvalue.Check{
						knownvalue.ObjectPartial(map[string]knownvalue.Check{
							"id": knownvalue.StringExact(ids[2]), "description": knownvalue.StringExact("prod users"),
							"private_key_type": knownvalue.StringExact("ed25519"),
						}),
						knownvalue.ObjectPartial(map[string]knownvalue.Check{"id": knownvalue.StringExact(ids[0])}),
					})),
				statecheck.ExpectKnownValue("data.ngrok_ssh_certificate_authorities.none", tfjsonpath.New("certificate_authorities"),
					knownvalue.ListSizeExact(0)),
			},
		}},
	})
}

func TestAccSSHCertificateAuthoritiesDataSource_invalidFilter(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(`
data "ngrok_ssh_certificate_authorities" "bad" {
  filter = "obj.description =="
}
`),
			ExpectError: regexp.MustCompile(`(?s)Unable to List SSH Certificate Authorities.*400`),
		}},
	})
}
