package provider

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	fwresource "github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck/queryfilter"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"golang.org/x/crypto/ssh"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

const testCAResource = "ngrok_ssh_certificate_authority.test"

func testAccSSHCertificateAuthorityConfig(attrs ...string) string {
	return "resource \"ngrok_ssh_certificate_authority\" \"test\" {\n  " + strings.Join(attrs, "\n  ") + "\n}\n"
}

var idPattern = regexp.MustCompile(`^sshca_[0-9A-Za-z]{27}$`)

func TestAccSSHCertificateAuthority_basic(t *testing.T) {
	t.Parallel()
	mock := newTestAccount(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: mock.config(testAccSSHCertificateAuthorityConfig(mock.description("ca"))),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(testCAResource, plancheck.ResourceActionCreate),
						plancheck.ExpectKnownValue(testCAResource, tfjsonpath.New("private_key_type"), knownvalue.StringExact("ed25519")),
						plancheck.ExpectKnownValue(testCAResource, tfjsonpath.New("elliptic_curve"), knownvalue.Null()),
						plancheck.ExpectKnownValue(testCAResource, tfjsonpath.New("key_size"), knownvalue.Null()),
					},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(testCAResource, tfjsonpath.New("id"), knownvalue.StringRegexp(idPattern)),
					statecheck.ExpectKnownValue(testCAResource, tfjsonpath.New("uri"), knownvalue.StringRegexp(
						regexp.MustCompile("^"+regexp.QuoteMeta(mock.url)+`/ssh_certificate_authorities/sshca_`))),
					statecheck.ExpectKnownValue(testCAResource, tfjsonpath.New("created_at"), knownvalue.StringRegexp(
						regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$`))),
					statecheck.ExpectKnownValue(testCAResource, tfjsonpath.New("private_key_type"), knownvalue.StringExact("ed25519")),
					statecheck.ExpectKnownValue(testCAResource, tfjsonpath.New("key_type"), knownvalue.StringExact("ed25519")),
					statecheck.ExpectKnownValue(testCAResource, tfjsonpath.New("public_key"), knownvalue.StringRegexp(
						regexp.MustCompile(`^ssh-ed25519 AAAA[0-9A-Za-z+/=]+$`))),
					statecheck.ExpectKnownValue(testCAResource, tfjsonpath.New("description"), knownvalue.StringExact(mock.acc.Name("ca"))),
					statecheck.ExpectKnownValue(testCAResource, tfjsonpath.New("metadata"), knownvalue.StringExact("")),
					statecheck.ExpectKnownValue(testCAResource, tfjsonpath.New("elliptic_curve"), knownvalue.Null()),
					statecheck.ExpectKnownValue(testCAResource, tfjsonpath.New("key_size"), knownvalue.Null()),
				},
			},
			{
				ResourceName:      testCAResource,
				ImportState:       true,
				ImportStateVerify: true,
			},
			{
				// terraform plan -generate-config-out writes configuration
				// that imports with no change.
				ResourceName:    testCAResource,
				ImportState:     true,
				ImportStateKind: resource.ImportBlockWithID,
				GenerateConfig:  true,
			},
		},
	})
}

func TestAccSSHCertificateAuthority_generatedConfigForEveryKeyType(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: mock.config(testAccSSHCertificateAuthorityConfig(`private_key_type = "ecdsa"`, `elliptic_curve = "p384"`,
					`description = "d"`, `metadata = "{}"`)),
			},
			{
				ResourceName:    testCAResource,
				ImportState:     true,
				ImportStateKind: resource.ImportBlockWithID,
				GenerateConfig:  true,
			},
			{
				Config: mock.config(testAccSSHCertificateAuthorityConfig(`private_key_type = "rsa"`, `key_size = 2048`)),
			},
			{
				ResourceName:    testCAResource,
				ImportState:     true,
				ImportStateKind: resource.ImportBlockWithID,
				GenerateConfig:  true,
			},
		},
	})
}

func TestAccSSHCertificateAuthority_updateInPlace(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	sameID := statecheck.CompareValue(compare.ValuesSame())
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: mock.config(testAccSSHCertificateAuthorityConfig(`description = "first"`)),
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testCAResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testCAResource, tfjsonpath.New("description"), knownvalue.StringExact("first")),
				},
			},
			{
				Config: mock.config(testAccSSHCertificateAuthorityConfig(
					`description = "second"`, `metadata = jsonencode({ team = "platform" })`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testCAResource, plancheck.ResourceActionUpdate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testCAResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testCAResource, tfjsonpath.New("description"), knownvalue.StringExact("second")),
					statecheck.ExpectKnownValue(testCAResource, tfjsonpath.New("metadata"), knownvalue.StringExact(`{"team":"platform"}`)),
				},
			},
			{
				// Removing both clears them in the API rather than leaving them behind.
				Config: mock.config(testAccSSHCertificateAuthorityConfig()),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testCAResource, plancheck.ResourceActionUpdate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testCAResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testCAResource, tfjsonpath.New("description"), knownvalue.StringExact("")),
					statecheck.ExpectKnownValue(testCAResource, tfjsonpath.New("metadata"), knownvalue.StringExact("")),
					expectAPIAuthority(mock, testCAResource, func(ca *apiclient.SSHCertificateAuthority) error {
						if ca.Description != "" || ca.Metadata != "" {
							return fmt.Errorf("API still has description %q and metadata %q", ca.Description, ca.Metadata)
						}
						return nil
					}),
				},
			},
		},
	})
}

func TestAccSSHCertificateAuthority_replaceOnKeyOption(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	differentID := statecheck.CompareValue(compare.ValuesDiffer())
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: mock.config(testAccSSHCertificateAuthorityConfig(`private_key_type = "ecdsa"`, `description = "kept"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						// The default curve is planned as a known value, not "known after apply".
						plancheck.ExpectKnownValue(testCAResource, tfjsonpath.New("elliptic_curve"), knownvalue.StringExact("p256")),
					},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					differentID.AddStateValue(testCAResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testCAResource, tfjsonpath.New("public_key"), knownvalue.StringRegexp(
						regexp.MustCompile(`^ecdsa-sha2-nistp256 `))),
				},
			},
			{
				// Stating the default explicitly is no change.
				Config: mock.config(testAccSSHCertificateAuthorityConfig(
					`private_key_type = "ecdsa"`, `elliptic_curve = "p256"`, `description = "kept"`)),
				PlanOnly: true,
			},
			{
				Config: mock.config(testAccSSHCertificateAuthorityConfig(
					`private_key_type = "ecdsa"`, `elliptic_curve = "p384"`, `description = "kept"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(testCAResource, plancheck.ResourceActionDestroyBeforeCreate),
					},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					differentID.AddStateValue(testCAResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testCAResource, tfjsonpath.New("elliptic_curve"), knownvalue.StringExact("p384")),
					statecheck.ExpectKnownValue(testCAResource, tfjsonpath.New("public_key"), knownvalue.StringRegexp(
						regexp.MustCompile(`^ecdsa-sha2-nistp384 `))),
				},
			},
			{
				Config: mock.config(testAccSSHCertificateAuthorityConfig(`description = "kept"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(testCAResource, plancheck.ResourceActionDestroyBeforeCreate),
						plancheck.ExpectKnownValue(testCAResource, tfjsonpath.New("elliptic_curve"), knownvalue.Null()),
					},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					differentID.AddStateValue(testCAResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testCAResource, tfjsonpath.New("key_type"), knownvalue.StringExact("ed25519")),
					statecheck.ExpectKnownValue(testCAResource, tfjsonpath.New("elliptic_curve"), knownvalue.Null()),
				},
			},
		},
	})
}

