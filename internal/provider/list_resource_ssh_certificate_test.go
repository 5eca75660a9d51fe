package provider

import (
	"context"
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// terraform query lists the host certificates: all of them, those Terraform
// made included; those of one authority, which the provider picks out; with
// include_resource, every attribute as an import reads it; the newest only.
func TestAccSSHHostCertificateListResource(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	ctx := context.Background()
	ca, err := mock.client.CreateSSHCertificateAuthority(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	key := testSSHPublicKey(t, "ed25519")
	var ids []string
	for i := range 2 {
		c, err := mock.client.CreateSSHHostCertificate(ctx, &apiclient.SSHHostCertificateCreate{SSHCertificateAuthorityID: ca.ID,
			PublicKey: key, Principals: []string{fmt.Sprintf("web-%d.example.com", i)}, Description: fmt.Sprintf("web-%d", i),
			ValidAfter: "2026-01-01T00:00:00Z", ValidUntil: "2027-01-01T00:00:00Z"})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, c.ID)
	}

	resource.Test(t, resource.TestCase{
		TerraformVersionChecks:   queryVersionChecks,
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: mock.config(testAccSSHCertificateConfig("host", fmt.Sprintf("public_key = %q", key)))},
			{
				Query: true,
				Config: listBlock("ngrok_ssh_host_certificate", "all", "") +
					listBlock("ngrok_ssh_host_certificate", "outside", fmt.Sprintf(`  include_resource = true
  config {
    ssh_certificate_authority_id = %q
  }
`, ca.ID)) +
					listBlock("ngrok_ssh_host_certificate", "newest_outside", fmt.Sprintf(`  limit = 1
  config {
    ssh_certificate_authority_id = %q
  }
`, ca.ID)),
				QueryResultChecks: []querycheck.QueryResultCheck{
					querycheck.ExpectLength("ngrok_ssh_host_certificate.all", 3),
					querycheck.ExpectLength("ngrok_ssh_host_certificate.outside", 2),
					querycheck.ExpectResourceDisplayName("ngrok_ssh_host_certificate.outside", byID(ids[1]),
						knownvalue.StringExact("web-1: web-1.example.com")),
					querycheck.ExpectResourceKnownValues("ngrok_ssh_host_certificate.outside", byID(ids[0]), []querycheck.KnownValueCheck{
						knownValue("ssh_certificate_authority_id", knownvalue.StringExact(ca.ID)),
						knownValue("public_key", knownvalue.StringExact(key)),
						knownValue("principals", knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact("web-0.example.com")})),
						knownValue("valid_after", knownvalue.StringExact("2026-01-01T00:00:00Z")),
						knownValue("valid_until", knownvalue.StringExact("2027-01-01T00:00:00Z")),
						knownValue("key_type", knownvalue.StringExact("ed25519")),
						knownValue("certificate", knownvalue.StringRegexp(regexp.MustCompile(`^ssh-ed25519-cert-v01@openssh.com `))),
					}),
					querycheck.ExpectLength("ngrok_ssh_host_certificate.newest_outside", 1),
					querycheck.ExpectIdentity("ngrok_ssh_host_certificate.newest_outside", map[string]knownvalue.Check{"id": knownvalue.StringExact(ids[1])}),
				},
			},
		},
	})
}

// The user certificate list carries the options: critical options and
// extensions, the API's defaults included, as an import reads them.
func TestAccSSHUserCertificateListResource(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	ctx := context.Background()
	ca, err := mock.client.CreateSSHCertificateAuthority(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	key := testSSHPublicKey(t, "ed25519")
	deploy, err := mock.client.CreateSSHUserCertificate(ctx, &apiclient.SSHUserCertificateCreate{
		SSHCertificateCreate: apiclient.SSHCertificateCreate{SSHCertificateAuthorityID: ca.ID, PublicKey: key, Principals: []string{"deploy"}},
		CriticalOptions:      map[string]string{"force-command": "/bin/deploy"},
		Extensions:           map[string]string{},
	})
	if err != nil {
		t.Fatal(err)
	}
	plain, err := mock.client.CreateSSHUserCertificate(ctx, &apiclient.SSHUserCertificateCreate{
		SSHCertificateCreate: apiclient.SSHCertificateCreate{SSHCertificateAuthorityID: ca.ID, PublicKey: key}})
	if err != nil {
		t.Fatal(err)
	}

	resource.Test(t, resource.TestCase{
		TerraformVersionChecks:   queryVersionChecks,
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: mock.config(testAccSSHCertificateConfig("user", fmt.Sprintf("public_key = %q", key), `principals = ["alice"]`))},
			{
				Query: true,
				Config: listBlock("ngrok_ssh_user_certificate", "all", "  include_resource = true\n") +
					listBlock("ngrok_ssh_user_certificate", "outside", fmt.Sprintf("  config {\n    ssh_certificate_authority_id = %q\n  }\n", ca.ID)),
				QueryResultChecks: []querycheck.QueryResultCheck{
					querycheck.ExpectLength("ngrok_ssh_user_certificate.all", 3),
					querycheck.ExpectLength("ngrok_ssh_user_certificate.outside", 2),
					querycheck.ExpectResourceDisplayName("ngrok_ssh_user_certificate.outside", byID(plain.ID), knownvalue.StringExact("any user")),
					querycheck.ExpectResourceKnownValues("ngrok_ssh_user_certificate.all", byID(deploy.ID), []querycheck.KnownValueCheck{
						knownValue("critical_options", knownvalue.MapExact(map[string]knownvalue.Check{"force-command": knownvalue.StringExact("/bin/deploy")})),
						knownValue("extensions", knownvalue.MapExact(map[string]knownvalue.Check{})),
					}),
					querycheck.ExpectResourceKnownValues("ngrok_ssh_user_certificate.all", byID(plain.ID), []querycheck.KnownValueCheck{
						knownValue("critical_options", knownvalue.MapExact(map[string]knownvalue.Check{})),
						knownValue("extensions", knownvalue.MapExact(map[string]knownvalue.Check{
							"permit-pty": knownvalue.StringExact(""), "permit-user-rc": knownvalue.StringExact(""),
						})),
						knownValue("principals", knownvalue.ListExact([]knownvalue.Check{})),
					}),
				},
			},
		},
	})
}

// An authority argument that is not an authority's ID is refused before
// any request.
func TestAccSSHUserCertificateListResource_invalidAuthority(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	key := testSSHPublicKey(t, "ed25519")
	resource.Test(t, resource.TestCase{
		TerraformVersionChecks:   queryVersionChecks,
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: mock.config(testAccSSHCertificateConfig("user", fmt.Sprintf("public_key = %q", key)))},
			{
				Query:       true,
				Config:      listBlock("ngrok_ssh_user_certificate", "bad", "  config {\n    ssh_certificate_authority_id = \"shcrt_x\"\n  }\n"),
				ExpectError: regexp.MustCompile(`(?s)ssh_certificate_authority_id.*starting with sshca_`),
			},
		},
	})
}
