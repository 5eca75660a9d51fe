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
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// The behaviour that host and user certificates share, from the one
// implementation in resource_ssh_certificate.go, tested for both kinds.

// testSSHCertKind is one kind of certificate as the shared tests use it.
type testSSHCertKind struct {
	name     string // "host" or "user", as testAccSSHCertificateConfig takes it
	address  string
	title    string // in diagnostics
	idPrefix string
	get      func(context.Context, *apiclient.Client, string) (*apiclient.SSHCertificate, error)
	remove   func(*apiclient.Client, context.Context, string) error
}

var testSSHCertKinds = []testSSHCertKind{
	{
		name: "host", address: testHostCertificate, title: "SSH Host Certificate", idPrefix: "shcrt_",
		get: func(ctx context.Context, c *apiclient.Client, id string) (*apiclient.SSHCertificate, error) {
			return c.GetSSHHostCertificate(ctx, id)
		},
		remove: (*apiclient.Client).DeleteSSHHostCertificate,
	},
	{
		name: "user", address: testUserCertificate, title: "SSH User Certificate", idPrefix: "sucrt_",
		get: func(ctx context.Context, c *apiclient.Client, id string) (*apiclient.SSHCertificate, error) {
			u, err := c.GetSSHUserCertificate(ctx, id)
			if err != nil {
				return nil, err
			}
			return &u.SSHCertificate, nil
		},
		remove: (*apiclient.Client).DeleteSSHUserCertificate,
	},
}

// otherIDPrefix is the ID prefix of the other kind.
func (k testSSHCertKind) otherIDPrefix() string {
	if k.idPrefix == "shcrt_" {
		return "sucrt_"
	}
	return "shcrt_"
}

// forEachSSHCertKind runs test for each kind, in parallel.
func forEachSSHCertKind(t *testing.T, test func(t *testing.T, kind testSSHCertKind)) {
	t.Helper()
	for _, kind := range testSSHCertKinds {
		t.Run(kind.name, func(t *testing.T) {
			t.Parallel()
			test(t, kind)
		})
	}
}

// expectAPICertificate checks the certificate at address as the API holds it.
func expectAPICertificate(mock *testMock, kind testSSHCertKind, check func(*apiclient.SSHCertificate) error) statecheck.StateCheck {
	return stateValuesCheck(func(resources map[string]map[string]any, _ map[string]any) error {
		id, err := attrString(resources, kind.address, "id")
		if err != nil {
			return err
		}
		c, err := kind.get(context.Background(), mock.client, id)
		if err != nil {
			return err
		}
		return check(c)
	})
}

func TestAccSSHCertificate_updateInPlace(t *testing.T) {
	t.Parallel()
	forEachSSHCertKind(t, func(t *testing.T, kind testSSHCertKind) {
		mock := newTestMock(t)
		key := fmt.Sprintf("public_key = %q", testSSHPublicKey(t, "ed25519"))
		sameID := statecheck.CompareValue(compare.ValuesSame())
		sameCertificate := statecheck.CompareValue(compare.ValuesSame())
		resource.Test(t, resource.TestCase{
			ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
			Steps: []resource.TestStep{
				{
					Config: mock.config(testAccSSHCertificateConfig(kind.name, key, `description = "first"`)),
					ConfigStateChecks: []statecheck.StateCheck{
						sameID.AddStateValue(kind.address, tfjsonpath.New("id")),
						sameCertificate.AddStateValue(kind.address, tfjsonpath.New("certificate")),
					},
				},
				{
					Config: mock.config(testAccSSHCertificateConfig(kind.name, key, `description = "second"`,
						`metadata = jsonencode({ rack = "a1" })`)),
					ConfigPlanChecks: resource.ConfigPlanChecks{
						PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(kind.address, plancheck.ResourceActionUpdate)},
						PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
					},
					ConfigStateChecks: []statecheck.StateCheck{
						sameID.AddStateValue(kind.address, tfjsonpath.New("id")),
						sameCertificate.AddStateValue(kind.address, tfjsonpath.New("certificate")),
						statecheck.ExpectKnownValue(kind.address, tfjsonpath.New("description"), knownvalue.StringExact("second")),
						statecheck.ExpectKnownValue(kind.address, tfjsonpath.New("metadata"), knownvalue.StringExact(`{"rack":"a1"}`)),
						expectAPICertificate(mock, kind, func(c *apiclient.SSHCertificate) error {
							if c.Description != "second" || c.Metadata != `{"rack":"a1"}` {
								return fmt.Errorf("API has description %q and metadata %q", c.Description, c.Metadata)
							}
							return nil
						}),
					},
				},
				{
					// Removing both clears them in the API.
					Config: mock.config(testAccSSHCertificateConfig(kind.name, key)),
					ConfigPlanChecks: resource.ConfigPlanChecks{
						PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(kind.address, plancheck.ResourceActionUpdate)},
					},
					ConfigStateChecks: []statecheck.StateCheck{
						sameID.AddStateValue(kind.address, tfjsonpath.New("id")),
						expectAPICertificate(mock, kind, func(c *apiclient.SSHCertificate) error {
							if c.Description != "" || c.Metadata != "" {
								return fmt.Errorf("API still has description %q and metadata %q", c.Description, c.Metadata)
							}
							return nil
						}),
					},
				},
			},
		})
	})
}