func TestAccSSHCertificateAuthority_rsa(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: mock.config(testAccSSHCertificateAuthorityConfig(`private_key_type = "rsa"`, `key_size = 2048`)),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(testCAResource, tfjsonpath.New("key_size"), knownvalue.Int64Exact(2048)),
					statecheck.ExpectKnownValue(testCAResource, tfjsonpath.New("key_type"), knownvalue.StringExact("rsa")),
					expectAPIAuthority(mock, testCAResource, func(ca *apiclient.SSHCertificateAuthority) error {
						opts, err := caKeyOptionsFromPublicKey(ca.PublicKey)
						if err != nil || opts.size != 2048 {
							return fmt.Errorf("public key is not RSA 2048: %+v, %w", opts, err)
						}
						return nil
					}),
				},
			},
			{
				// The RSA default size is planned as a known value, and a change of size replaces.
				Config: mock.config(testAccSSHCertificateAuthorityConfig(`private_key_type = "rsa"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectKnownValue(testCAResource, tfjsonpath.New("key_size"), knownvalue.Int64Exact(4096)),
						plancheck.ExpectResourceAction(testCAResource, plancheck.ResourceActionDestroyBeforeCreate),
					},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(testCAResource, tfjsonpath.New("key_size"), knownvalue.Int64Exact(4096)),
				},
			},
		},
	})
}

// An authority created outside Terraform and imported with a configuration
// that states its key options plans no change, since Read derives those
// options from the public key.
func TestAccSSHCertificateAuthority_importPlansNoChange(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	ca, err := mock.client.CreateSSHCertificateAuthority(context.Background(), &apiclient.SSHCertificateAuthorityCreate{
		Description: "made in the dashboard", PrivateKeyType: "ecdsa", EllipticCurve: "p521",
	})
	if err != nil {
		t.Fatal(err)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: mock.config(fmt.Sprintf("import {\n  to = %s\n  id = %q\n}\n\n", testCAResource, ca.ID) +
					testAccSSHCertificateAuthorityConfig(`description = "made in the dashboard"`,
						`private_key_type = "ecdsa"`, `elliptic_curve = "p521"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testCAResource, plancheck.ResourceActionNoop)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(testCAResource, tfjsonpath.New("id"), knownvalue.StringExact(ca.ID)),
					statecheck.ExpectKnownValue(testCAResource, tfjsonpath.New("public_key"), knownvalue.StringExact(ca.PublicKey)),
				},
			},
		},
	})
}

