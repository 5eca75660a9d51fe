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
	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

// terraform query lists every reserved domain, those made outside Terraform
// and those it manages: with their identity and domain; with
// include_resource, every attribute as an import reads it; narrowed by a
// filter the API applies; at most limit of them, newest first.
func TestAccReservedDomainListResource(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t, mockserver.WithCertificateIssueDelay(0))
	ctx := context.Background()
	certID, err := mock.server.SeedTLSCertificate(mockserver.TLSCertificateSeed{})
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]string{}
	for _, in := range []apiclient.ReservedDomainCreate{
		{Domain: "www.example.com", Description: "made in the dashboard"},
		{Domain: "login.example.com", CertificateManagementPolicy: &apiclient.ReservedDomainCertPolicy{PrivateKeyType: "rsa"}},
		{Domain: "shop.example.com", CertificateID: certID},
	} {
		d, err := mock.client.CreateReservedDomain(ctx, &in)
		if err != nil {
			t.Fatal(err)
		}
		ids[in.Domain] = d.ID
	}

	resource.Test(t, resource.TestCase{
		TerraformVersionChecks:   queryVersionChecks,
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: mock.config(testAccReservedDomainConfig(`domain = "managed.ngrok.app"`))},
			{
				Query: true,
				Config: listBlock("ngrok_reserved_domain", "all", "") +
					listBlock("ngrok_reserved_domain", "custom", `  include_resource = true
  config {
    filter = "obj.domain.endsWith('.example.com')"
  }
`) +
					listBlock("ngrok_reserved_domain", "newest", "  limit = 1\n"),
				QueryResultChecks: []querycheck.QueryResultCheck{
					querycheck.ExpectLength("ngrok_reserved_domain.all", 4),
					querycheck.ExpectIdentity("ngrok_reserved_domain.all", map[string]knownvalue.Check{"id": knownvalue.StringExact(ids["www.example.com"])}),
					querycheck.ExpectIdentity("ngrok_reserved_domain.all", map[string]knownvalue.Check{"id": knownvalue.StringExact(ids["shop.example.com"])}),
					querycheck.ExpectResourceDisplayName("ngrok_reserved_domain.all", byID(ids["www.example.com"]), knownvalue.StringExact("www.example.com")),

					querycheck.ExpectLength("ngrok_reserved_domain.custom", 3),
					querycheck.ExpectResourceKnownValues("ngrok_reserved_domain.custom", byID(ids["login.example.com"]), []querycheck.KnownValueCheck{
						knownValue("domain", knownvalue.StringExact("login.example.com")),
						knownValue("certificate_management_policy", knownvalue.ObjectExact(map[string]knownvalue.Check{
							"authority": knownvalue.StringExact("letsencrypt"), "private_key_type": knownvalue.StringExact("rsa"),
						})),
						knownValue("certificate_id", knownvalue.Null()),
						knownValue("wait_for_certificate", knownvalue.Bool(false)),
						knownValue("region", knownvalue.Null()),
					}),
					querycheck.ExpectResourceKnownValues("ngrok_reserved_domain.custom", byID(ids["shop.example.com"]), []querycheck.KnownValueCheck{
						knownValue("certificate_id", knownvalue.StringExact(certID)),
						knownValue("certificate_management_policy", knownvalue.Null()),
						knownValue("description", knownvalue.StringExact("")),
					}),

					querycheck.ExpectLength("ngrok_reserved_domain.newest", 1),
					querycheck.ExpectResourceDisplayName("ngrok_reserved_domain.newest",
						queryfilter.ByResourceIdentity(map[string]knownvalue.Check{"id": knownvalue.StringRegexp(rdIDPattern)}),
						knownvalue.StringExact("managed.ngrok.app")),
				},
			},
		},
	})
}

// A filter the API refuses fails the query with the API's answer.
func TestAccReservedDomainListResource_invalidFilter(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		TerraformVersionChecks:   queryVersionChecks,
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: mock.config(testAccReservedDomainConfig(`domain = "managed.ngrok.app"`))},
			{
				Query:       true,
				Config:      listBlock("ngrok_reserved_domain", "bad", "  config {\n    filter = \"obj.domain ===\"\n  }\n"),
				ExpectError: regexp.MustCompile(`(?s)(Invalid Filter|Unable to List Reserved Domains).*Syntax error`),
			},
		},
	})
}
