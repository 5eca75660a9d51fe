package provider

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

const testOIDCResource = "ngrok_https_edge_route_oidc.test"

// testAccOIDCConfig renders the resource with a default issuer and client_id
// unless attrs set them.
func testAccOIDCConfig(edgeID, routeID string, attrs ...string) string {
	var lines []string
	for _, base := range []string{`issuer    = "https://accounts.example.com"`, `client_id = "web-app"`} {
		name := strings.Fields(base)[0]
		if !slices.ContainsFunc(attrs, func(a string) bool { return strings.Fields(a)[0] == name }) {
			lines = append(lines, base)
		}
	}
	return moduleConfig("resource", "ngrok_https_edge_route_oidc", edgeID, routeID, append(lines, attrs...)...)
}

// requireWriteOnly makes a test that uses write-only attributes fail, not
// skip, on a Terraform older than 1.11.
var requireWriteOnly = []tfversion.TerraformVersionCheck{tfversion.RequireAbove(tfversion.Version1_11_0)}

func TestAccHTTPSEdgeRouteOIDC_basic(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	f := seedEdgeRoutes(t, mock)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: mock.config(testAccOIDCConfig(f.edge, f.route, `client_secret = "s3cret"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testOIDCResource, plancheck.ResourceActionCreate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(testOIDCResource, tfjsonpath.New("id"), knownvalue.StringExact(f.edge+"/"+f.route)),
					statecheck.ExpectKnownValue(testOIDCResource, tfjsonpath.New("edge_id"), knownvalue.StringExact(f.edge)),
					statecheck.ExpectKnownValue(testOIDCResource, tfjsonpath.New("route_id"), knownvalue.StringExact(f.route)),
					statecheck.ExpectKnownValue(testOIDCResource, tfjsonpath.New("enabled"), knownvalue.Bool(true)),
					statecheck.ExpectKnownValue(testOIDCResource, tfjsonpath.New("options_passthrough"), knownvalue.Bool(false)),
					statecheck.ExpectKnownValue(testOIDCResource, tfjsonpath.New("cookie_prefix"), knownvalue.StringExact("")),
					statecheck.ExpectKnownValue(testOIDCResource, tfjsonpath.New("inactivity_timeout"), knownvalue.Int64Exact(0)),
					statecheck.ExpectKnownValue(testOIDCResource, tfjsonpath.New("maximum_duration"), knownvalue.Int64Exact(0)),
					statecheck.ExpectKnownValue(testOIDCResource, tfjsonpath.New("issuer"), knownvalue.StringExact("https://accounts.example.com")),
					statecheck.ExpectKnownValue(testOIDCResource, tfjsonpath.New("client_id"), knownvalue.StringExact("web-app")),
					statecheck.ExpectKnownValue(testOIDCResource, tfjsonpath.New("client_secret"), knownvalue.StringExact("s3cret")),
					statecheck.ExpectKnownValue(testOIDCResource, tfjsonpath.New("client_secret_wo_version"), knownvalue.Null()),
					statecheck.ExpectKnownValue(testOIDCResource, tfjsonpath.New("scopes"), knownvalue.SetExact([]knownvalue.Check{})),
					expectSentModule(mock, f.edge, f.route, mockserver.ModuleOIDC, func(body map[string]any) error {
						if body["client_secret"] != "s3cret" || body["enabled"] != true || body["issuer"] != "https://accounts.example.com" {
							return fmt.Errorf("sent %v", body)
						}
						return nil
					}),
				},
			},
			{
				ResourceName:      testOIDCResource,
				ImportState:       true,
				ImportStateVerify: true,
			},
		},
	})
}

func TestAccHTTPSEdgeRouteOIDC_updateInPlace(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	f := seedEdgeRoutes(t, mock)
	sameID := statecheck.CompareValue(compare.ValuesSame())
	full := []string{
		`client_secret       = "s3cret"`,
		`enabled             = false`,
		`options_passthrough = true`,
		`cookie_prefix       = "corp-sso"`,
		`inactivity_timeout  = 1800`,
		`maximum_duration    = 4294967295`,
		`scopes              = ["openid", "email", "profile"]`,
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: mock.config(testAccOIDCConfig(f.edge, f.route, `client_secret = "s3cret"`)),
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testOIDCResource, tfjsonpath.New("id")),
				},
			},
			{
				Config: mock.config(testAccOIDCConfig(f.edge, f.route, full...)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testOIDCResource, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testOIDCResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testOIDCResource, tfjsonpath.New("enabled"), knownvalue.Bool(false)),
					statecheck.ExpectKnownValue(testOIDCResource, tfjsonpath.New("maximum_duration"), knownvalue.Int64Exact(4294967295)),
					statecheck.ExpectKnownValue(testOIDCResource, tfjsonpath.New("scopes"), knownvalue.SetExact([]knownvalue.Check{
						knownvalue.StringExact("email"), knownvalue.StringExact("openid"), knownvalue.StringExact("profile"),
					})),
					expectAPIOIDC(mock, f, func(m *apiclient.HTTPSEdgeRouteOIDC) error {
						if m.Enabled || !m.OptionsPassthrough || m.CookiePrefix != "corp-sso" || m.InactivityTimeout != 1800 ||
							m.MaximumDuration != 4294967295 || len(m.Scopes) != 3 || m.ClientSecret != "s3cret" {
							return fmt.Errorf("API holds %+v", m)
						}
						return nil
					}),
				},
			},
			{
				// Removing the optional settings resets them in the API: a PUT replaces the whole module.
				Config: mock.config(testAccOIDCConfig(f.edge, f.route, `client_secret = "s3cret"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testOIDCResource, plancheck.ResourceActionUpdate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testOIDCResource, tfjsonpath.New("id")),
					expectAPIOIDC(mock, f, func(m *apiclient.HTTPSEdgeRouteOIDC) error {
						if !m.Enabled || m.OptionsPassthrough || m.CookiePrefix != "" || m.MaximumDuration != 0 || len(m.Scopes) != 0 {
							return fmt.Errorf("API kept removed settings: %+v", m)
						}
						return nil
					}),
				},
			},
		},
	})
}

