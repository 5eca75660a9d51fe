package provider

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	tfresource "github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

const testVaultResource = "ngrok_vault.test"

var vaultIDPattern = regexp.MustCompile(`^vault_[0-9A-Za-z]{27}$`)

func testAccVaultConfig(attrs ...string) string {
	return "resource \"ngrok_vault\" \"test\" {\n  " + strings.Join(attrs, "\n  ") + "\n}\n"
}

func TestVaultModel(t *testing.T) {
	t.Parallel()
	m, err := vaultModelFromAPI(&apiclient.Vault{ID: "vault_1", Name: "prod", CreatedBy: "usr_1", LastUpdatedBy: "usr_2", UpdatedAt: "u"})
	if err != nil || m.Name.ValueString() != "prod" || m.CreatedBy.ValueString() != "usr_1" || m.LastUpdatedBy.ValueString() != "usr_2" || m.Description.ValueString() != "" {
		t.Fatalf("model %+v, %v", m, err)
	}
	if c := m.toCreate(); c.Name != "prod" {
		t.Errorf("create %+v", c)
	}
	if u := m.toUpdate(); *u.Name != "prod" || *u.Description != "" {
		t.Errorf("update %+v", u)
	}
	for name, ok := range map[string]bool{"prod-vault": true, "a/b.c_d": true, "": false, "has space": false, strings.Repeat("v", 65): false} {
		if got := checkVaultName(name) == nil; got != ok {
			t.Errorf("checkVaultName(%q) ok = %v, want %v", name, got, ok)
		}
	}
}

func TestAccVault_basic(t *testing.T) {
	t.Parallel()
	mock := newTestAccount(t)
	sameID := statecheck.CompareValue(compare.ValuesSame())
	tfresource.Test(t, tfresource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []tfresource.TestStep{
			{
				Config: mock.config(testAccVaultConfig(fmt.Sprintf("name = %q", mock.acc.Name("prod-vault")), mock.description("Production"))),
				ConfigPlanChecks: tfresource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testVaultResource, plancheck.ResourceActionCreate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testVaultResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testVaultResource, tfjsonpath.New("id"), knownvalue.StringRegexp(vaultIDPattern)),
					statecheck.ExpectKnownValue(testVaultResource, tfjsonpath.New("name"), knownvalue.StringExact(mock.acc.Name("prod-vault"))),
					statecheck.ExpectKnownValue(testVaultResource, tfjsonpath.New("description"), knownvalue.StringExact(mock.acc.Name("Production"))),
					statecheck.ExpectKnownValue(testVaultResource, tfjsonpath.New("created_by"), knownvalue.StringRegexp(regexp.MustCompile(`^(usr|bot)_`))),
					statecheck.ExpectKnownValue(testVaultResource, tfjsonpath.New("updated_at"), knownvalue.NotNull()),
				},
			},
			{
				// The name changes in place.
				Config: mock.config(testAccVaultConfig(fmt.Sprintf("name = %q", mock.acc.Name("prod.vault")), mock.description("Production"))),
				ConfigPlanChecks: tfresource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testVaultResource, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testVaultResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testVaultResource, tfjsonpath.New("name"), knownvalue.StringExact(mock.acc.Name("prod.vault"))),
				},
			},
			{ResourceName: testVaultResource, ImportState: true, ImportStateVerify: true},
		},
	})
}

func TestAccVault_disappears(t *testing.T) {
	t.Parallel()
	mock := newTestAccount(t)
	tfresource.Test(t, tfresource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []tfresource.TestStep{{
			Config: mock.config(testAccVaultConfig(fmt.Sprintf("name = %q", mock.acc.Name("gone")))),
			Check: deleteObjectInAPI(testVaultResource, func(ctx context.Context, id string) error {
				return apiclient.Vaults.Delete(ctx, mock.client, id)
			}),
			ConfigPlanChecks: tfresource.ConfigPlanChecks{
				PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testVaultResource, plancheck.ResourceActionCreate)},
			},
			ExpectNonEmptyPlan: true,
		}},
	})
}

func TestAccVault_invalidConfig(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct{ attrs, want string }{
		"name with a space": {`name = "has space"`, `(?s)must hold only the characters`},
		"name too long":     {fmt.Sprintf("name = %q", strings.Repeat("v", 65)), `(?s)string length must be between 1 and 64`},
		"no name":           {`description = "x"`, `(?s)The argument "name" is required`},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			mock := newTestMock(t)
			testAccExpectPlanError(t, mock.config(testAccVaultConfig(tc.attrs)), tc.want)
		})
	}
}

