package provider

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

const testAccountIPRestrictionResource = "ngrok_ip_restriction.test"

// testAccAccountIPRestrictionConfig is two policies, "office" allowing
// officeCIDR, and "vpn", and a restriction with attrs.
func testAccAccountIPRestrictionConfig(officeCIDR string, attrs ...string) string {
	return `
resource "ngrok_ip_policy" "office" {
  description = "office"
}

resource "ngrok_ip_policy_rule" "office" {
  ip_policy_id = ngrok_ip_policy.office.id
  cidr         = "` + officeCIDR + `"
  action       = "allow"
}

resource "ngrok_ip_policy" "vpn" {
  description = "vpn"
}

resource "ngrok_ip_restriction" "test" {
  ` + strings.Join(attrs, "\n  ") + `
  depends_on = [ngrok_ip_policy_rule.office]
}
`
}

func TestIPRestrictionModel(t *testing.T) {
	t.Parallel()
	m, _ := ipRestrictionModelFromAPI(&apiclient.IPRestriction{ID: "ipx_1", Type: "api", Enforced: true,
		IPPolicies: []apiclient.Ref{{ID: "ipp_1"}, {ID: "ipp_2"}}})
	if c := m.toCreate(); c.Type != "api" || !c.Enforced || strings.Join(c.IPPolicyIDs, ",") != "ipp_1,ipp_2" {
		t.Errorf("create %+v", c)
	}
	if u := m.toUpdate(); !*u.Enforced || len(u.IPPolicyIDs) != 2 {
		t.Errorf("update %+v", u)
	}
}

func TestAccIPRestriction_basic(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	sameID := statecheck.CompareValue(compare.ValuesSame())
	newID := statecheck.CompareValue(compare.ValuesDiffer())
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: mock.config(testAccAccountIPRestrictionConfig("203.0.113.0/24", `type = "dashboard"`, `ip_policy_ids = [ngrok_ip_policy.office.id]`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testAccountIPRestrictionResource, tfjsonpath.New("id")),
					newID.AddStateValue(testAccountIPRestrictionResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testAccountIPRestrictionResource, tfjsonpath.New("id"), knownvalue.StringRegexp(regexp.MustCompile(`^ipx_`))),
					statecheck.ExpectKnownValue(testAccountIPRestrictionResource, tfjsonpath.New("enforced"), knownvalue.Bool(false)),
					statecheck.CompareValueCollection(testAccountIPRestrictionResource, []tfjsonpath.Path{tfjsonpath.New("ip_policy_ids")},
						"ngrok_ip_policy.office", tfjsonpath.New("id"), compare.ValuesSame()),
				},
			},
			{
				Config: mock.config(testAccAccountIPRestrictionConfig("203.0.113.0/24", `type = "dashboard"`, `enforced = true`,
					`ip_policy_ids = [ngrok_ip_policy.office.id, ngrok_ip_policy.vpn.id]`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testAccountIPRestrictionResource, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testAccountIPRestrictionResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testAccountIPRestrictionResource, tfjsonpath.New("ip_policy_ids"), knownvalue.ListSizeExact(2)),
				},
			},
			{
				Config: mock.config(testAccAccountIPRestrictionConfig("203.0.113.0/24", `type = "agent"`, `ip_policy_ids = [ngrok_ip_policy.vpn.id]`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testAccountIPRestrictionResource, plancheck.ResourceActionDestroyBeforeCreate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{newID.AddStateValue(testAccountIPRestrictionResource, tfjsonpath.New("id"))},
			},
			{ResourceName: testAccountIPRestrictionResource, ImportState: true, ImportStateVerify: true},
			{
				Config: mock.config(testAccAccountIPRestrictionConfig("203.0.113.0/24", `type = "agent"`, `ip_policy_ids = [ngrok_ip_policy.vpn.id]`)),
				Check: deleteObjectInAPI(testAccountIPRestrictionResource, func(ctx context.Context, id string) error {
					return apiclient.IPRestrictions.Delete(ctx, mock.client, id)
				}),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testAccountIPRestrictionResource, plancheck.ResourceActionCreate)},
				},
				ExpectNonEmptyPlan: true,
			},
		},
	})
}