// The same key with another comment or other spacing is no change: the
// key, not its text, is what the certificate certifies.
func TestAccSSHCertificate_publicKeyComparedByKey(t *testing.T) {
	t.Parallel()
	forEachSSHCertKind(t, func(t *testing.T, kind testSSHCertKind) {
		mock := newTestMock(t)
		key := testSSHPublicKey(t, "ed25519")
		keyType, keyData, _ := strings.Cut(key, " ")
		resource.Test(t, resource.TestCase{
			ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
			Steps: []resource.TestStep{
				{
					Config: mock.config(testAccSSHCertificateConfig(kind.name, fmt.Sprintf("public_key = %q", key+" alice@web-1"))),
				},
				{
					Config: mock.config(testAccSSHCertificateConfig(kind.name,
						fmt.Sprintf("public_key = %q", keyType+"   "+keyData+"   alice@renamed-host\n"))),
					ConfigPlanChecks: resource.ConfigPlanChecks{
						PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(kind.address, plancheck.ResourceActionNoop)},
					},
					ConfigStateChecks: []statecheck.StateCheck{
						// The state keeps the text the certificate was made from.
						statecheck.ExpectKnownValue(kind.address, tfjsonpath.New("public_key"), knownvalue.StringExact(key+" alice@web-1")),
					},
				},
				{
					Config: mock.config(testAccSSHCertificateConfig(kind.name, fmt.Sprintf("public_key = %q", key))),
					ConfigPlanChecks: resource.ConfigPlanChecks{
						PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(kind.address, plancheck.ResourceActionNoop)},
					},
				},
			},
		})
	})
}

func TestAccSSHCertificate_importInvalidID(t *testing.T) {
	t.Parallel()
	forEachSSHCertKind(t, func(t *testing.T, kind testSSHCertKind) {
		mock := newTestMock(t)
		resource.Test(t, resource.TestCase{
			ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
			Steps: []resource.TestStep{{
				// The other kind's ID.
				Config: mock.config("import {\n  to = " + kind.address + "\n  id = \"" + kind.otherIDPrefix() + "2hHGVyb5ZT6WQm1uXnLfNc8Ykam\"\n}\n\n" +
					testAccSSHCertificateConfig(kind.name, fmt.Sprintf("public_key = %q", testSSHPublicKey(t, "ed25519")))),
				ExpectError: regexp.MustCompile(`(?s)Invalid Import ID.*` + kind.idPrefix + `.*ngrok_ssh_` + kind.name + `_certificates data source`),
			}},
		})
	})
}