// A vault is imported by its name, with one filtered list.
func TestAccVault_importByName(t *testing.T) {
	t.Parallel()
	mock, proxy := newListProxyMock(t, false)
	v, err := apiclient.Vaults.Create(context.Background(), mock.client, &apiclient.VaultCreate{Name: "team/prod"})
	if err != nil {
		t.Fatal(err)
	}
	tfresource.Test(t, tfresource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []tfresource.TestStep{naturalKeyImportStep(mock, proxy, testVaultResource, "team/prod",
			testAccVaultConfig(`name = "team/prod"`), v.ID, "/vaults", `obj.name == "team/prod"`)},
	})
}

func TestAccVault_identity(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	tfresource.Test(t, tfresource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		TerraformVersionChecks:   requireIdentity,
		Steps: identitySteps(testVaultResource, map[string]knownvalue.Check{"id": knownvalue.StringRegexp(vaultIDPattern)},
			mock.config(testAccVaultConfig(`name = "a"`)), mock.config(testAccVaultConfig(`name = "b"`))),
	})
}

// The data sources read the vault; ngrok_vault_secrets lists its secrets,
// never a value.
func TestAccVaultDataSources(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	config := mock.config(testAccVaultConfig(`name = "prod"`) + `
resource "ngrok_vault" "other" {
  name = "staging"
}

resource "ngrok_secret" "a" {
  vault_id         = ngrok_vault.test.id
  name             = "a"
  value_wo         = "value-of-a"
  value_wo_version = 1
}

resource "ngrok_secret" "b" {
  vault_id = ngrok_vault.test.id
  name     = "b"
  value    = "value-of-b"
}

resource "ngrok_secret" "elsewhere" {
  vault_id         = ngrok_vault.other.id
  name             = "c"
  value_wo         = "value-of-c"
  value_wo_version = 1
}

data "ngrok_vault" "test" {
  id = ngrok_vault.test.id
}

data "ngrok_vaults" "prod" {
  filter     = "obj.name == 'prod'"
  depends_on = [ngrok_vault.test, ngrok_vault.other]
}

data "ngrok_vault_secrets" "test" {
  vault_id   = ngrok_vault.test.id
  depends_on = [ngrok_secret.a, ngrok_secret.b, ngrok_secret.elsewhere]
}
`)
	tfresource.Test(t, tfresource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []tfresource.TestStep{{
			Config: config,
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.ngrok_vault.test", tfjsonpath.New("name"), knownvalue.StringExact("prod")),
				statecheck.ExpectKnownValue("data.ngrok_vaults.prod", tfjsonpath.New("vaults"), knownvalue.ListSizeExact(1)),
				statecheck.CompareValuePairs("data.ngrok_vaults.prod", tfjsonpath.New("vaults").AtSliceIndex(0).AtMapKey("id"),
					testVaultResource, tfjsonpath.New("id"), compare.ValuesSame()),
				statecheck.ExpectKnownValue("data.ngrok_vault_secrets.test", tfjsonpath.New("secrets"), knownvalue.ListExact([]knownvalue.Check{
					knownvalue.ObjectPartial(map[string]knownvalue.Check{"vault_name": knownvalue.StringExact("prod")}),
					knownvalue.ObjectPartial(map[string]knownvalue.Check{"vault_name": knownvalue.StringExact("prod")}),
				})),
				valueNotInState("value-of-a"), valueNotInState("value-of-c"),
			},
		}},
	})
}

func TestAccVaultListResource(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	v, err := apiclient.Vaults.Create(context.Background(), mock.client, &apiclient.VaultCreate{Name: "listed", Description: "made elsewhere"})
	if err != nil {
		t.Fatal(err)
	}
	tfresource.Test(t, tfresource.TestCase{
		TerraformVersionChecks:   queryVersionChecks,
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []tfresource.TestStep{{
			Query:  true,
			Config: mock.config("") + listBlock("ngrok_vault", "all", "  include_resource = true\n"),
			QueryResultChecks: []querycheck.QueryResultCheck{
				querycheck.ExpectLength("ngrok_vault.all", 1),
				querycheck.ExpectResourceDisplayName("ngrok_vault.all", byID(v.ID), knownvalue.StringExact("made elsewhere: listed")),
				querycheck.ExpectResourceKnownValues("ngrok_vault.all", byID(v.ID), []querycheck.KnownValueCheck{
					knownValue("name", knownvalue.StringExact("listed")),
				}),
			},
		}},
	})
}
