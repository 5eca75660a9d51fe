package provider

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/types"
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

const (
	testCredentialResource = "ngrok_credential.test"
	// testMockUserID is the mock account's user, the owner of what is
	// created without owner_id.
	testMockUserID = "usr_2mockAccountUser00000000000"
	testBotUserID  = "bot_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
)

var (
	credentialIDPattern = regexp.MustCompile(`^cr_[0-9A-Za-z]+$`)
	testTokenPattern    = regexp.MustCompile(`^[0-9A-Za-z]{27}_[0-9A-Za-z]{21}$`)
)

func testAccCredentialConfig(attrs ...string) string {
	return "resource \"ngrok_credential\" \"test\" {\n  " + strings.Join(attrs, "\n  ") + "\n}\n"
}

// testAccOwnerConfig is a user of the kind typ (ngrok_service_user or
// ngrok_bot_user) named owner, to own what a test creates: the API refuses
// an owner_id that names no user (ERR_NGROK_634).
func testAccOwnerConfig(typ string) string {
	return "resource \"" + typ + "\" \"owner\" {\n  name = \"owner\"\n}\n"
}

func TestCredentialModel(t *testing.T) {
	t.Parallel()
	owner := testBotUserID
	m, _ := credentialType.fromAPI(&apiclient.Credential{ID: "cr_1", ACL: []string{"bind:a.example.com"}, OwnerID: &owner})
	if c := credentialType.toCreate(m); !slices.Equal(c.ACL, []string{"bind:a.example.com"}) || *c.OwnerID != owner {
		t.Errorf("create %+v", c)
	}
	// An emptied ACL is sent as [], which clears it.
	m.ACL = types.ListValueMust(types.StringType, nil)
	if u := credentialType.toUpdate(m); u.ACL == nil || len(*u.ACL) != 0 {
		t.Errorf("update %+v, want an empty ACL sent", u)
	}
	// The token is kept from the prior state when the API does not show it,
	// and is null when there is none (an import).
	if got := keptToken(types.StringValue("t"), types.StringNull()); got.ValueString() != "t" {
		t.Errorf("kept %v", got)
	}
	if got := keptToken(types.StringUnknown(), types.StringNull()); !got.IsNull() {
		t.Errorf("kept %v from an unknown plan, want null", got)
	}
}

func TestAccCredential_basic(t *testing.T) {
	t.Parallel()
	mock := newTestAccount(t)
	sameID := statecheck.CompareValue(compare.ValuesSame())
	sameToken := statecheck.CompareValue(compare.ValuesSame())
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: mock.config(testAccCredentialConfig(mock.description("agents"), `acl = ["bind:*.example.com", "bind:team=ops"]`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testCredentialResource, plancheck.ResourceActionCreate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testCredentialResource, tfjsonpath.New("id")),
					sameToken.AddStateValue(testCredentialResource, tfjsonpath.New("token")),
					statecheck.ExpectKnownValue(testCredentialResource, tfjsonpath.New("id"), knownvalue.StringRegexp(credentialIDPattern)),
					statecheck.ExpectKnownValue(testCredentialResource, tfjsonpath.New("token"), knownvalue.StringRegexp(testTokenPattern)),
					statecheck.ExpectSensitiveValue(testCredentialResource, tfjsonpath.New("token")),
					statecheck.ExpectKnownValue(testCredentialResource, tfjsonpath.New("owner_id"), mock.ownerID()),
					statecheck.ExpectKnownValue(testCredentialResource, tfjsonpath.New("acl"), knownvalue.ListExact([]knownvalue.Check{
						knownvalue.StringExact("bind:*.example.com"), knownvalue.StringExact("bind:team=ops")})),
				},
			},
			{
				// The ACL changes in place; the token stays.
				Config: mock.config(testAccCredentialConfig(mock.description("agents"), `acl = ["bind:app.example.com"]`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testCredentialResource, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testCredentialResource, tfjsonpath.New("id")),
					sameToken.AddStateValue(testCredentialResource, tfjsonpath.New("token")),
					statecheck.ExpectKnownValue(testCredentialResource, tfjsonpath.New("acl"), knownvalue.ListExact([]knownvalue.Check{
						knownvalue.StringExact("bind:app.example.com")})),
				},
			},
			{
				// Removing the ACL clears it in the API: [] is sent.
				Config: mock.config(testAccCredentialConfig(mock.description("agents"))),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testCredentialResource, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameToken.AddStateValue(testCredentialResource, tfjsonpath.New("token")),
					statecheck.ExpectKnownValue(testCredentialResource, tfjsonpath.New("acl"), knownvalue.ListSizeExact(0)),
					stateCheckFunc(func(ctx context.Context, id func(string) (string, error)) error {
						cid, err := id(testCredentialResource)
						if err != nil {
							return err
						}
						c, err := apiclient.Credentials.Get(ctx, mock.client, cid)
						if err != nil {
							return err
						}
						if len(c.ACL) != 0 {
							return fmt.Errorf("API still has the ACL %q", c.ACL)
						}
						return nil
					}),
				},
			},
			{
				// The API cannot show the token again: null after import.
				ResourceName: testCredentialResource, ImportState: true, ImportStateVerify: true,
				ImportStateVerifyIgnore: []string{"token"},
				ImportStateCheck: func(states []*terraform.InstanceState) error {
					if len(states) != 1 {
						return fmt.Errorf("%d states imported", len(states))
					}
					if tok, ok := states[0].Attributes["token"]; ok && tok != "" {
						return fmt.Errorf("imported token %q, want null", tok)
					}
					return nil
				},
			},
		},
	})
}

