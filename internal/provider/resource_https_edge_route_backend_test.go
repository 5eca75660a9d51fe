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

const testBackendResource = "ngrok_https_edge_route_backend.test"

func testAccBackendConfig(edgeID, routeID string, attrs ...string) string {
	return moduleConfig("resource", "ngrok_https_edge_route_backend", edgeID, routeID, attrs...)
}

func TestAccHTTPSEdgeRouteBackend_basic(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	f := seedEdgeRoutes(t, mock)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: mock.config(testAccBackendConfig(f.edge, f.route, fmt.Sprintf("backend_id = %q", f.backend))),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testBackendResource, plancheck.ResourceActionCreate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(testBackendResource, tfjsonpath.New("id"), knownvalue.StringExact(f.edge+"/"+f.route)),
					statecheck.ExpectKnownValue(testBackendResource, tfjsonpath.New("enabled"), knownvalue.Bool(true)),
					statecheck.ExpectKnownValue(testBackendResource, tfjsonpath.New("backend_id"), knownvalue.StringExact(f.backend)),
					expectSentModule(mock, f.edge, f.route, mockserver.ModuleBackend, func(body map[string]any) error {
						if body["backend_id"] != f.backend || body["enabled"] != true {
							return fmt.Errorf("sent %v", body)
						}
						return nil
					}),
				},
			},
			{
				ResourceName:      testBackendResource,
				ImportState:       true,
				ImportStateVerify: true,
			},
			{
				// The configuration that plan -generate-config-out writes imports with no change.
				ResourceName:    testBackendResource,
				ImportState:     true,
				ImportStateKind: resource.ImportBlockWithID,
				GenerateConfig:  true,
			},
		},
	})
}

func TestAccHTTPSEdgeRouteBackend_updateInPlace(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	f := seedEdgeRoutes(t, mock)
	sameID := statecheck.CompareValue(compare.ValuesSame())
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config:            mock.config(testAccBackendConfig(f.edge, f.route, fmt.Sprintf("backend_id = %q", f.backend))),
				ConfigStateChecks: []statecheck.StateCheck{sameID.AddStateValue(testBackendResource, tfjsonpath.New("id"))},
			},
			{
				// Another backend, and disabled: both change in place.
				Config: mock.config(testAccBackendConfig(f.edge, f.route, fmt.Sprintf("backend_id = %q", f.backend2), "enabled = false")),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testBackendResource, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testBackendResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testBackendResource, tfjsonpath.New("backend_id"), knownvalue.StringExact(f.backend2)),
					statecheck.ExpectKnownValue(testBackendResource, tfjsonpath.New("enabled"), knownvalue.Bool(false)),
					stateCheckFunc(func(ctx context.Context, _ func(string) (string, error)) error {
						m, err := mock.client.GetHTTPSEdgeRouteBackend(ctx, f.edge, f.route)
						if err != nil {
							return err
						}
						if m.Enabled || m.Backend.ID != f.backend2 {
							return fmt.Errorf("API holds %+v", m)
						}
						return nil
					}),
				},
			},
		},
	})
}

func TestAccHTTPSEdgeRouteBackend_unknownBackend(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	f := seedEdgeRoutes(t, mock)
	const unknown = "bkdtg_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(testAccBackendConfig(f.edge, f.route, fmt.Sprintf("backend_id = %q", unknown))),
			ExpectError: regexp.MustCompile(`(?s)Unable to Create HTTPS Edge Route Backend Module.*400.*ERR_NGROK_6501.*` +
				unknown + `.*Operation\s+ID:\s+op_`),
		}},
	})
}

func TestAccHTTPSEdgeRouteBackend_invalidConfig(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	f := seedEdgeRoutes(t, mock)
	for name, tc := range map[string]struct {
		attrs []string
		want  string
	}{
		"no backend":             {nil, `(?s)argument "backend_id" is required`},
		"IP policy as a backend": {[]string{fmt.Sprintf("backend_id = %q", f.ipPolicy)}, `(?s)backend_id.*must\s+be\s+the\s+ID\s+of\s+a\s+backend.*bkdtg_`},
		"empty backend":          {[]string{`backend_id = ""`}, `(?s)backend_id.*must\s+be\s+the\s+ID\s+of\s+a\s+backend`},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			testAccExpectPlanError(t, mock.config(testAccBackendConfig(f.edge, f.route, tc.attrs...)), tc.want)
		})
	}
}