// Metadata written by another tool in another JSON formatting imports into
// jsonencode() configuration, as -generate-config-out writes it, with no change.
func TestAccSSHCertificateAuthority_importJSONMetadataByMeaning(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	ca, err := mock.client.CreateSSHCertificateAuthority(context.Background(), &apiclient.SSHCertificateAuthorityCreate{
		Metadata: "{\n  \"team\": \"platform\",\n  \"tier\": 1\n}",
	})
	if err != nil {
		t.Fatal(err)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(fmt.Sprintf("import {\n  to = %s\n  id = %q\n}\n\n", testCAResource, ca.ID) +
				testAccSSHCertificateAuthorityConfig(`metadata = jsonencode({ tier = 1, team = "platform" })`)),
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testCAResource, plancheck.ResourceActionNoop)},
			},
		}},
	})
}

func TestAccSSHCertificateAuthority_importInvalidID(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config("import {\n  to = " + testCAResource + "\n  id = \"rd_2hHGVyb5ZT6WQm1uXnLfNc8Ykam\"\n}\n\n" +
				testAccSSHCertificateAuthorityConfig()),
			ExpectError: regexp.MustCompile(`(?s)Invalid Import ID.*sshca_`),
		}},
	})
}

func TestAccSSHCertificateAuthority_importUnknownID(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config("import {\n  to = " + testCAResource + "\n  id = \"sshca_2hHGVyb5ZT6WQm1uXnLfNc8Ykam\"\n}\n\n" +
				testAccSSHCertificateAuthorityConfig()),
			ExpectError: regexp.MustCompile(`Cannot import non-existent remote object`),
		}},
	})
}