// A new owner replaces the credential: the API cannot change it.
func TestAccCredential_ownerReplaces(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	differentID := statecheck.CompareValue(compare.ValuesDiffer())
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config:            mock.config(testAccCredentialConfig() + testAccOwnerConfig("ngrok_bot_user")),
				ConfigStateChecks: []statecheck.StateCheck{differentID.AddStateValue(testCredentialResource, tfjsonpath.New("id"))},
			},
			{
				// Naming the owner the API chose changes nothing.
				Config: mock.config(testAccCredentialConfig(fmt.Sprintf("owner_id = %q", testMockUserID)) + testAccOwnerConfig("ngrok_bot_user")),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testCredentialResource, plancheck.ResourceActionNoop)},
				},
			},
			{
				Config: mock.config(testAccCredentialConfig("owner_id = ngrok_bot_user.owner.id") + testAccOwnerConfig("ngrok_bot_user")),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testCredentialResource, plancheck.ResourceActionDestroyBeforeCreate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					differentID.AddStateValue(testCredentialResource, tfjsonpath.New("id")),
					statecheck.CompareValuePairs(testCredentialResource, tfjsonpath.New("owner_id"),
						"ngrok_bot_user.owner", tfjsonpath.New("id"), compare.ValuesSame()),
					statecheck.ExpectKnownValue(testCredentialResource, tfjsonpath.New("token"), knownvalue.StringRegexp(testTokenPattern)),
				},
			},
		},
	})
}

// The token can be handed on: an output (sensitive) holds it.
func TestAccCredential_tokenOutput(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(testAccCredentialConfig() + `
output "authtoken" {
  value     = ngrok_credential.test.token
  sensitive = true
}
`),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownOutputValue("authtoken", knownvalue.StringRegexp(testTokenPattern)),
				statecheck.CompareValuePairs(testCredentialResource, tfjsonpath.New("token"), testCredentialResource, tfjsonpath.New("token"), compare.ValuesSame()),
			},
		}},
	})
}

func TestAccCredential_disappears(t *testing.T) {
	t.Parallel()
	mock := newTestAccount(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(testAccCredentialConfig(mock.description("gone"))),
			Check: deleteObjectInAPI(testCredentialResource, func(ctx context.Context, id string) error {
				return apiclient.Credentials.Delete(ctx, mock.client, id)
			}),
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testCredentialResource, plancheck.ResourceActionCreate)},
			},
			ExpectNonEmptyPlan: true,
		}},
	})
}

// An owner_id that names no user of the account (well-formed, so that only
// the API can tell) fails the apply with the API's ERR_NGROK_634 and a hint
// that says what to do; nothing is created. The same for authtokens, API
// keys and SSH credentials, a deleted service user included.
func TestAccCredential_unknownOwner(t *testing.T) {
	t.Parallel()
	key := testSSHPublicKey(t, "ed25519")
	for name, config := range map[string]string{
		"credential":     testAccCredentialConfig(fmt.Sprintf("owner_id = %q", testBotUserID)),
		"api key":        testAccAPIKeyConfig(fmt.Sprintf("owner_id = %q", "service_2hHGVyb5ZT6WQm1uXnLfNc8Ykam")),
		"ssh credential": testAccSSHCredentialConfig(fmt.Sprintf("public_key = %q", key), fmt.Sprintf("owner_id = %q", testBotUserID)),
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			mock := newTestMock(t)
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
				Steps: []resource.TestStep{{
					Config: mock.config(config),
					ExpectError: regexp.MustCompile(`(?s)ERR_NGROK_634.*No\s+credential\s+owner\s+could\s+be\s+determined.*` +
						`owner_id\s+must\s+name\s+a\s+user\s+of\s+this\s+account.*ngrok_service_user`),
				}},
				CheckDestroy: func(*terraform.State) error {
					ctx := context.Background()
					for c, err := range apiclient.Credentials.List(ctx, mock.client, nil) {
						if err != nil {
							return err
						}
						return fmt.Errorf("credential %s left in the mock", c.ID)
					}
					for k, err := range apiclient.APIKeys.List(ctx, mock.client, nil) {
						if err != nil {
							return err
						}
						return fmt.Errorf("API key %s left in the mock", k.ID)
					}
					for c, err := range apiclient.SSHCredentials.List(ctx, mock.client, nil) {
						if err != nil {
							return err
						}
						return fmt.Errorf("SSH credential %s left in the mock", c.ID)
					}
					return nil
				},
			})
		})
	}
}