func TestAccSSHCertificate_importUnknownID(t *testing.T) {
	t.Parallel()
	forEachSSHCertKind(t, func(t *testing.T, kind testSSHCertKind) {
		mock := newTestMock(t)
		resource.Test(t, resource.TestCase{
			ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
			Steps: []resource.TestStep{{
				Config: mock.config("import {\n  to = " + kind.address + "\n  id = \"" + kind.idPrefix + "2hHGVyb5ZT6WQm1uXnLfNc8Ykam\"\n}\n\n" +
					testAccSSHCertificateConfig(kind.name, fmt.Sprintf("public_key = %q", testSSHPublicKey(t, "ed25519")))),
				ExpectError: regexp.MustCompile(`Cannot import non-existent remote object`),
			}},
		})
	})
}

func TestAccSSHCertificate_disappears(t *testing.T) {
	t.Parallel()
	forEachSSHCertKind(t, func(t *testing.T, kind testSSHCertKind) {
		mock := newTestMock(t)
		config := mock.config(testAccSSHCertificateConfig(kind.name, fmt.Sprintf("public_key = %q", testSSHPublicKey(t, "ed25519"))))
		deleteCert := func(s *terraform.State) error {
			rs, ok := s.RootModule().Resources[kind.address]
			if !ok {
				return fmt.Errorf("%s not in state", kind.address)
			}
			return kind.remove(mock.client, context.Background(), rs.Primary.ID)
		}
		resource.Test(t, resource.TestCase{
			ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
			Steps: []resource.TestStep{
				{
					Config: config,
					Check:  deleteCert,
					ConfigPlanChecks: resource.ConfigPlanChecks{
						PostApplyPostRefresh: []plancheck.PlanCheck{
							plancheck.ExpectResourceAction(kind.address, plancheck.ResourceActionCreate),
						},
					},
					ExpectNonEmptyPlan: true,
				},
				{
					// Re-created; destroyed afterwards after vanishing once
					// more, where the 404 counts as success.
					Config: config,
					Check:  deleteCert,
					ConfigPlanChecks: resource.ConfigPlanChecks{
						PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(kind.address, plancheck.ResourceActionCreate)},
					},
					ExpectNonEmptyPlan: true,
				},
			},
		})
	})
}

// API refusals reach the user with the API's code and message.
func TestAccSSHCertificate_apiError(t *testing.T) {
	t.Parallel()
	forEachSSHCertKind(t, func(t *testing.T, kind testSSHCertKind) {
		mock := newTestMock(t)
		resource.Test(t, resource.TestCase{
			ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
			Steps: []resource.TestStep{{
				Config: mock.config(`resource "ngrok_ssh_` + kind.name + `_certificate" "test" {
  ssh_certificate_authority_id = "sshca_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  public_key                   = ` + fmt.Sprintf("%q", testSSHPublicKey(t, "ed25519")) + `
}
`),
				ExpectError: regexp.MustCompile(`(?s)Unable to Create ` + kind.title + `.*400 Bad Request with\s+ERR_NGROK_1945.*Operation ID: op_`),
			}},
		})
	})
}

// The authority is made outside Terraform, so that the import by identity
// is of the certificate alone.
func TestAccSSHCertificate_identity(t *testing.T) {
	t.Parallel()
	forEachSSHCertKind(t, func(t *testing.T, kind testSSHCertKind) {
		mock := newTestMock(t)
		ca, err := mock.client.CreateSSHCertificateAuthority(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		key := testSSHPublicKey(t, "ed25519")
		config := func(extra ...string) string {
			return mock.config(fmt.Sprintf("resource %q \"test\" {\n  ssh_certificate_authority_id = %q\n  public_key = %q\n  %s\n}\n",
				"ngrok_ssh_"+kind.name+"_certificate", ca.ID, key, strings.Join(extra, "\n  ")))
		}
		pattern := regexp.MustCompile(`^` + kind.idPrefix + `[0-9A-Za-z]{27}$`)
		resource.Test(t, resource.TestCase{
			ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
			TerraformVersionChecks:   requireIdentity,
			Steps: identitySteps(kind.address, map[string]knownvalue.Check{"id": knownvalue.StringRegexp(pattern)},
				config(), config(`description = "second"`)),
		})
	})
}