// Enforcing an api restriction whose policies do not allow the address
// Terraform runs from locks Terraform out: the apply that enforces it
// succeeds, and every request after it is refused with ERR_NGROK_220.
// Allowing the address (the loopback the mock sees) keeps it working.
func TestAccIPRestriction_apiLockOut(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	var id string
	policiesOnly := testAccAccountIPRestrictionConfig("127.0.0.0/8", `type = "api"`, `ip_policy_ids = [ngrok_ip_policy.office.id]`)
	policiesOnly = policiesOnly[:strings.Index(policiesOnly, `resource "ngrok_ip_restriction"`)]
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: mock.config(testAccAccountIPRestrictionConfig("127.0.0.0/8", `type = "api"`, `enforced = true`,
					`ip_policy_ids = [ngrok_ip_policy.office.id]`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				Check: func(s *terraform.State) error {
					id = s.RootModule().Resources[testAccountIPRestrictionResource].Primary.ID
					return nil
				},
			},
			{
				Config: mock.config(testAccAccountIPRestrictionConfig("127.0.0.0/8", `type = "api"`, `enforced = true`,
					`ip_policy_ids = [ngrok_ip_policy.vpn.id]`)),
				ExpectError: regexp.MustCompile(`(?s)ERR_NGROK_220.*does not match the IP Policy`),
			},
			{
				// NOTE: locked out, Terraform can no longer refresh nor
				// delete: the control API undoes the restriction, as a user
				// would in the dashboard, and the object is gone.
				PreConfig: func() {
					if err := mock.server.DeleteObject("ip_restrictions", id); err != nil {
						t.Fatal(err)
					}
				},
				Config: mock.config(policiesOnly),
				Check: noneLeft(apiclient.IPRestrictions.List(context.Background(), mock.client, nil),
					func(x *apiclient.IPRestriction) string { return "the restriction " + x.ID }),
			},
		},
	})
}

func TestAccIPRestriction_invalidConfig(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		attrs []string
		want  string
	}{
		"unknown type": {[]string{`type = "web"`, `ip_policy_ids = ["ipp_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"]`}, `(?s)type.*value must be one of`},
		"no policies":  {[]string{`type = "api"`, `ip_policy_ids = []`}, `(?s)ip_policy_ids.*at least 1`},
		"not a policy": {[]string{`type = "api"`, `ip_policy_ids = ["ipr_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"]`}, `(?s)ipp_`},
		"listed twice": {[]string{`type = "api"`, `ip_policy_ids = ["ipp_2hHGVyb5ZT6WQm1uXnLfNc8Ykam", "ipp_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"]`}, `(?s)duplicate`},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			mock := newTestMock(t)
			testAccExpectPlanError(t, mock.config("resource \"ngrok_ip_restriction\" \"test\" {\n  "+strings.Join(tc.attrs, "\n  ")+"\n}\n"), tc.want)
		})
	}
}

func TestAccIPRestrictionDataSources(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(testAccAccountIPRestrictionConfig("203.0.113.0/24", `type = "agent"`, `ip_policy_ids = [ngrok_ip_policy.office.id]`) + `
data "ngrok_ip_restriction" "test" {
  id = ngrok_ip_restriction.test.id
}

data "ngrok_ip_restrictions" "agent" {
  filter     = "obj.id == '${ngrok_ip_restriction.test.id}'"
  depends_on = [ngrok_ip_restriction.test]
}
`),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.ngrok_ip_restriction.test", tfjsonpath.New("type"), knownvalue.StringExact("agent")),
				statecheck.ExpectKnownValue("data.ngrok_ip_restrictions.agent", tfjsonpath.New("ip_restrictions"), knownvalue.ListSizeExact(1)),
			},
		}},
	})
}

// An IP policy that an IP restriction names cannot be deleted
// (ERR_NGROK_1420). Terraform deletes a policy that leaves the configuration
// before it updates the restriction that stops naming it, unless the policy
// has create_before_destroy: with it the apply succeeds, without it the
// error says what to do, and two applies do it.
func TestAccIPRestriction_policyInUse(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	policy := func(name string, cbd bool) string {
		lifecycle := ""
		if cbd {
			lifecycle = "\n  lifecycle {\n    create_before_destroy = true\n  }"
		}
		return fmt.Sprintf("\nresource \"ngrok_ip_policy\" %q {\n  description = %q%s\n}\n", name, name, lifecycle)
	}
	restriction := func(names ...string) string {
		ids := make([]string, len(names))
		for i, n := range names {
			ids[i] = "ngrok_ip_policy." + n + ".id"
		}
		return fmt.Sprintf("\nresource \"ngrok_ip_restriction\" \"test\" {\n  type          = \"agent\"\n  ip_policy_ids = [%s]\n}\n",
			strings.Join(ids, ", "))
	}
	office, vpn, lab := policy("office", false), policy("vpn", true), policy("lab", false)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: mock.config(office + vpn + lab + restriction("office", "vpn", "lab"))},
			{
				// vpn has create_before_destroy: the restriction lets go first.
				Config: mock.config(office + lab + restriction("office", "lab")),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(testAccountIPRestrictionResource, plancheck.ResourceActionUpdate),
						plancheck.ExpectResourceAction("ngrok_ip_policy.vpn", plancheck.ResourceActionDestroy),
					},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
			},
			{
				// lab has not: its delete comes first, and is refused.
				Config: mock.config(office + restriction("office")),
				ExpectError: regexp.MustCompile(`(?s)Unable to Delete IP Policy.*409 Conflict with ERR_NGROK_1420.*` +
					`create_before_destroy\s*=\s*true`),
			},
			{
				// Two applies: the restriction lets go, then lab goes.
				Config: mock.config(office + lab + restriction("office")),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
			},
			{
				Config: mock.config(office + restriction("office")),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction("ngrok_ip_policy.lab", plancheck.ResourceActionDestroy)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
			},
		},
	})
}
