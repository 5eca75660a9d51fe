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

func TestServiceUserModel(t *testing.T) {
	t.Parallel()
	m, _ := userModelFromAPI(&apiclient.ServiceUser{ID: "service_1", Name: "ci", Active: false})
	if c := m.toCreate(); c.Name != "ci" || c.Active == nil || *c.Active {
		t.Errorf("create %+v", c)
	}
	if u := m.toUpdate(); *u.Name != "ci" || *u.Active {
		t.Errorf("update %+v", u)
	}
}

func testAccUserConfig(typ string, attrs ...string) string {
	return "resource \"" + typ + "\" \"test\" {\n  " + strings.Join(attrs, "\n  ") + "\n}\n"
}

// testAccUserLifecycle runs the life of a service or bot user: create,
// deactivate and rename in place, import, deleted outside Terraform.
func testAccUserLifecycle(t *testing.T, typ, prefix string, api *apiclient.Collection[apiclient.ServiceUser, apiclient.ServiceUserCreate, apiclient.ServiceUserUpdate]) {
	mock := newTestAccount(t)
	address := typ + ".test"
	sameID := statecheck.CompareValue(compare.ValuesSame())
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: mock.config(testAccUserConfig(typ, fmt.Sprintf("name = %q", mock.acc.Name("ci")))),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(address, plancheck.ResourceActionCreate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(address, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(address, tfjsonpath.New("id"), knownvalue.StringRegexp(regexp.MustCompile("^"+prefix+`[0-9A-Za-z]{27}$`))),
					statecheck.ExpectKnownValue(address, tfjsonpath.New("active"), knownvalue.Bool(true)),
					statecheck.ExpectKnownValue(address, tfjsonpath.New("name"), knownvalue.StringExact(mock.acc.Name("ci"))),
				},
			},
			{
				Config: mock.config(testAccUserConfig(typ, fmt.Sprintf("name = %q", mock.acc.Name("deploy")), `active = false`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(address, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(address, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(address, tfjsonpath.New("active"), knownvalue.Bool(false)),
				},
			},
			{ResourceName: address, ImportState: true, ImportStateVerify: true},
			{
				Config: mock.config(testAccUserConfig(typ, fmt.Sprintf("name = %q", mock.acc.Name("deploy")), `active = false`)),
				Check: deleteObjectInAPI(address, func(ctx context.Context, id string) error {
					return api.Delete(ctx, mock.client, id)
				}),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectResourceAction(address, plancheck.ResourceActionCreate)},
				},
				ExpectNonEmptyPlan: true,
			},
		},
	})
}

func TestAccServiceUser_basic(t *testing.T) {
	t.Parallel()
	testAccUserLifecycle(t, "ngrok_service_user", "service_", apiclient.ServiceUsers)
}

func TestAccServiceUser_identity(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		TerraformVersionChecks:   requireIdentity,
		Steps: identitySteps("ngrok_service_user.test", map[string]knownvalue.Check{"id": knownvalue.StringRegexp(regexp.MustCompile(`^service_`))},
			mock.config(testAccUserConfig("ngrok_service_user", `name = "a"`)),
			mock.config(testAccUserConfig("ngrok_service_user", `name = "b"`))),
	})
}

// ngrok/ngrok v0.8's ngrok_service_user made bot users (bot_ IDs, through
// /bot_users), the API's older name for service users: one is imported into
// ngrok_service_user by its bot_ ID, plans nothing, changes in place through
// /service_users, and the data source reads it by that ID.
func TestAccServiceUser_botUserID(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	ctx := context.Background()
	bot, err := apiclient.BotUsers.Create(ctx, mock.client, &apiclient.ServiceUserCreate{Name: "legacy"})
	if err != nil {
		t.Fatal(err)
	}
	const address = "ngrok_service_user.test"
	config := func(attrs ...string) string {
		return mock.config(testAccUserConfig("ngrok_service_user", attrs...) + `
data "ngrok_service_user" "test" {
  id = ngrok_service_user.test.id
}
`)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config(`name = "legacy"`), ResourceName: address,
				ImportState: true, ImportStateId: bot.ID, ImportStatePersist: true,
			},
			{
				Config: config(`name = "legacy"`),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(address, plancheck.ResourceActionNoop)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(address, tfjsonpath.New("id"), knownvalue.StringExact(bot.ID)),
					statecheck.ExpectKnownValue("data.ngrok_service_user.test", tfjsonpath.New("name"), knownvalue.StringExact("legacy")),
				},
			},
			{
				Config: config(`name = "legacy"`, `active = false`),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(address, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				Check: func(*terraform.State) error {
					got, err := apiclient.BotUsers.Get(ctx, mock.client, bot.ID)
					if err != nil {
						return err
					}
					if got.Active {
						return fmt.Errorf("the bot user %s is still active", bot.ID)
					}
					return nil
				},
			},
		},
	})
}

func TestAccServiceUser_nameTaken(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	if _, err := apiclient.ServiceUsers.Create(context.Background(), mock.client, &apiclient.ServiceUserCreate{Name: "ci"}); err != nil {
		t.Fatal(err)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config:      mock.config(testAccUserConfig("ngrok_service_user", `name = "ci"`)),
			ExpectError: regexp.MustCompile(`ERR_NGROK_4112`),
		}},
	})
}

func TestAccServiceUser_invalidConfig(t *testing.T) {
	t.Parallel()
	for name, attrs := range map[string]string{
		"empty name":    `name = ""`,
		"name too long": `name = "` + strings.Repeat("n", 256) + `"`,
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			mock := newTestMock(t)
			testAccExpectPlanError(t, mock.config(testAccUserConfig("ngrok_service_user", attrs)), `(?s)name.*length`)
		})
	}
}

// A service user's ID is what owns credentials: the data sources read it
// back, and the list resource lists it.
func TestAccServiceUserDataSources(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(testAccUserConfig("ngrok_service_user", `name = "ci"`) + `
data "ngrok_service_user" "test" {
  id = ngrok_service_user.test.id
}

data "ngrok_service_users" "all" {
  depends_on = [ngrok_service_user.test]
}
`),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.ngrok_service_user.test", tfjsonpath.New("name"), knownvalue.StringExact("ci")),
				statecheck.ExpectKnownValue("data.ngrok_service_users.all", tfjsonpath.New("service_users"), knownvalue.ListSizeExact(1)),
			},
		}},
	})
}

func TestAccServiceUserListResource(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	u, err := apiclient.ServiceUsers.Create(context.Background(), mock.client, &apiclient.ServiceUserCreate{Name: "made elsewhere"})
	if err != nil {
		t.Fatal(err)
	}
	resource.Test(t, resource.TestCase{
		TerraformVersionChecks:   queryVersionChecks,
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: mock.config(testAccUserConfig("ngrok_service_user", `name = "managed"`))},
			{
				Query:  true,
				Config: listBlock("ngrok_service_user", "all", "  include_resource = true\n"),
				QueryResultChecks: []querycheck.QueryResultCheck{
					querycheck.ExpectLength("ngrok_service_user.all", 2),
					querycheck.ExpectResourceDisplayName("ngrok_service_user.all", byID(u.ID), knownvalue.StringExact("made elsewhere")),
				},
			},
		},
	})
}