// The write-only secret reaches the API but never the state; changing the
// version sends it again; a change of the secret alone is invisible.
func TestAccHTTPSEdgeRouteOIDC_writeOnlySecret(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	f := seedEdgeRoutes(t, mock)
	woConfig := func(secret string, version int) string {
		return mock.config(testAccOIDCConfig(f.edge, f.route,
			fmt.Sprintf("client_secret_wo = %q", secret), fmt.Sprintf("client_secret_wo_version = %d", version)))
	}
	sent := func(secret string) statecheck.StateCheck {
		return expectSentModule(mock, f.edge, f.route, mockserver.ModuleOIDC, func(body map[string]any) error {
			if body["client_secret"] != secret {
				return fmt.Errorf("the API received client_secret %v, want %q", body["client_secret"], secret)
			}
			return nil
		})
	}
	sameID := statecheck.CompareValue(compare.ValuesSame())
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		TerraformVersionChecks:   requireWriteOnly,
		Steps: []resource.TestStep{
			{
				Config: woConfig("first-secret", 1),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(testOIDCResource, plancheck.ResourceActionCreate),
						secretNotInPlan("first-secret"),
					},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan(), secretNotInPlan("first-secret")},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testOIDCResource, tfjsonpath.New("id")),
					secretNotInState("first-secret"),
					statecheck.ExpectKnownValue(testOIDCResource, tfjsonpath.New("client_secret"), knownvalue.Null()),
					statecheck.ExpectKnownValue(testOIDCResource, tfjsonpath.New("client_secret_wo_version"), knownvalue.Int64Exact(1)),
					sent("first-secret"),
				},
			},
			{
				// Terraform cannot see a write-only value change: no plan, nothing sent.
				Config:   woConfig("unseen-secret", 1),
				PlanOnly: true,
			},
			{
				Config: woConfig("second-secret", 2),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(testOIDCResource, plancheck.ResourceActionUpdate),
						secretNotInPlan("first-secret", "second-secret"),
					},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testOIDCResource, tfjsonpath.New("id")),
					secretNotInState("second-secret"),
					secretNotInState("first-secret"),
					statecheck.ExpectKnownValue(testOIDCResource, tfjsonpath.New("client_secret_wo_version"), knownvalue.Int64Exact(2)),
					sent("second-secret"),
				},
			},
			{
				// Any update re-sends the secret, since a PUT replaces the whole module.
				Config: mock.config(testAccOIDCConfig(f.edge, f.route, `client_secret_wo = "second-secret"`,
					`client_secret_wo_version = 2`, `scopes = ["openid"]`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testOIDCResource, plancheck.ResourceActionUpdate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					secretNotInState("second-secret"),
					sent("second-secret"),
					expectSentModule(mock, f.edge, f.route, mockserver.ModuleOIDC, func(body map[string]any) error {
						if scopes, _ := body["scopes"].([]any); len(scopes) != 1 || scopes[0] != "openid" {
							return fmt.Errorf("sent scopes %v", body["scopes"])
						}
						return nil
					}),
				},
			},
			{
				// Switching to client_secret puts the secret in state, as documented.
				Config: mock.config(testAccOIDCConfig(f.edge, f.route, `client_secret = "plain-secret"`, `scopes = ["openid"]`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testOIDCResource, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testOIDCResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testOIDCResource, tfjsonpath.New("client_secret"), knownvalue.StringExact("plain-secret")),
					statecheck.ExpectKnownValue(testOIDCResource, tfjsonpath.New("client_secret_wo_version"), knownvalue.Null()),
					sent("plain-secret"),
				},
			},
			{
				// And back: the secret leaves the state again.
				Config: woConfig("third-secret", 3),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(testOIDCResource, plancheck.ResourceActionUpdate),
						plancheck.ExpectKnownValue(testOIDCResource, tfjsonpath.New("client_secret"), knownvalue.Null()),
						secretNotInPlan("third-secret"),
					},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan(), secretNotInPlan("third-secret", "plain-secret")},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					secretNotInState("third-secret"),
					secretNotInState("plain-secret"),
					sent("third-secret"),
				},
			},
		},
	})
}

