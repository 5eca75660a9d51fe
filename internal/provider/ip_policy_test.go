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
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

func TestIPPolicyModel(t *testing.T) {
	t.Parallel()
	m, _ := ipPolicyModelFromAPI(&apiclient.IPPolicy{ID: "ipp_1", URI: "u", CreatedAt: "t", Description: "d", Metadata: ""})
	if c := m.toCreate(); *c != (apiclient.IPPolicyCreate{Description: "d"}) {
		t.Errorf("create %+v", c)
	}
	if u := m.toUpdate(); *u.Description != "d" || *u.Metadata != "" {
		t.Errorf("update %+v", u)
	}
}

const testIPPolicyResource = "ngrok_ip_policy.test"

var ipPolicyIDPattern = regexp.MustCompile(`^ipp_[0-9A-Za-z]+$`)

func testAccIPPolicyConfig(attrs ...string) string {
	return "resource \"ngrok_ip_policy\" \"test\" {\n  " + strings.Join(attrs, "\n  ") + "\n}\n"
}

// deleteObjectInAPI deletes the resource's object behind Terraform's back,
// as a colleague in the dashboard would, with del.
func deleteObjectInAPI(address string, del func(ctx context.Context, id string) error) resource.TestCheckFunc {
	return func(s *terraform.State) error {
		rs, ok := s.RootModule().Resources[address]
		if !ok {
			return fmt.Errorf("%s not in state", address)
		}
		return del(context.Background(), rs.Primary.ID)
	}
}

