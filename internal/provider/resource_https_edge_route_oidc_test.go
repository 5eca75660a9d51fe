package provider

import (
	"context"
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
	"github.com/hashicorp/terraform-plugin-testing/terraform"
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

func TestAccHTTPSEdgeRouteOIDC_replaceOnRouteChange(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	f := seedEdgeRoutes(t, mock)
	differentID := statecheck.CompareValue(compare.ValuesDiffer())
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: mock.config(testAccOIDCConfig(f.edge, f.route, `client_secret = "s3cret"`)),
				ConfigStateChecks: []statecheck.StateCheck{
					differentID.AddStateValue(testOIDCResource, tfjsonpath.New("id")),
				},
			},
			{
				Config: mock.config(testAccOIDCConfig(f.edge, f.route2, `client_secret = "s3cret"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(testOIDCResource, plancheck.ResourceActionDestroyBeforeCreate),
					},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					differentID.AddStateValue(testOIDCResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testOIDCResource, tfjsonpath.New("id"), knownvalue.StringExact(f.edge+"/"+f.route2)),
					stateCheckFunc(func(ctx context.Context, _ func(string) (string, error)) error {
						// The module left the old route.
						if _, err := mock.client.GetHTTPSEdgeRouteOIDC(ctx, f.edge, f.route); !apiclient.IsNotFound(err) {
							return fmt.Errorf("the old route still has an OIDC module: %w", err)
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
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
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
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testOIDCResource, plancheck.ResourceActionUpdate)},
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
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testOIDCResource, plancheck.ResourceActionUpdate)},
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

func TestAccHTTPSEdgeRouteOIDC_disappears(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	f := seedEdgeRoutes(t, mock)
	deleteModule := func(*terraform.State) error {
		return mock.client.DeleteHTTPSEdgeRouteOIDC(context.Background(), f.edge, f.route)
	}
	config := mock.config(testAccOIDCConfig(f.edge, f.route, `client_secret = "s3cret"`))
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config,
				Check:  deleteModule,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PostApplyPostRefresh: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(testOIDCResource, plancheck.ResourceActionCreate),
					},
				},
				ExpectNonEmptyPlan: true,
			},
			{
				// Applying again re-creates the module.
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testOIDCResource, plancheck.ResourceActionCreate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					expectAPIOIDC(mock, f, func(m *apiclient.HTTPSEdgeRouteOIDC) error {
						if m.ClientSecret != "s3cret" {
							return fmt.Errorf("re-created module %+v", m)
						}
						return nil
					}),
				},
			},
		},
	})
}

func TestAccHTTPSEdgeRouteOIDC_unknownEdge(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	f := seedEdgeRoutes(t, mock)
	for name, ids := range map[string][2]string{
		"unknown edge":          {f.unknownEdge, f.route},
		"unknown route":         {f.edge, f.unknownRouteOfTheEdge},
		"route of another edge": {f.otherEdge, f.route},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
				Steps: []resource.TestStep{{
					Config: mock.config(testAccOIDCConfig(ids[0], ids[1], `client_secret = "s3cret"`)),
					ExpectError: regexp.MustCompile(`(?s)Unable to Create HTTPS Edge Route OIDC Module.*404.*No route\s+` +
						ids[1] + `\s+was\s+found\s+on\s+the\s+HTTPS\s+edge\s+` + ids[0] + `.*Check\s+edge_id\s+and\s+route_id`),
				}},
			})
		})
	}
}

func TestAccHTTPSEdgeRouteOIDC_edgesReadOnly(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	f := seedEdgeRoutes(t, mock)
	mock.server.SetEdgesReadOnly(true)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(testAccOIDCConfig(f.edge, f.route, `client_secret = "s3cret"`)),
			ExpectError: regexp.MustCompile(`(?s)Unable to Create HTTPS Edge Route OIDC Module.*ERR_NGROK_7196.*` +
				`ngrok\s+has\s+made\s+edges\s+read-only.*Cloud\s+endpoints\s+with\s+a\s+traffic\s+policy\s+replace\s+them`),
		}},
	})
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

func TestAccHTTPSEdgeRouteOIDC_importInvalidID(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	f := seedEdgeRoutes(t, mock)
	for name, id := range map[string]string{
		"edge only":        f.edge,
		"swapped":          f.route + "/" + f.edge,
		"extra segment":    f.edge + "/" + f.route + "/oidc",
		"other separator":  f.edge + ":" + f.route,
		"no prefix at all": "abc/def",
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
				Steps: []resource.TestStep{{
					Config: mock.config(fmt.Sprintf("import {\n  to = %s\n  id = %q\n}\n\n", testOIDCResource, id) +
						testAccOIDCConfig(f.edge, f.route, `client_secret = "s3cret"`)),
					ExpectError: regexp.MustCompile(`(?s)Invalid Import ID.*<edge_id>/<route_id>`),
				}},
			})
		})
	}
}

func TestAccHTTPSEdgeRouteOIDC_importModuleNotSet(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	f := seedEdgeRoutes(t, mock)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(fmt.Sprintf("import {\n  to = %s\n  id = %q\n}\n\n", testOIDCResource, f.edge+"/"+f.route) +
				testAccOIDCConfig(f.edge, f.route, `client_secret = "s3cret"`)),
			ExpectError: regexp.MustCompile(`Cannot import non-existent remote object`),
		}},
	})
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
