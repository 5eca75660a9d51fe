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

const testAPIKeyResource = "ngrok_api_key.test"

var apiKeyIDPattern = regexp.MustCompile(`^ak_[0-9A-Za-z]+$`)

func testAccAPIKeyConfig(attrs ...string) string {
	return "resource \"ngrok_api_key\" \"test\" {\n  " + strings.Join(attrs, "\n  ") + "\n}\n"
}

// mintedKeyWorks reports whether the API key in the resource's state
// authenticates against the mock.
func mintedKeyWorks(ctx context.Context, mock *testMock, token string) error {
	c, err := apiclient.New(apiclient.WithBaseURL(mock.baseURL()), apiclient.WithAPIKey(token), apiclient.WithRefreshFromLists(false))
	if err != nil {
		return err
	}
	for _, err := range apiclient.APIKeys.List(ctx, c, nil) {
		return err
	}
	return nil
}

func TestAccAPIKey_basic(t *testing.T) {
	t.Parallel()
	mock := newTestAccount(t)
	sameID := statecheck.CompareValue(compare.ValuesSame())
	sameToken := statecheck.CompareValue(compare.ValuesSame())
	var token string
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: mock.config(testAccAPIKeyConfig(mock.description("pipeline"))),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testAPIKeyResource, plancheck.ResourceActionCreate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testAPIKeyResource, tfjsonpath.New("id")),
					sameToken.AddStateValue(testAPIKeyResource, tfjsonpath.New("token")),
					statecheck.ExpectKnownValue(testAPIKeyResource, tfjsonpath.New("id"), knownvalue.StringRegexp(apiKeyIDPattern)),
					statecheck.ExpectKnownValue(testAPIKeyResource, tfjsonpath.New("token"), knownvalue.StringRegexp(testTokenPattern)),
					statecheck.ExpectSensitiveValue(testAPIKeyResource, tfjsonpath.New("token")),
					statecheck.ExpectKnownValue(testAPIKeyResource, tfjsonpath.New("owner_id"), mock.ownerID()),
				},
				// The key in the state authenticates requests.
				Check: func(s *terraform.State) error {
					token = s.RootModule().Resources[testAPIKeyResource].Primary.Attributes["token"]
					return mintedKeyWorks(context.Background(), mock, token)
				},
			},
			{
				Config: mock.config(testAccAPIKeyConfig(mock.description("pipeline"), `metadata = jsonencode({ team = "ci" })`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testAPIKeyResource, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testAPIKeyResource, tfjsonpath.New("id")),
					sameToken.AddStateValue(testAPIKeyResource, tfjsonpath.New("token")),
					statecheck.ExpectKnownValue(testAPIKeyResource, tfjsonpath.New("metadata"), knownvalue.StringExact(`{"team":"ci"}`)),
				},
			},
			{
				ResourceName: testAPIKeyResource, ImportState: true, ImportStateVerify: true,
				ImportStateVerifyIgnore: []string{"token"},
				ImportStateCheck: func(states []*terraform.InstanceState) error {
					if tok := states[0].Attributes["token"]; tok != "" {
						return fmt.Errorf("imported token %q, want null", tok)
					}
					return nil
				},
			},
		},
		// Destroyed, the key no longer authenticates.
		CheckDestroy: func(*terraform.State) error {
			if err := mintedKeyWorks(context.Background(), mock, token); err == nil {
				return fmt.Errorf("the deleted API key still authenticates")
			}
			return nil
		},
	})
}

