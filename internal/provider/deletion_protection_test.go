package provider

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// A protected domain is refused at plan when its block goes, when
// `terraform destroy` runs and when its name changes; turned off, it is an in-place update that asks
// nothing of the API, and the domain can then go.
func TestAccDeletionProtection_reservedDomain(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	domain := func(protected bool) string {
		return mock.config(fmt.Sprintf(`
resource "ngrok_reserved_domain" "app" {
  domain              = "app.example.com"
  deletion_protection = %t
}
`, protected))
	}
	refused := regexp.MustCompile(`(?s)Deletion Protection Is On.*would delete the reserved domain\s+app.example.com.*deletion_protection\s+= false`)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: domain(true),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("ngrok_reserved_domain.app", tfjsonpath.New("deletion_protection"), knownvalue.Bool(true)),
				},
			},
			{Config: domain(true), ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
			{Config: mock.config(""), ExpectError: refused},
			{
				Config:      strings.Replace(domain(true), "app.example.com", "api.example.com", 1),
				ExpectError: regexp.MustCompile(`(?s)Deletion Protection Is On.*Changing domain replaces the reserved\s+domain\s+app.example.com`),
			},
			{Config: domain(true), Destroy: true, ExpectError: refused},
			{
				Config: domain(false),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("ngrok_reserved_domain.app", plancheck.ResourceActionUpdate),
				}},
			},
			{
				Config: mock.config(""),
				Check: noneLeft(mock.client.ListReservedDomains(context.Background(), nil),
					func(d *apiclient.ReservedDomain) string { return "reserved domain " + d.Domain }),
			},
		},
	})
}

// A change that replaces a protected address is refused at plan, naming the
// change; unprotected, the same change replaces it.
func TestAccDeletionProtection_reservedAddrReplaced(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	addr := func(region string, protected bool) string {
		return mock.config(fmt.Sprintf(`
resource "ngrok_reserved_addr" "ssh" {
  region              = %q
  deletion_protection = %t
}
`, region, protected))
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: addr("us", true)},
			{Config: addr("eu", true), ExpectError: regexp.MustCompile(`(?s)Deletion Protection Is On.*Changing region replaces\s+the\s+reserved\s+address`)},
			{Config: addr("us", true), Destroy: true, ExpectError: regexp.MustCompile(`(?s)Deletion Protection Is On.*would delete the reserved\s+address`)},
			{Config: addr("us", false)},
			{
				Config: addr("eu", false),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("ngrok_reserved_addr.ssh", plancheck.ResourceActionDestroyBeforeCreate),
				}},
			},
		},
	})
}