// secretNotInPlan checks that none of the secrets appears anywhere in the
// values of the plan: planned values, prior state, changes. NOTE: the plan's
// copy of the configuration is left out: it quotes a literal secret of the
// test's configuration as written (a real configuration takes it from an
// ephemeral variable, which it shows as a reference).
func secretNotInPlan(secrets ...string) plancheck.PlanCheck { return planSecretCheck(secrets) }

type planSecretCheck []string

func (c planSecretCheck) CheckPlan(_ context.Context, req plancheck.CheckPlanRequest, resp *plancheck.CheckPlanResponse) {
	if req.Plan == nil {
		resp.Error = errors.New("no plan")
		return
	}
	values := *req.Plan
	values.Config = nil
	whole, err := json.Marshal(values)
	if err != nil {
		resp.Error = err
		return
	}
	for _, secret := range c {
		if strings.Contains(string(whole), secret) {
			resp.Error = fmt.Errorf("the secret %q appears in the plan", secret)
			return
		}
	}
}

// secretNotInState checks, for the OIDC resource under test, that client_secret is null, that client_secret_wo
// is absent or null, and that the secret appears nowhere in the state.
func secretNotInState(secret string) statecheck.StateCheck {
	return stateAttributesCheck{address: testOIDCResource, check: func(attrs map[string]any, whole string) error {
		if v := attrs["client_secret"]; v != nil {
			return fmt.Errorf("client_secret is %v in state, want null", v)
		}
		if v, present := attrs["client_secret_wo"]; present && v != nil {
			return fmt.Errorf("client_secret_wo is %v in state, want absent", v)
		}
		if strings.Contains(whole, secret) {
			return fmt.Errorf("the secret %q appears in the state", secret)
		}
		return nil
	}}
}