func TestAccSSHCertificateAuthority_disappears(t *testing.T) {
	t.Parallel()
	mock := newTestAccount(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				// NOTE: the state keeps the object the Check deleted, so the destroy
				// that ends the test deletes it once more and must take the API's 404
				// as success.
				Config: mock.config(testAccSSHCertificateAuthorityConfig(mock.description("gone"))),
				Check:  deleteAuthorityInAPI(mock, testCAResource),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PostApplyPostRefresh: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(testCAResource, plancheck.ResourceActionCreate),
					},
				},
				ExpectNonEmptyPlan: true,
			},
		},
	})
}

func TestAccSSHCertificateAuthority_invalidConfig(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		attrs []string
		want  string
	}{
		"unknown key type":      {[]string{`private_key_type = "dsa"`}, `(?s)private_key_type.*value must be one of`},
		"unknown curve":         {[]string{`private_key_type = "ecdsa"`, `elliptic_curve = "p224"`}, `(?s)elliptic_curve.*value must be one of`},
		"unknown key size":      {[]string{`private_key_type = "rsa"`, `key_size = 1024`}, `(?s)key_size.*value must be one of`},
		"curve with rsa":        {[]string{`private_key_type = "rsa"`, `elliptic_curve = "p256"`}, `(?s)elliptic_curve applies only to\s+private_key_type = "ecdsa"`},
		"curve with default":    {[]string{`elliptic_curve = "p384"`}, `(?s)elliptic_curve applies only to.*not\s+"ed25519"`},
		"key size with ecdsa":   {[]string{`private_key_type = "ecdsa"`, `key_size = 2048`}, `(?s)key_size applies only to\s+private_key_type = "rsa"`},
		"key size with ed25519": {[]string{`private_key_type = "ed25519"`, `key_size = 4096`}, `(?s)key_size applies only to`},
		// 128 two-byte characters: 128 characters but 256 bytes.
		"description too long": {[]string{`description = "` + strings.Repeat("é", 128) + `"`}, `(?s)description.*at most 255`},
		"metadata too long":    {[]string{`metadata = "` + strings.Repeat("x", 4097) + `"`}, `(?s)metadata.*at most 4096`},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			mock := newTestMock(t)
			testAccExpectPlanError(t, mock.config(testAccSSHCertificateAuthorityConfig(tc.attrs...)), tc.want)
		})
	}
}

func TestAccSSHCertificateAuthority_limitsAccepted(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	desc := strings.Repeat("é", 127) + "x" // 255 bytes: the limit itself is allowed
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(testAccSSHCertificateAuthorityConfig(
				fmt.Sprintf("description = %q", desc), fmt.Sprintf("metadata = %q", strings.Repeat("m", 4096)))),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(testCAResource, tfjsonpath.New("description"), knownvalue.StringExact(desc)),
			},
		}},
	})
}

// deleteInAPI deletes the resource's object behind Terraform's back, as a
// colleague in the dashboard would.
func deleteAuthorityInAPI(mock *testMock, address string) resource.TestCheckFunc {
	return func(s *terraform.State) error {
		rs, ok := s.RootModule().Resources[address]
		if !ok {
			return fmt.Errorf("%s not in state", address)
		}
		return mock.client.DeleteSSHCertificateAuthority(context.Background(), rs.Primary.ID)
	}
}

// expectAPIAuthority checks the authority as the API holds it, not as
// Terraform recorded it.
func expectAPIAuthority(mock *testMock, address string, check func(*apiclient.SSHCertificateAuthority) error) statecheck.StateCheck {
	return stateCheckFunc(func(ctx context.Context, id func(string) (string, error)) error {
		caID, err := id(address)
		if err != nil {
			return err
		}
		ca, err := mock.client.GetSSHCertificateAuthority(ctx, caID)
		if err != nil {
			return err
		}
		return check(ca)
	})
}

