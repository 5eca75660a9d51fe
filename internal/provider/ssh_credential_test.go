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
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

const testSSHCredentialResource = "ngrok_ssh_credential.test"

var sshCredentialIDPattern = regexp.MustCompile(`^sshcr_[0-9A-Za-z]+$`)

func testAccSSHCredentialConfig(attrs ...string) string {
	return "resource \"ngrok_ssh_credential\" \"test\" {\n  " + strings.Join(attrs, "\n  ") + "\n}\n"
}

func TestAccSSHCredential_basic(t *testing.T) {
	t.Parallel()
	mock := newTestAccount(t)
	key, other := testSSHPublicKey(t, "ed25519"), testSSHPublicKey(t, "p256")
	sameID := statecheck.CompareValue(compare.ValuesSame())
	differentID := statecheck.CompareValue(compare.ValuesDiffer())
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				// A key read from a file, trailing newline and all, plans
				// nothing once applied.
				Config: mock.config(testAccSSHCredentialConfig(mock.description("ops"), fmt.Sprintf("public_key = %q", key+" ops@laptop\n"),
					`acl = ["bind:ssh.example.com"]`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testSSHCredentialResource, plancheck.ResourceActionCreate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testSSHCredentialResource, tfjsonpath.New("id")),
					differentID.AddStateValue(testSSHCredentialResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testSSHCredentialResource, tfjsonpath.New("id"), knownvalue.StringRegexp(sshCredentialIDPattern)),
					statecheck.ExpectKnownValue(testSSHCredentialResource, tfjsonpath.New("owner_id"), mock.ownerID()),
					statecheck.ExpectKnownValue(testSSHCredentialResource, tfjsonpath.New("acl"), knownvalue.ListExact([]knownvalue.Check{
						knownvalue.StringExact("bind:ssh.example.com")})),
				},
			},
			{
				// Another comment of the same key is no change; the ACL
				// changes in place.
				Config: mock.config(testAccSSHCredentialConfig(mock.description("ops"), fmt.Sprintf("public_key = %q", key+" ops@desktop"),
					`acl = ["bind:*.ssh.example.com"]`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testSSHCredentialResource, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testSSHCredentialResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testSSHCredentialResource, tfjsonpath.New("acl"), knownvalue.ListExact([]knownvalue.Check{
						knownvalue.StringExact("bind:*.ssh.example.com")})),
				},
			},
			{
				// Another key replaces it.
				Config: mock.config(testAccSSHCredentialConfig(mock.description("ops"), fmt.Sprintf("public_key = %q", other))),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testSSHCredentialResource, plancheck.ResourceActionDestroyBeforeCreate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					differentID.AddStateValue(testSSHCredentialResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testSSHCredentialResource, tfjsonpath.New("public_key"), knownvalue.StringExact(other)),
					statecheck.ExpectKnownValue(testSSHCredentialResource, tfjsonpath.New("acl"), knownvalue.ListSizeExact(0)),
				},
			},
			{ResourceName: testSSHCredentialResource, ImportState: true, ImportStateVerify: true},
		},
	})
}

func TestAccSSHCredential_disappears(t *testing.T) {
	t.Parallel()
	mock := newTestAccount(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(testAccSSHCredentialConfig(mock.description("gone"), fmt.Sprintf("public_key = %q", testSSHPublicKey(t, "ed25519")))),
			Check: deleteObjectInAPI(testSSHCredentialResource, func(ctx context.Context, id string) error {
				return apiclient.SSHCredentials.Delete(ctx, mock.client, id)
			}),
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testSSHCredentialResource, plancheck.ResourceActionCreate)},
			},
			ExpectNonEmptyPlan: true,
		}},
	})
}

func TestAccSSHCredential_invalidConfig(t *testing.T) {
	t.Parallel()
	key := testSSHPublicKey(t, "ed25519")
	for name, tc := range map[string]struct {
		attrs []string
		want  string
	}{
		"not a key":    {[]string{`public_key = "ssh-ed25519 not-base64"`}, `(?s)Invalid SSH Public Key.*not\s+an\s+OpenSSH\s+public\s+key\s+line`},
		"with options": {[]string{fmt.Sprintf("public_key = %q", `no-pty `+key)}, `(?s)Invalid SSH Public Key.*options`},
		"two keys":     {[]string{fmt.Sprintf("public_key = %q", key+"\n"+key)}, `(?s)Invalid SSH Public Key.*more\s+than\s+one\s+line`},
		"bad ACL rule": {[]string{fmt.Sprintf("public_key = %q", key), `acl = ["bind:"]`}, `(?s)Invalid ACL Rule`},
		"owner":        {[]string{fmt.Sprintf("public_key = %q", key), `owner_id = "usr_"`}, `(?s)Invalid Owner ID`},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			mock := newTestMock(t)
			testAccExpectPlanError(t, mock.config(testAccSSHCredentialConfig(tc.attrs...)), tc.want)
		})
	}
}

func TestAccSSHCredential_identity(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	key := fmt.Sprintf("public_key = %q", testSSHPublicKey(t, "ed25519"))
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		TerraformVersionChecks:   requireIdentity,
		Steps: identitySteps(testSSHCredentialResource, map[string]knownvalue.Check{"id": knownvalue.StringRegexp(sshCredentialIDPattern)},
			mock.config(testAccSSHCredentialConfig(key, `description = "a"`)),
			mock.config(testAccSSHCredentialConfig(key, `description = "b"`))),
	})
}

func TestAccSSHCredentialDataSources(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	config := mock.config(testAccSSHCredentialConfig(fmt.Sprintf("public_key = %q", testSSHPublicKey(t, "ed25519"))) + `
data "ngrok_ssh_credential" "test" {
  id = ngrok_ssh_credential.test.id
}

data "ngrok_ssh_credentials" "ed25519" {
  filter     = "obj.id == '${ngrok_ssh_credential.test.id}'"
  depends_on = [ngrok_ssh_credential.test]
}
`)
	same := statecheck.CompareValue(compare.ValuesSame())
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: config,
			ConfigStateChecks: []statecheck.StateCheck{
				same.AddStateValue(testSSHCredentialResource, tfjsonpath.New("public_key")),
				same.AddStateValue("data.ngrok_ssh_credential.test", tfjsonpath.New("public_key")),
				same.AddStateValue("data.ngrok_ssh_credentials.ed25519", tfjsonpath.New("ssh_credentials").AtSliceIndex(0).AtMapKey("public_key")),
			},
		}},
	})
}

func TestAccSSHCredentialListResource(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	c, err := apiclient.SSHCredentials.Create(context.Background(), mock.client, &apiclient.SSHCredentialCreate{
		Description: "made elsewhere", PublicKey: testSSHPublicKey(t, "ed25519")})
	if err != nil {
		t.Fatal(err)
	}
	resource.Test(t, resource.TestCase{
		TerraformVersionChecks:   queryVersionChecks,
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: mock.config(testAccSSHCredentialConfig(fmt.Sprintf("public_key = %q", testSSHPublicKey(t, "rsa2048"))))},
			{
				Query:  true,
				Config: listBlock("ngrok_ssh_credential", "all", "  include_resource = true\n"),
				QueryResultChecks: []querycheck.QueryResultCheck{
					querycheck.ExpectLength("ngrok_ssh_credential.all", 2),
					querycheck.ExpectResourceDisplayName("ngrok_ssh_credential.all", byID(c.ID), knownvalue.StringExact("made elsewhere: "+c.ID)),
				},
			},
		},
	})
}