func TestAccAPIKey_ownerReplaces(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	differentID := statecheck.CompareValue(compare.ValuesDiffer())
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config:            mock.config(testAccAPIKeyConfig() + testAccOwnerConfig("ngrok_service_user")),
				ConfigStateChecks: []statecheck.StateCheck{differentID.AddStateValue(testAPIKeyResource, tfjsonpath.New("id"))},
			},
			{
				Config: mock.config(testAccAPIKeyConfig("owner_id = ngrok_service_user.owner.id") + testAccOwnerConfig("ngrok_service_user")),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testAPIKeyResource, plancheck.ResourceActionDestroyBeforeCreate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					differentID.AddStateValue(testAPIKeyResource, tfjsonpath.New("id")),
					statecheck.CompareValuePairs(testAPIKeyResource, tfjsonpath.New("owner_id"),
						"ngrok_service_user.owner", tfjsonpath.New("id"), compare.ValuesSame()),
				},
			},
		},
	})
}

func TestAccAPIKey_disappears(t *testing.T) {
	t.Parallel()
	mock := newTestAccount(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(testAccAPIKeyConfig(mock.description("gone"))),
			Check: deleteObjectInAPI(testAPIKeyResource, func(ctx context.Context, id string) error {
				return apiclient.APIKeys.Delete(ctx, mock.client, id)
			}),
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testAPIKeyResource, plancheck.ResourceActionCreate)},
			},
			ExpectNonEmptyPlan: true,
		}},
	})
}

func TestAccAPIKey_invalidConfig(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		attrs []string
		want  string
	}{
		"owner not an ID":   {[]string{`owner_id = "me"`}, `(?s)Invalid Owner ID`},
		"metadata too long": {[]string{`metadata = "` + strings.Repeat("x", 4097) + `"`}, `(?s)metadata.*at most 4096`},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			mock := newTestMock(t)
			testAccExpectPlanError(t, mock.config(testAccAPIKeyConfig(tc.attrs...)), tc.want)
		})
	}
}

func TestAccAPIKey_identity(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		TerraformVersionChecks:   requireIdentity,
		Steps: identitySteps(testAPIKeyResource, map[string]knownvalue.Check{"id": knownvalue.StringRegexp(apiKeyIDPattern)},
			mock.config(testAccAPIKeyConfig(`description = "a"`)),
			mock.config(testAccAPIKeyConfig(`description = "b"`))),
	})
}

// The data sources read the keys (listed by the API under "keys"), never
// their tokens.
func TestAccAPIKeyDataSources(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	config := mock.config(testAccAPIKeyConfig(`description = "ci"`) + `
data "ngrok_api_key" "test" {
  id = ngrok_api_key.test.id
}

data "ngrok_api_keys" "ci" {
  filter     = "obj.description == 'ci'"
  depends_on = [ngrok_api_key.test]
}
`)
	same := statecheck.CompareValue(compare.ValuesSame())
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: config,
			ConfigStateChecks: []statecheck.StateCheck{
				same.AddStateValue(testAPIKeyResource, tfjsonpath.New("uri")),
				same.AddStateValue("data.ngrok_api_key.test", tfjsonpath.New("uri")),
				same.AddStateValue("data.ngrok_api_keys.ci", tfjsonpath.New("api_keys").AtSliceIndex(0).AtMapKey("uri")),
				statecheck.ExpectKnownValue("data.ngrok_api_keys.ci", tfjsonpath.New("api_keys"), knownvalue.ListSizeExact(1)),
			},
		}},
	})
}

func TestAccAPIKeyListResource(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	k, err := apiclient.APIKeys.Create(context.Background(), mock.client, &apiclient.APIKeyCreate{Description: "made elsewhere"})
	if err != nil {
		t.Fatal(err)
	}
	resource.Test(t, resource.TestCase{
		TerraformVersionChecks:   queryVersionChecks,
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: mock.config(testAccAPIKeyConfig(`description = "managed"`))},
			{
				Query:  true,
				Config: listBlock("ngrok_api_key", "all", "  include_resource = true\n"),
				QueryResultChecks: []querycheck.QueryResultCheck{
					querycheck.ExpectLength("ngrok_api_key.all", 2),
					querycheck.ExpectResourceDisplayName("ngrok_api_key.all", byID(k.ID), knownvalue.StringExact("made elsewhere: "+k.ID)),
				},
			},
		},
	})
}