func TestAccHTTPSEdgeRouteOIDC_invalidConfig(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	f := seedEdgeRoutes(t, mock)
	for name, tc := range map[string]struct {
		edge, route string
		attrs       []string
		want        string
	}{
		"no secret":               {f.edge, f.route, nil, `(?s)Missing Attribute Configuration.*Exactly one of these attributes must be\s+configured:\s+\[client_secret,client_secret_wo\]`},
		"both secrets":            {f.edge, f.route, []string{`client_secret = "a"`, `client_secret_wo = "b"`, `client_secret_wo_version = 1`}, `(?s)Invalid Attribute Combination.*Exactly one of these attributes must be\s+configured:\s+\[client_secret,client_secret_wo\]`},
		"write-only sans version": {f.edge, f.route, []string{`client_secret_wo = "b"`}, `(?s)client_secret_wo = "b".*must be configured together:\s+\[client_secret_wo,client_secret_wo_version\]`},
		"version sans write-only": {f.edge, f.route, []string{`client_secret = "a"`, `client_secret_wo_version = 1`}, `(?s)client_secret_wo_version = 1.*must be configured together:\s+\[client_secret_wo,client_secret_wo_version\]`},
		"empty secret":            {f.edge, f.route, []string{`client_secret = ""`}, `(?s)client_secret.*at\s+least\s+1`},
		"http issuer":             {f.edge, f.route, []string{`client_secret = "a"`, `issuer = "http://accounts.example.com"`}, `(?s)Invalid HTTPS URL.*http://accounts\.example\.com`},
		"timeout above uint32":    {f.edge, f.route, []string{`client_secret = "a"`, `inactivity_timeout = 4294967296`}, `(?s)inactivity_timeout.*between\s+0\s+and\s+4294967295`},
		"negative duration":       {f.edge, f.route, []string{`client_secret = "a"`, `maximum_duration = -1`}, `(?s)maximum_duration.*between\s+0\s+and\s+4294967295`},
		"scope with a space":      {f.edge, f.route, []string{`client_secret = "a"`, `scopes = ["openid email"]`}, `(?s)scopes.*must\s+be\s+an\s+OAuth\s+scope`},
		"cookie prefix with ;":    {f.edge, f.route, []string{`client_secret = "a"`, `cookie_prefix = "a;b"`}, `(?s)cookie_prefix.*cookie\s+name`},
		"empty client_id":         {f.edge, f.route, []string{`client_secret = "a"`, `client_id = ""`}, `(?s)client_id.*at\s+least\s+1`},
		"edge ID of a route":      {f.route, f.route, []string{`client_secret = "a"`}, `(?s)edge_id.*must\s+be\s+the\s+ID\s+of\s+an\s+HTTPS\s+edge`},
		"route ID of an edge":     {f.edge, f.edge, []string{`client_secret = "a"`}, `(?s)route_id.*must\s+be\s+the\s+ID\s+of\s+an\s+HTTPS\s+edge\s+route`},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
				TerraformVersionChecks:   requireWriteOnly,
				Steps: []resource.TestStep{{
					Config:      mock.config(testAccOIDCConfig(tc.edge, tc.route, tc.attrs...)),
					PlanOnly:    true,
					ExpectError: regexp.MustCompile(tc.want),
				}},
			})
		})
	}
}

// expectAPIOIDC checks the module as the API holds it.
func expectAPIOIDC(mock *testMock, f edgeRouteFixture, check func(*apiclient.HTTPSEdgeRouteOIDC) error) statecheck.StateCheck {
	return stateCheckFunc(func(ctx context.Context, _ func(string) (string, error)) error {
		m, err := mock.client.GetHTTPSEdgeRouteOIDC(ctx, f.edge, f.route)
		if err != nil {
			return err
		}
		return check(m)
	})
}

// An import reads the secret the API returns into client_secret, so a
// configuration with the same client_secret imports with no change. NOTE:
// configuration generated by plan -generate-config-out cannot: Terraform
// writes every sensitive attribute there as `null # sensitive`, so the
// generated block has neither secret, which the resource refuses (exactly
// one is required) until the user writes the secret in.
func TestAccHTTPSEdgeRouteOIDC_import(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	f := seedEdgeRoutes(t, mock)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: mock.config(testAccOIDCConfig(f.edge, f.route, `client_secret = "s3cret"`, `scopes = ["openid"]`,
					`cookie_prefix = "corp"`, `enabled = false`)),
			},
			{
				ResourceName:    testOIDCResource,
				ImportState:     true,
				ImportStateKind: resource.ImportBlockWithID,
			},
			{
				ResourceName:    testOIDCResource,
				ImportState:     true,
				ImportStateKind: resource.ImportBlockWithID,
				GenerateConfig:  true,
				ExpectError: regexp.MustCompile(`(?s)Missing Attribute Configuration.*generated.*Exactly one of these attributes must be\s+` +
					`configured:\s+\[client_secret,client_secret_wo\]`),
			},
		},
	})
}

