package provider

import (
	"context"
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

const testIPRestrictionResource = "ngrok_https_edge_route_ip_restriction.test"

func testAccIPRestrictionConfig(edgeID, routeID string, attrs ...string) string {
	return moduleConfig("resource", "ngrok_https_edge_route_ip_restriction", edgeID, routeID, attrs...)
}

func TestAccHTTPSEdgeRouteIPRestriction_basic(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	f := seedEdgeRoutes(t, mock)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: mock.config(testAccIPRestrictionConfig(f.edge, f.route,
					fmt.Sprintf("ip_policy_ids = [%q, %q]", f.ipPolicy, f.ipPolicy2))),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testIPRestrictionResource, plancheck.ResourceActionCreate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(testIPRestrictionResource, tfjsonpath.New("id"), knownvalue.StringExact(f.edge+"/"+f.route)),
					statecheck.ExpectKnownValue(testIPRestrictionResource, tfjsonpath.New("enabled"), knownvalue.Bool(true)),
					statecheck.ExpectKnownValue(testIPRestrictionResource, tfjsonpath.New("ip_policy_ids"), knownvalue.SetExact([]knownvalue.Check{
						knownvalue.StringExact(f.ipPolicy), knownvalue.StringExact(f.ipPolicy2),
					})),
					expectSentModule(mock, f.edge, f.route, mockserver.ModuleIPRestriction, func(body map[string]any) error {
						if ids, _ := body["ip_policy_ids"].([]any); len(ids) != 2 {
							return fmt.Errorf("sent %v", body)
						}
						return nil
					}),
				},
			},
			{
				ResourceName:      testIPRestrictionResource,
				ImportState:       true,
				ImportStateVerify: true,
			},
			{
				// The configuration that plan -generate-config-out writes imports with no change.
				ResourceName:    testIPRestrictionResource,
				ImportState:     true,
				ImportStateKind: resource.ImportBlockWithID,
				GenerateConfig:  true,
			},
		},
	})
}

func TestAccHTTPSEdgeRouteIPRestriction_updateInPlace(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	f := seedEdgeRoutes(t, mock)
	sameID := statecheck.CompareValue(compare.ValuesSame())
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: mock.config(testAccIPRestrictionConfig(f.edge, f.route,
					fmt.Sprintf("ip_policy_ids = [%q, %q]", f.ipPolicy, f.ipPolicy2))),
				ConfigStateChecks: []statecheck.StateCheck{sameID.AddStateValue(testIPRestrictionResource, tfjsonpath.New("id"))},
			},
			{
				// The order of a set is no change.
				Config: mock.config(testAccIPRestrictionConfig(f.edge, f.route,
					fmt.Sprintf("ip_policy_ids = [%q, %q]", f.ipPolicy2, f.ipPolicy))),
				PlanOnly: true,
			},
			{
				Config: mock.config(testAccIPRestrictionConfig(f.edge, f.route,
					fmt.Sprintf("ip_policy_ids = [%q]", f.ipPolicy2), "enabled = false")),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testIPRestrictionResource, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testIPRestrictionResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testIPRestrictionResource, tfjsonpath.New("ip_policy_ids"), knownvalue.SetExact([]knownvalue.Check{
						knownvalue.StringExact(f.ipPolicy2),
					})),
					stateCheckFunc(func(ctx context.Context, _ func(string) (string, error)) error {
						m, err := mock.client.GetHTTPSEdgeRouteIPRestriction(ctx, f.edge, f.route)
						if err != nil {
							return err
						}
						if m.Enabled || len(m.IPPolicies) != 1 || m.IPPolicies[0].ID != f.ipPolicy2 {
							return fmt.Errorf("API holds %+v", m)
						}
						return nil
					}),
				},
			},
		},
	})
}

func TestAccHTTPSEdgeRouteIPRestriction_invalidConfig(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	f := seedEdgeRoutes(t, mock)
	for name, tc := range map[string]struct {
		attrs []string
		want  string
	}{
		"no policies":             {nil, `(?s)argument "ip_policy_ids" is required`},
		"empty set":               {[]string{"ip_policy_ids = []"}, `(?s)ip_policy_ids.*at\s+least\s+1`},
		"backend as a policy":     {[]string{fmt.Sprintf("ip_policy_ids = [%q]", f.backend)}, `(?s)ip_policy_ids.*must\s+be\s+the\s+ID\s+of\s+an\s+IP\s+policy.*ipp_`},
		"one good, one not an ID": {[]string{fmt.Sprintf("ip_policy_ids = [%q, \"office\"]", f.ipPolicy)}, `(?s)ip_policy_ids.*must\s+be\s+the\s+ID\s+of\s+an\s+IP\s+policy`},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			testAccExpectPlanError(t, mock.config(testAccIPRestrictionConfig(f.edge, f.route, tc.attrs...)), tc.want)
		})
	}
}

func TestAccHTTPSEdgeRouteIPRestriction_unknownPolicy(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	f := seedEdgeRoutes(t, mock)
	const unknown = "ipp_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config:      mock.config(testAccIPRestrictionConfig(f.edge, f.route, fmt.Sprintf("ip_policy_ids = [%q]", unknown))),
			ExpectError: regexp.MustCompile(`(?s)Unable to Create HTTPS Edge Route IP Restriction Module.*ERR_NGROK_7007.*` + unknown),
		}},
	})
}