func TestSSHCertificateAuthorityModelFromAPI(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name      string
		publicKey string
		wantType  string
		wantCurve string
		wantSize  int64
	}{
		{"ed25519", testPublicKey(t, "ed25519"), "ed25519", "", 0},
		{"ecdsa p384", testPublicKey(t, "p384"), "ecdsa", "p384", 0},
		{"rsa 2048", testPublicKey(t, "rsa2048"), "rsa", "", 2048},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			m, err := sshCertificateAuthorityModelFromAPI(&apiclient.SSHCertificateAuthority{
				ID: "sshca_x", URI: "u", CreatedAt: "c", PublicKey: tc.publicKey, KeyType: tc.wantType,
			})
			if err != nil {
				t.Fatal(err)
			}
			if got := m.PrivateKeyType.ValueString(); got != tc.wantType {
				t.Errorf("private_key_type = %q, want %q", got, tc.wantType)
			}
			if got := m.EllipticCurve.ValueString(); got != tc.wantCurve || m.EllipticCurve.IsNull() != (tc.wantCurve == "") {
				t.Errorf("elliptic_curve = %v, want %q", m.EllipticCurve, tc.wantCurve)
			}
			if got := m.KeySize.ValueInt64(); got != tc.wantSize || m.KeySize.IsNull() != (tc.wantSize == 0) {
				t.Errorf("key_size = %v, want %d", m.KeySize, tc.wantSize)
			}
			if m.Description.IsNull() || m.Metadata.IsNull() {
				t.Errorf("empty description and metadata must be \"\", not null")
			}
		})
	}
	if _, err := sshCertificateAuthorityModelFromAPI(&apiclient.SSHCertificateAuthority{ID: "sshca_x", PublicKey: "garbage"}); err == nil {
		t.Error("an unreadable public key must be an error")
	}
}

func TestSSHCertificateAuthorityModelConversions(t *testing.T) {
	t.Parallel()
	var m sshCertificateAuthorityModel
	m.Description, m.Metadata = stringValue("d"), stringValue("")
	m.PrivateKeyType, m.EllipticCurve, m.KeySize = stringValue("ecdsa"), stringValue("p384"), int64Null()
	c := m.toCreate()
	if c.PrivateKeyType != "ecdsa" || c.EllipticCurve != "p384" || c.KeySize != 0 || c.Description != "d" {
		t.Errorf("toCreate() = %+v", c)
	}
	u := m.toUpdate()
	if u.Description == nil || *u.Description != "d" || u.Metadata == nil || *u.Metadata != "" {
		t.Errorf("toUpdate() must send both fields so that an emptied one is cleared: %+v", u)
	}
}

func testPublicKey(t *testing.T, kind string) string {
	t.Helper()
	signer, err := generateTestSigner(kind)
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(ssh.MarshalAuthorizedKey(signer.PublicKey())))
}

func TestAccSSHCertificateAuthority_identity(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		TerraformVersionChecks:   requireIdentity,
		Steps: identitySteps(testCAResource, map[string]knownvalue.Check{"id": knownvalue.StringRegexp(idPattern)},
			mock.config(testAccSSHCertificateAuthorityConfig(`private_key_type = "ecdsa"`)),
			mock.config(testAccSSHCertificateAuthorityConfig(`private_key_type = "ecdsa"`, `description = "hosts"`))),
	})
}

func TestAccSSHCertificateAuthorityDataSource_byID(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(testAccSSHCertificateAuthorityConfig(
				`private_key_type = "ecdsa"`, `elliptic_curve = "p384"`, `description = "hosts"`) + `
data "ngrok_ssh_certificate_authority" "test" {
  id = ngrok_ssh_certificate_authority.test.id
}
`),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.CompareValuePairs(testCAResource, tfjsonpath.New("public_key"),
					"data.ngrok_ssh_certificate_authority.test", tfjsonpath.New("public_key"), compare.ValuesSame()),
				statecheck.CompareValuePairs(testCAResource, tfjsonpath.New("created_at"),
					"data.ngrok_ssh_certificate_authority.test", tfjsonpath.New("created_at"), compare.ValuesSame()),
				statecheck.ExpectKnownValue("data.ngrok_ssh_certificate_authority.test", tfjsonpath.New("description"), knownvalue.StringExact("hosts")),
				statecheck.ExpectKnownValue("data.ngrok_ssh_certificate_authority.test", tfjsonpath.New("elliptic_curve"), knownvalue.StringExact("p384")),
				statecheck.ExpectKnownValue("data.ngrok_ssh_certificate_authority.test", tfjsonpath.New("key_size"), knownvalue.Null()),
			},
		}},
	})
}

