package provider

import (
	"context"
	"regexp"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

func TestAccReservedDomainDataSource_byIDAndByDomain(t *testing.T) {
	t.Parallel()
	clock := &rdClock{now: rdTestClockStart}
	mock := newDomainTestMock(t, clock, time.Minute)
	ec, err := mock.server.SeedEndpointConfiguration(mockserver.EndpointConfigurationSeed{Type: "http"})
	if err != nil {
		t.Fatal(err)
	}
	const byID, byName = "data.ngrok_reserved_domain.by_id", "data.ngrok_reserved_domain.by_name"
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(testAccReservedDomainConfig(`domain = "*.example.com"`, `description = "web"`,
				`certificate_management_policy = {}`, `http_endpoint_configuration_id = "`+ec+`"`) + `
data "ngrok_reserved_domain" "by_id" {
  id = ngrok_reserved_domain.test.id
}

data "ngrok_reserved_domain" "by_name" {
  domain     = "*.Example.COM"
  depends_on = [ngrok_reserved_domain.test]
}
`),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.CompareValuePairs(testRDResource, tfjsonpath.New("id"), byID, tfjsonpath.New("id"), compare.ValuesSame()),
				statecheck.CompareValuePairs(testRDResource, tfjsonpath.New("id"), byName, tfjsonpath.New("id"), compare.ValuesSame()),
				statecheck.CompareValuePairs(testRDResource, tfjsonpath.New("cname_target"), byID, tfjsonpath.New("cname_target"), compare.ValuesSame()),
				statecheck.CompareValuePairs(testRDResource, tfjsonpath.New("acme_challenge_cname_target"), byName, tfjsonpath.New("acme_challenge_cname_target"), compare.ValuesSame()),
				statecheck.ExpectKnownValue(byID, tfjsonpath.New("domain"), knownvalue.StringExact("*.example.com")),
				statecheck.ExpectKnownValue(byName, tfjsonpath.New("domain"), knownvalue.StringExact("*.Example.COM")),
				statecheck.ExpectKnownValue(byID, tfjsonpath.New("description"), knownvalue.StringExact("web")),
				statecheck.ExpectKnownValue(byID, tfjsonpath.New("certificate_management_policy"), knownvalue.ObjectExact(map[string]knownvalue.Check{
					"authority": knownvalue.StringExact("letsencrypt"), "private_key_type": knownvalue.StringExact("ecdsa"),
				})),
				statecheck.ExpectKnownValue(byID, rdPath("certificate_management_status", "provisioning_job", "msg"), knownvalue.StringExact(rdProvisionMsg)),
				statecheck.ExpectKnownValue(byID, tfjsonpath.New("certificate"), knownvalue.Null()),
				statecheck.ExpectKnownValue(byID, rdPath("http_endpoint_configuration", "id"), knownvalue.StringExact(ec)),
				statecheck.ExpectKnownValue(byID, rdPath("http_endpoint_configuration", "uri"), knownvalue.StringExact(mock.url+"/endpoint_configurations/"+ec)),
				statecheck.ExpectKnownValue(byID, tfjsonpath.New("https_endpoint_configuration"), knownvalue.Null()),
				statecheck.ExpectKnownValue(byID, tfjsonpath.New("resolves_to"), knownvalue.SetExact([]knownvalue.Check{})),
			},
		}},
	})
}

// resolves_to shows the points of presence a domain is pinned to, in the
// single data source and in the plural one.
func TestAccReservedDomainDataSource_resolvesTo(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(testAccReservedDomainConfig(`domain = "app.example.com"`, `resolves_to = ["us-cal-1", "eu"]`) + `
data "ngrok_reserved_domain" "pinned" {
  id = ngrok_reserved_domain.test.id
}

data "ngrok_reserved_domains" "pinned_to_eu" {
  filter     = "obj.domain == '${ngrok_reserved_domain.test.domain}'"
  depends_on = [ngrok_reserved_domain.test]
}
`),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.ngrok_reserved_domain.pinned", tfjsonpath.New("resolves_to"),
					knownvalue.SetExact([]knownvalue.Check{knownvalue.StringExact("eu"), knownvalue.StringExact("us-cal-1")})),
				statecheck.ExpectKnownValue("data.ngrok_reserved_domains.pinned_to_eu",
					tfjsonpath.New("reserved_domains").AtSliceIndex(0).AtMapKey("resolves_to"),
					knownvalue.SetExact([]knownvalue.Check{knownvalue.StringExact("eu"), knownvalue.StringExact("us-cal-1")})),
				statecheck.ExpectKnownValue("data.ngrok_reserved_domains.pinned_to_eu", tfjsonpath.New("reserved_domains"),
					knownvalue.ListSizeExact(1)),
			},
		}},
	})
}