func TestAccCredential_invalidConfig(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		attrs []string
		want  string
	}{
		"rule without bind":  {[]string{`acl = ["allow:app.example.com"]`}, `(?s)Invalid ACL Rule.*starts with "bind:"`},
		"wildcard inside":    {[]string{`acl = ["bind:app.*.example.com"]`}, `(?s)Invalid ACL Rule.*only as the first label`},
		"port out of range":  {[]string{`acl = ["bind:1.tcp.ngrok.io:70000"]`}, `(?s)Invalid ACL Rule.*1 to 65535`},
		"label with a space": {[]string{`acl = ["bind:team=net ops"]`}, `(?s)Invalid ACL Rule.*label's value`},
		"owner of another kind": {[]string{`owner_id = "cr_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"`},
			`(?s)Invalid Owner ID.*user\s+\(usr_\.\.\.\),\s+a\s+service\s+user\s+\(service_\.\.\.\)\s+or\s+a\s+bot`},
		"description too long": {[]string{`description = "` + strings.Repeat("é", 128) + `"`}, `(?s)description.*at most 255`},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			mock := newTestMock(t)
			testAccExpectPlanError(t, mock.config(testAccCredentialConfig(tc.attrs...)), tc.want)
		})
	}
}

func TestAccCredential_identity(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		TerraformVersionChecks:   requireIdentity,
		Steps: identitySteps(testCredentialResource, map[string]knownvalue.Check{"id": knownvalue.StringRegexp(credentialIDPattern)},
			mock.config(testAccCredentialConfig(`description = "a"`)),
			mock.config(testAccCredentialConfig(`description = "b"`))),
	})
}

func TestAccCredentialDataSources(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	config := mock.config(testAccCredentialConfig(`description = "office"`, `acl = ["bind:office.example.com"]`) + `
resource "ngrok_credential" "other" {
  description = "ci"
}

data "ngrok_credential" "test" {
  id = ngrok_credential.test.id
}

data "ngrok_credentials" "office" {
  filter     = "'bind:office.example.com' in obj.acl"
  depends_on = [ngrok_credential.test, ngrok_credential.other]
}
`)
	same := statecheck.CompareValue(compare.ValuesSame())
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: config,
			ConfigStateChecks: []statecheck.StateCheck{
				same.AddStateValue(testCredentialResource, tfjsonpath.New("uri")),
				same.AddStateValue("data.ngrok_credential.test", tfjsonpath.New("uri")),
				same.AddStateValue("data.ngrok_credentials.office", tfjsonpath.New("credentials").AtSliceIndex(0).AtMapKey("uri")),
				statecheck.ExpectKnownValue("data.ngrok_credential.test", tfjsonpath.New("acl"), knownvalue.ListExact([]knownvalue.Check{
					knownvalue.StringExact("bind:office.example.com")})),
				statecheck.ExpectKnownValue("data.ngrok_credential.test", tfjsonpath.New("owner_id"), knownvalue.StringExact(testMockUserID)),
				statecheck.ExpectKnownValue("data.ngrok_credentials.office", tfjsonpath.New("credentials"), knownvalue.ListSizeExact(1)),
			},
		}},
	})
}

func TestAccCredentialListResource(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	c, err := apiclient.Credentials.Create(context.Background(), mock.client, &apiclient.CredentialCreate{Description: "made elsewhere"})
	if err != nil {
		t.Fatal(err)
	}
	resource.Test(t, resource.TestCase{
		TerraformVersionChecks:   queryVersionChecks,
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: mock.config(testAccCredentialConfig(`description = "managed"`))},
			{
				Query: true,
				Config: listBlock("ngrok_credential", "all", "  include_resource = true\n") +
					listBlock("ngrok_credential", "managed", "  config {\n    filter = \"obj.description == 'managed'\"\n  }\n"),
				QueryResultChecks: []querycheck.QueryResultCheck{
					querycheck.ExpectLength("ngrok_credential.all", 2),
					querycheck.ExpectResourceDisplayName("ngrok_credential.all", byID(c.ID), knownvalue.StringExact("made elsewhere: "+c.ID)),
					querycheck.ExpectLength("ngrok_credential.managed", 1),
				},
			},
		},
	})
}