func TestAccSSHCertificateAuthorityDataSource_notFound(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(`
data "ngrok_ssh_certificate_authority" "test" {
  id = "sshca_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
}
`),
			ExpectError: regexp.MustCompile(`(?s)Unable to Read SSH Certificate Authority.*404`),
		}},
	})
}

func TestAccSSHCertificateAuthoritiesDataSource(t *testing.T) {
	t.Parallel()
	// One object a page: the data source must follow every next_page_uri.
	mock := newTestMock(t, mockserver.WithPageSize(1))
	ctx := context.Background()
	var ids []string
	for _, desc := range []string{"prod hosts", "staging hosts", "prod users"} {
		ca, err := mock.client.CreateSSHCertificateAuthority(ctx, &apiclient.SSHCertificateAuthorityCreate{Description: desc})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, ca.ID)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(`
data "ngrok_ssh_certificate_authorities" "all" {}

data "ngrok_ssh_certificate_authorities" "prod" {
  filter = "obj.description.startsWith('prod')"
}

data "ngrok_ssh_certificate_authorities" "none" {
  filter = "obj.description == 'nothing has this'"
}
`),
			ConfigStateChecks: []statecheck.StateCheck{
				// Newest first.
				statecheck.ExpectKnownValue("data.ngrok_ssh_certificate_authorities.all", tfjsonpath.New("certificate_authorities"),
					knownvalue.ListExact([]knownvalue.Check{
						knownvalue.ObjectPartial(map[string]knownvalue.Check{"id": knownvalue.StringExact(ids[2])}),
						knownvalue.ObjectPartial(map[string]knownvalue.Check{"id": knownvalue.StringExact(ids[1])}),
						knownvalue.ObjectPartial(map[string]knownvalue.Check{"id": knownvalue.StringExact(ids[0])}),
					})),
				statecheck.ExpectKnownValue("data.ngrok_ssh_certificate_authorities.prod", tfjsonpath.New("certificate_authorities"),
					knownvalue.ListExact([]knownvalue.Check{
						knownvalue.ObjectPartial(map[string]knownvalue.Check{
							"id": knownvalue.StringExact(ids[2]), "description": knownvalue.StringExact("prod users"),
							"private_key_type": knownvalue.StringExact("ed25519"),
						}),
						knownvalue.ObjectPartial(map[string]knownvalue.Check{"id": knownvalue.StringExact(ids[0])}),
					})),
				statecheck.ExpectKnownValue("data.ngrok_ssh_certificate_authorities.none", tfjsonpath.New("certificate_authorities"),
					knownvalue.ListSizeExact(0)),
			},
		}},
	})
}

func TestAccSSHCertificateAuthoritiesDataSource_invalidFilter(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(`
data "ngrok_ssh_certificate_authorities" "bad" {
  filter = "obj.description =="
}
`),
			ExpectError: regexp.MustCompile(`(?s)Invalid Filter.*Syntax error`),
		}},
	})
}