func TestAccReservedDomainDataSource_errors(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct{ config, want string }{
		"unknown ID": {`data "ngrok_reserved_domain" "x" { id = "rd_2hHGVyb5ZT6WQm1uXnLfNc8Ykam" }`,
			`(?s)Unable to Read Reserved Domain.*404`},
		"unknown domain": {`data "ngrok_reserved_domain" "x" { domain = "nothing.example.com" }`,
			`(?s)Reserved Domain Not Found.*has not reserved\s+"nothing\.example\.com"`},
		"neither": {`data "ngrok_reserved_domain" "x" {}`, `(?s)Invalid Attribute Combination.*id.*domain`},
		"both": {`data "ngrok_reserved_domain" "x" {
  id     = "rd_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  domain = "a.example.com"
}`, `(?s)Invalid Attribute Combination`},
		"invalid domain": {`data "ngrok_reserved_domain" "x" { domain = "a b" }`, `Invalid Domain Name`},
		"invalid ID":     {`data "ngrok_reserved_domain" "x" { id = "sshca_1" }`, `(?s)id must be the ID of a reserved\s+domain`},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			mock := newTestMock(t)
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
				Steps: []resource.TestStep{{
					Config:      mock.config(tc.config),
					ExpectError: regexp.MustCompile(tc.want),
				}},
			})
		})
	}
}

func TestAccReservedDomainsDataSource(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t, mockserver.WithCertificateIssueDelay(0), mockserver.WithPageSize(1))
	ctx := context.Background()
	var ids []string
	for _, in := range []apiclient.ReservedDomainCreate{
		{Domain: "a.example.com", CertificateManagementPolicy: &apiclient.ReservedDomainCertPolicy{}},
		{Domain: "b.ngrok.app"},
		{Domain: "c.example.com"},
	} {
		d, err := mock.client.CreateReservedDomain(ctx, &in)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, d.ID)
	}
	// NOTE: c.example.com turns off the automatic certificates it got by default.
	if err := mock.client.DeleteReservedDomainCertificateManagementPolicy(ctx, ids[2]); err != nil {
		t.Fatal(err)
	}
	const all, custom, managed, none = "data.ngrok_reserved_domains.all", "data.ngrok_reserved_domains.custom",
		"data.ngrok_reserved_domains.managed", "data.ngrok_reserved_domains.none"
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(`
data "ngrok_reserved_domains" "all" {}

data "ngrok_reserved_domains" "custom" {
  filter = "obj.cname_target != null"
}

data "ngrok_reserved_domains" "managed" {
  filter = "obj.domain.startsWith('a.')"
}

data "ngrok_reserved_domains" "none" {
  filter = "obj.domain == 'nothing.example.com'"
}
`),
			ConfigStateChecks: []statecheck.StateCheck{
				// Newest first, across pages of one.
				statecheck.ExpectKnownValue(all, tfjsonpath.New("reserved_domains"), knownvalue.ListExact([]knownvalue.Check{
					knownvalue.ObjectPartial(map[string]knownvalue.Check{"id": knownvalue.StringExact(ids[2]), "cname_target": knownvalue.StringRegexp(rdCNAMEPattern)}),
					knownvalue.ObjectPartial(map[string]knownvalue.Check{"id": knownvalue.StringExact(ids[1]), "cname_target": knownvalue.Null()}),
					knownvalue.ObjectPartial(map[string]knownvalue.Check{"id": knownvalue.StringExact(ids[0]), "domain": knownvalue.StringExact("a.example.com")}),
				})),
				statecheck.ExpectKnownValue(custom, tfjsonpath.New("reserved_domains"), knownvalue.ListExact([]knownvalue.Check{
					knownvalue.ObjectPartial(map[string]knownvalue.Check{"id": knownvalue.StringExact(ids[2])}),
					knownvalue.ObjectPartial(map[string]knownvalue.Check{"id": knownvalue.StringExact(ids[0])}),
				})),
				statecheck.ExpectKnownValue(managed, tfjsonpath.New("reserved_domains"), knownvalue.ListExact([]knownvalue.Check{
					knownvalue.ObjectPartial(map[string]knownvalue.Check{
						"id":          knownvalue.StringExact(ids[0]),
						"certificate": knownvalue.ObjectPartial(map[string]knownvalue.Check{"id": knownvalue.StringRegexp(rdCertIDPattern)}),
						"certificate_management_status": knownvalue.ObjectExact(map[string]knownvalue.Check{
							"renews_at": knownvalue.StringRegexp(rdTimePattern), "provisioning_job": knownvalue.Null(),
						}),
					}),
				})),
				statecheck.ExpectKnownValue(none, tfjsonpath.New("reserved_domains"), knownvalue.ListSizeExact(0)),
			},
		}},
	})
}

func TestAccReservedDomainsDataSource_invalidFilter(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config:      mock.config(`data "ngrok_reserved_domains" "bad" { filter = "obj.domain ==" }`),
			ExpectError: regexp.MustCompile(`(?s)Invalid Filter.*Syntax error`),
		}},
	})
}