// Importing into a configuration that uses client_secret_wo: the import
// reads the API's secret, and the plan updates the module, which sends the
// configured secret and leaves neither in the state.
func TestAccHTTPSEdgeRouteOIDC_importWriteOnly(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	f := seedEdgeRoutes(t, mock)
	if _, err := mock.client.ReplaceHTTPSEdgeRouteOIDC(context.Background(), f.edge, f.route, &apiclient.HTTPSEdgeRouteOIDCReplace{
		Issuer: "https://accounts.example.com", ClientID: "web-app", ClientSecret: "set-outside",
	}); err != nil {
		t.Fatal(err)
	}
	config := mock.config(importBlock(testOIDCResource, f.edge+"/"+f.route) + testAccOIDCConfig(f.edge, f.route,
		`client_secret_wo = "configured"`, `client_secret_wo_version = 1`))
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		TerraformVersionChecks:   requireWriteOnly,
		Steps: []resource.TestStep{{
			Config: config,
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(testOIDCResource, plancheck.ResourceActionUpdate),
					plancheck.ExpectKnownValue(testOIDCResource, tfjsonpath.New("client_secret"), knownvalue.Null()),
					plancheck.ExpectKnownValue(testOIDCResource, tfjsonpath.New("client_secret_wo_version"), knownvalue.Int64Exact(1)),
					secretNotInPlan("configured"),
				},
				PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan(), secretNotInPlan("configured", "set-outside")},
			},
			ConfigStateChecks: []statecheck.StateCheck{
				secretNotInState("configured"),
				secretNotInState("set-outside"),
				statecheck.ExpectKnownValue(testOIDCResource, tfjsonpath.New("client_secret_wo_version"), knownvalue.Int64Exact(1)),
				expectSentModule(mock, f.edge, f.route, mockserver.ModuleOIDC, func(body map[string]any) error {
					if body["client_secret"] != "configured" {
						return fmt.Errorf("the API received client_secret %v, want the configured one", body["client_secret"])
					}
					return nil
				}),
			},
		}},
	})
}

// A secret changed outside Terraform shows as a change with client_secret,
// which the API returns, and applying restores the configured one. With
// client_secret_wo it cannot show: the state holds no secret to compare.
func TestAccHTTPSEdgeRouteOIDC_secretChangedOutside(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	f := seedEdgeRoutes(t, mock)
	changeOutside := func(t *testing.T, routeID string) func() {
		return func() {
			if _, err := mock.client.ReplaceHTTPSEdgeRouteOIDC(context.Background(), f.edge, routeID, &apiclient.HTTPSEdgeRouteOIDCReplace{
				Issuer: "https://accounts.example.com", ClientID: "web-app", ClientSecret: "changed-outside",
			}); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Run("client_secret", func(t *testing.T) {
		t.Parallel()
		config := mock.config(testAccOIDCConfig(f.edge, f.route, `client_secret = "s3cret"`))
		resource.Test(t, resource.TestCase{
			ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
			Steps: []resource.TestStep{
				{Config: config},
				{
					PreConfig: changeOutside(t, f.route),
					Config:    config,
					ConfigPlanChecks: resource.ConfigPlanChecks{
						PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testOIDCResource, plancheck.ResourceActionUpdate)},
					},
					ConfigStateChecks: []statecheck.StateCheck{
						statecheck.ExpectKnownValue(testOIDCResource, tfjsonpath.New("client_secret"), knownvalue.StringExact("s3cret")),
						expectAPIOIDC(mock, f, func(m *apiclient.HTTPSEdgeRouteOIDC) error {
							if m.ClientSecret != "s3cret" {
								return fmt.Errorf("the API holds client_secret %q, want the configured one", m.ClientSecret)
							}
							return nil
						}),
					},
				},
			},
		})
	})
	t.Run("client_secret_wo", func(t *testing.T) {
		t.Parallel()
		config := mock.config(testAccOIDCConfig(f.edge, f.route2, `client_secret_wo = "s3cret"`, `client_secret_wo_version = 1`))
		resource.Test(t, resource.TestCase{
			ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
			TerraformVersionChecks:   requireWriteOnly,
			Steps: []resource.TestStep{
				{Config: config},
				{
					PreConfig: changeOutside(t, f.route2),
					Config:    config,
					PlanOnly:  true,
				},
			},
		})
	})
}
