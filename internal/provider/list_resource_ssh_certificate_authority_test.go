package provider

import (
	"context"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck/queryfilter"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// terraform query lists the SSH certificate authorities: with their key as
// display name; by filter; with include_resource, the key options read from
// the public key, as an import reads them.
func TestAccSSHCertificateAuthorityListResource(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	ctx := context.Background()
	ids := map[string]string{}
	for _, in := range []apiclient.SSHCertificateAuthorityCreate{
		{PrivateKeyType: "rsa", KeySize: 2048, Description: "legacy hosts"},
		{PrivateKeyType: "ecdsa", EllipticCurve: "p521"},
	} {
		ca, err := mock.client.CreateSSHCertificateAuthority(ctx, &in)
		if err != nil {
			t.Fatal(err)
		}
		ids[in.PrivateKeyType] = ca.ID
	}

	resource.Test(t, resource.TestCase{
		TerraformVersionChecks:   queryVersionChecks,
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: mock.config(testAccSSHCertificateAuthorityConfig(`description = "managed"`))},
			{
				Query: true,
				Config: listBlock("ngrok_ssh_certificate_authority", "all", "") +
					listBlock("ngrok_ssh_certificate_authority", "ecdsa", `  include_resource = true
  config {
    filter = "obj.key_type == 'ecdsa'"
  }
`) +
					listBlock("ngrok_ssh_certificate_authority", "managed", "  config {\n    filter = \"obj.description == 'managed'\"\n  }\n"),
				QueryResultChecks: []querycheck.QueryResultCheck{
					querycheck.ExpectLength("ngrok_ssh_certificate_authority.all", 3),
					querycheck.ExpectResourceDisplayName("ngrok_ssh_certificate_authority.all", byID(ids["rsa"]),
						knownvalue.StringExact("legacy hosts: rsa 2048")),
					querycheck.ExpectLength("ngrok_ssh_certificate_authority.managed", 1),
					querycheck.ExpectResourceDisplayName("ngrok_ssh_certificate_authority.managed",
						queryfilter.ByResourceIdentity(map[string]knownvalue.Check{"id": knownvalue.StringRegexp(idPattern)}),
						knownvalue.StringExact("managed: ed25519")),

					querycheck.ExpectLength("ngrok_ssh_certificate_authority.ecdsa", 1),
					querycheck.ExpectResourceKnownValues("ngrok_ssh_certificate_authority.ecdsa", byID(ids["ecdsa"]), []querycheck.KnownValueCheck{
						knownValue("private_key_type", knownvalue.StringExact("ecdsa")),
						knownValue("elliptic_curve", knownvalue.StringExact("p521")),
						knownValue("key_size", knownvalue.Null()),
						knownValue("key_type", knownvalue.StringExact("ecdsa")),
						knownValue("public_key", knownvalue.StringRegexp(regexp.MustCompile(`^ecdsa-sha2-nistp521 `))),
					}),
				},
			},
		},
	})
}