// terraform query lists the SSH certificate authorities: with their key as
// display name; by filter; with include_resource, the key options read from
// the public key, as an import reads them.
func TestAccSSHCertificateAuthorityListResource(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	ctx := context.Background()
	ids := map[string]string{}
	for _, in := range []apiclient.SSHCertificateAuthorityCreate{
		{PrivateKeyType: "rsa", KeySize: 2048, Description: "legacy hosts"},
		{PrivateKeyType: "ecdsa", EllipticCurve: "p521"},
	} {
		ca, err := mock.client.CreateSSHCertificateAuthority(ctx, &in)
		if err != nil {
			t.Fatal(err)
		}
		ids[in.PrivateKeyType] = ca.ID
	}

	resource.Test(t, resource.TestCase{
		TerraformVersionChecks:   queryVersionChecks,
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: mock.config(testAccSSHCertificateAuthorityConfig(`description = "managed"`))},
			{
				Query: true,
				Config: listBlock("ngrok_ssh_certificate_authority", "all", "") +
					listBlock("ngrok_ssh_certificate_authority", "ecdsa", `  include_resource = true
  config {
    filter = "obj.id == '`+ids["ecdsa"]+`'"
  }
`) +
					listBlock("ngrok_ssh_certificate_authority", "managed", "  config {\n    filter = \"obj.description == 'managed'\"\n  }\n"),
				QueryResultChecks: []querycheck.QueryResultCheck{
					querycheck.ExpectLength("ngrok_ssh_certificate_authority.all", 3),
					querycheck.ExpectResourceDisplayName("ngrok_ssh_certificate_authority.all", byID(ids["rsa"]),
						knownvalue.StringExact("legacy hosts: rsa 2048")),
					querycheck.ExpectLength("ngrok_ssh_certificate_authority.managed", 1),
					querycheck.ExpectResourceDisplayName("ngrok_ssh_certificate_authority.managed",
						queryfilter.ByResourceIdentity(map[string]knownvalue.Check{"id": knownvalue.StringRegexp(idPattern)}),
						knownvalue.StringExact("managed: ed25519")),

					querycheck.ExpectLength("ngrok_ssh_certificate_authority.ecdsa", 1),
					querycheck.ExpectResourceKnownValues("ngrok_ssh_certificate_authority.ecdsa", byID(ids["ecdsa"]), []querycheck.KnownValueCheck{
						knownValue("private_key_type", knownvalue.StringExact("ecdsa")),
						knownValue("elliptic_curve", knownvalue.StringExact("p521")),
						knownValue("key_size", knownvalue.Null()),
						knownValue("key_type", knownvalue.StringExact("ecdsa")),
						knownValue("public_key", knownvalue.StringRegexp(regexp.MustCompile(`^ecdsa-sha2-nistp521 `))),
					}),
				},
			},
		},
	})
}

// The model's values (modelValues), through setStateValues, write the very
// state that State.Set of the model writes, for each key type (null and
// known key options).
func TestSSHCertificateAuthorityStateValuesAreTheModel(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	var sr fwresource.SchemaResponse
	sshCertificateAuthorityType.newResource().Schema(ctx, fwresource.SchemaRequest{}, &sr)
	for keyType, kind := range map[string]string{"ed25519": "ed25519", "ecdsa": "p384", "rsa": "rsa2048"} {
		t.Run(keyType, func(t *testing.T) {
			t.Parallel()
			ca := &apiclient.SSHCertificateAuthority{
				ID: "sshca_2hHGVyb5ZT6WQm1uXnLfNc8Ykam", URI: "https://api.ngrok.com/ssh_certificate_authorities/sshca_2hHGVyb5ZT6WQm1uXnLfNc8Ykam",
				CreatedAt: "2026-11-25T10:00:00Z", Description: "d", Metadata: `{"a":1}`,
				PublicKey: testSSHPublicKey(t, kind), KeyType: keyType,
			}
			m, err := sshCertificateAuthorityModelFromAPI(ca)
			if err != nil {
				t.Fatal(err)
			}
			byModel := tfsdk.State{Schema: sr.Schema, Raw: tftypes.NewValue(sr.Schema.Type().TerraformType(ctx), nil)}
			if diags := byModel.Set(ctx, m); diags.HasError() {
				t.Fatal(diags)
			}
			values, ok := modelValues(m)
			if !ok {
				t.Fatal("the model is not flat")
			}
			byValues := tfsdk.State{Schema: sr.Schema, Raw: tftypes.NewValue(sr.Schema.Type().TerraformType(ctx), nil)}
			if diags := setStateValues(ctx, &byValues, values); diags.HasError() {
				t.Fatal(diags)
			}
			if !byValues.Raw.Equal(byModel.Raw) {
				t.Errorf("setStateValues wrote\n%s\nState.Set of the model\n%s", byValues.Raw, byModel.Raw)
			}
		})
	}
}