func TestAccIPPolicy_basic(t *testing.T) {
	t.Parallel()
	mock := newTestAccount(t)
	office := mock.acc.Name("office")
	sameID := statecheck.CompareValue(compare.ValuesSame())
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: mock.config(testAccIPPolicyConfig(fmt.Sprintf(`description = %q`, office))),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testIPPolicyResource, plancheck.ResourceActionCreate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testIPPolicyResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testIPPolicyResource, tfjsonpath.New("id"), knownvalue.StringRegexp(ipPolicyIDPattern)),
					statecheck.ExpectKnownValue(testIPPolicyResource, tfjsonpath.New("uri"), knownvalue.StringRegexp(
						regexp.MustCompile("^"+regexp.QuoteMeta(mock.url)+`/ip_policies/ipp_`))),
					statecheck.ExpectKnownValue(testIPPolicyResource, tfjsonpath.New("created_at"), knownvalue.StringRegexp(
						regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$`))),
					statecheck.ExpectKnownValue(testIPPolicyResource, tfjsonpath.New("description"), knownvalue.StringExact(office)),
					statecheck.ExpectKnownValue(testIPPolicyResource, tfjsonpath.New("metadata"), knownvalue.StringExact("")),
				},
			},
			{
				Config: mock.config(testAccIPPolicyConfig(fmt.Sprintf(`description = %q`, office+" and VPN"), `metadata = jsonencode({ team = "net" })`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testIPPolicyResource, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testIPPolicyResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testIPPolicyResource, tfjsonpath.New("metadata"), knownvalue.StringExact(`{"team":"net"}`)),
				},
			},
			{
				// Removing metadata clears it in the API.
				// NOTE: the description stays: it carries the run's prefix,
				// by which the sweepers find what an interrupted run left.
				Config: mock.config(testAccIPPolicyConfig(fmt.Sprintf(`description = %q`, office))),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testIPPolicyResource, plancheck.ResourceActionUpdate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testIPPolicyResource, tfjsonpath.New("id")),
					stateCheckFunc(func(ctx context.Context, id func(string) (string, error)) error {
						pid, err := id(testIPPolicyResource)
						if err != nil {
							return err
						}
						p, err := apiclient.IPPolicies.Get(ctx, mock.client, pid)
						if err != nil {
							return err
						}
						if p.Description != office || p.Metadata != "" {
							return fmt.Errorf("API has description %q and metadata %q", p.Description, p.Metadata)
						}
						return nil
					}),
				},
			},
			{ResourceName: testIPPolicyResource, ImportState: true, ImportStateVerify: true},
			{ResourceName: testIPPolicyResource, ImportState: true, ImportStateKind: resource.ImportBlockWithID, GenerateConfig: true},
		},
	})
}

func TestAccIPPolicy_importPlansNoChange(t *testing.T) {
	t.Parallel()
	mock := newTestAccount(t)
	description := mock.acc.Name("made in the dashboard")
	p, err := apiclient.IPPolicies.Create(context.Background(), mock.client, &apiclient.IPPolicyCreate{
		Description: description, Metadata: "{\n  \"team\": \"net\"\n}",
	})
	if err != nil {
		t.Fatal(err)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(importBlock(testIPPolicyResource, p.ID) +
				testAccIPPolicyConfig(fmt.Sprintf(`description = %q`, description), `metadata = jsonencode({ team = "net" })`)),
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testIPPolicyResource, plancheck.ResourceActionNoop)},
			},
		}},
	})
}

func TestAccIPPolicy_importInvalidID(t *testing.T) {
	t.Parallel()
	mock := newTestAccount(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config:      mock.config(importBlock(testIPPolicyResource, "cert_2hHGVyb5ZT6WQm1uXnLfNc8Ykam") + testAccIPPolicyConfig()),
			ExpectError: regexp.MustCompile(`(?s)Invalid Import ID.*ID of an IP policy, such as\s+ipp_.*ngrok_ip_policies data\s+source`),
		}},
	})
}

func TestAccIPPolicy_importUnknownID(t *testing.T) {
	t.Parallel()
	mock := newTestAccount(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config:      mock.config(importBlock(testIPPolicyResource, "ipp_2hHGVyb5ZT6WQm1uXnLfNc8Ykam") + testAccIPPolicyConfig()),
			ExpectError: regexp.MustCompile(`Cannot import non-existent remote object`),
		}},
	})
}

func TestAccIPPolicy_disappears(t *testing.T) {
	t.Parallel()
	mock := newTestAccount(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			// NOTE: the destroy that ends the test deletes it once more and
			// must take the API's 404 as success.
			Config: mock.config(testAccIPPolicyConfig(fmt.Sprintf(`description = %q`, mock.acc.Name("gone")))),
			Check: deleteObjectInAPI(testIPPolicyResource, func(ctx context.Context, id string) error {
				return apiclient.IPPolicies.Delete(ctx, mock.client, id)
			}),
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testIPPolicyResource, plancheck.ResourceActionCreate)},
			},
			ExpectNonEmptyPlan: true,
		}},
	})
}

func TestAccIPPolicy_invalidConfig(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		attrs []string
		want  string
	}{
		"description too long": {[]string{`description = "` + strings.Repeat("é", 128) + `"`}, `(?s)description.*at most 255`},
		"metadata too long":    {[]string{`metadata = "` + strings.Repeat("x", 4097) + `"`}, `(?s)metadata.*at most 4096`},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			mock := newTestMock(t)
			testAccExpectPlanError(t, mock.config(testAccIPPolicyConfig(tc.attrs...)), tc.want)
		})
	}
}

func TestAccIPPolicy_identity(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		TerraformVersionChecks:   requireIdentity,
		Steps: identitySteps(testIPPolicyResource, map[string]knownvalue.Check{"id": knownvalue.StringRegexp(ipPolicyIDPattern)},
			mock.config(testAccIPPolicyConfig(`description = "a"`)),
			mock.config(testAccIPPolicyConfig(`description = "b"`))),
	})
}

// The data sources read what the resource manages: one by ID, and the
// list, filtered by the API.
func TestAccIPPolicyDataSources(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	config := mock.config(testAccIPPolicyConfig(`description = "office"`, `metadata = "m"`) + `
resource "ngrok_ip_policy" "other" {
  description = "vpn"
}

data "ngrok_ip_policy" "test" {
  id = ngrok_ip_policy.test.id
}

data "ngrok_ip_policies" "office" {
  filter     = "obj.description == 'office'"
  depends_on = [ngrok_ip_policy.test, ngrok_ip_policy.other]
}

data "ngrok_ip_policies" "all" {
  depends_on = [ngrok_ip_policy.test, ngrok_ip_policy.other]
}
`)
	same := statecheck.CompareValue(compare.ValuesSame())
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: config,
			ConfigStateChecks: []statecheck.StateCheck{
				same.AddStateValue(testIPPolicyResource, tfjsonpath.New("uri")),
				same.AddStateValue("data.ngrok_ip_policy.test", tfjsonpath.New("uri")),
				same.AddStateValue("data.ngrok_ip_policies.office", tfjsonpath.New("ip_policies").AtSliceIndex(0).AtMapKey("uri")),
				statecheck.ExpectKnownValue("data.ngrok_ip_policy.test", tfjsonpath.New("description"), knownvalue.StringExact("office")),
				statecheck.ExpectKnownValue("data.ngrok_ip_policy.test", tfjsonpath.New("metadata"), knownvalue.StringExact("m")),
				statecheck.ExpectKnownValue("data.ngrok_ip_policies.office", tfjsonpath.New("ip_policies"), knownvalue.ListSizeExact(1)),
				statecheck.ExpectKnownValue("data.ngrok_ip_policies.all", tfjsonpath.New("ip_policies"), knownvalue.ListSizeExact(2)),
				statecheck.ExpectKnownValue("data.ngrok_ip_policies.office", tfjsonpath.New("filter"), knownvalue.StringExact("obj.description == 'office'")),
			},
		}},
	})
}

func TestAccIPPolicyDataSource_notFound(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config:      mock.config(`data "ngrok_ip_policy" "x" { id = "ipp_2hHGVyb5ZT6WQm1uXnLfNc8Ykam" }`),
			ExpectError: regexp.MustCompile(`(?s)Unable to Read IP Policy.*404`),
		}},
	})
}

func TestAccIPPolicyListResource(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	p, err := apiclient.IPPolicies.Create(context.Background(), mock.client, &apiclient.IPPolicyCreate{Description: "made elsewhere"})
	if err != nil {
		t.Fatal(err)
	}
	resource.Test(t, resource.TestCase{
		TerraformVersionChecks:   queryVersionChecks,
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: mock.config(testAccIPPolicyConfig(`description = "managed"`))},
			{
				Query: true,
				Config: listBlock("ngrok_ip_policy", "all", "  include_resource = true\n") +
					listBlock("ngrok_ip_policy", "managed", "  config {\n    filter = \"obj.description == 'managed'\"\n  }\n"),
				QueryResultChecks: []querycheck.QueryResultCheck{
					querycheck.ExpectLength("ngrok_ip_policy.all", 2),
					querycheck.ExpectResourceDisplayName("ngrok_ip_policy.all", byID(p.ID), knownvalue.StringExact("made elsewhere: "+p.ID)),
					querycheck.ExpectResourceKnownValues("ngrok_ip_policy.all", byID(p.ID), []querycheck.KnownValueCheck{
						knownValue("description", knownvalue.StringExact("made elsewhere")),
						knownValue("uri", knownvalue.StringExact(p.URI)),
					}),
					querycheck.ExpectLength("ngrok_ip_policy.managed", 1),
				},
			},
		},
	})
}

// An edge route's IP restriction takes the policies of the same
// configuration, with their rules.
func TestAccIPPolicy_edgeRouteIPRestriction(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	f := seedEdgeRoutes(t, mock)
	config := mock.config(testAccIPPolicyConfig(`description = "office"`) + `
resource "ngrok_ip_policy_rule" "office" {
  ip_policy_id = ngrok_ip_policy.test.id
  cidr         = "203.0.113.0/24"
  action       = "allow"
}
` + testAccIPRestrictionConfig(f.edge, f.route, "ip_policy_ids = [ngrok_ip_policy.test.id]"))
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: config,
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
			},
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.CompareValueCollection(testIPRestrictionResource, []tfjsonpath.Path{tfjsonpath.New("ip_policy_ids")},
					testIPPolicyResource, tfjsonpath.New("id"), compare.ValuesSame()),
				statecheck.ExpectKnownValue(testIPRestrictionResource, tfjsonpath.New("ip_policy_ids"), knownvalue.SetSizeExact(1)),
			},
		}},
	})
}
