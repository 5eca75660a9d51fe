package provider

import (
	"context"
	"fmt"
	"maps"
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
	"golang.org/x/crypto/ssh"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

var userCertIDPattern = regexp.MustCompile(`^sucrt_[0-9A-Za-z]{27}$`)

// With nothing but the key: the API's defaults (24 hours, permit-pty and
// permit-user-rc, no critical options, every principal) appear in the state
// without a diff, and the certificate carries them.
func TestAccSSHUserCertificate_defaults(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t, mockserver.WithClock(newTestClock().Now))
	key := testSSHPublicKey(t, "ed25519")
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: mock.config(testAccSSHCertificateConfig("user", fmt.Sprintf("public_key = %q", key+" alice@laptop"))),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(testUserCertificate, plancheck.ResourceActionCreate),
						// The API's default options, known at plan time.
						plancheck.ExpectKnownValue(testUserCertificate, tfjsonpath.New("extensions"), knownvalue.MapExact(map[string]knownvalue.Check{
							"permit-pty": knownvalue.StringExact(""), "permit-user-rc": knownvalue.StringExact(""),
						})),
						plancheck.ExpectKnownValue(testUserCertificate, tfjsonpath.New("critical_options"), knownvalue.MapSizeExact(0)),
					},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(testUserCertificate, tfjsonpath.New("id"), knownvalue.StringRegexp(userCertIDPattern)),
					statecheck.ExpectKnownValue(testUserCertificate, tfjsonpath.New("key_type"), knownvalue.StringExact("ed25519")),
					statecheck.ExpectKnownValue(testUserCertificate, tfjsonpath.New("principals"), knownvalue.ListSizeExact(0)),
					statecheck.ExpectKnownValue(testUserCertificate, tfjsonpath.New("critical_options"), knownvalue.MapSizeExact(0)),
					statecheck.ExpectKnownValue(testUserCertificate, tfjsonpath.New("extensions"), knownvalue.MapExact(map[string]knownvalue.Check{
						"permit-pty": knownvalue.StringExact(""), "permit-user-rc": knownvalue.StringExact(""),
					})),
					statecheck.ExpectKnownValue(testUserCertificate, tfjsonpath.New("valid_after"), knownvalue.StringExact("2025-09-04T10:11:14Z")),
					statecheck.ExpectKnownValue(testUserCertificate, tfjsonpath.New("valid_until"), knownvalue.StringExact("2025-09-05T10:11:14Z")),
					statecheck.ExpectKnownValue(testUserCertificate, tfjsonpath.New("certificate"), knownvalue.StringRegexp(
						regexp.MustCompile(`^ssh-ed25519-cert-v01@openssh\.com AAAA[0-9A-Za-z+/=]+ sucrt_[0-9A-Za-z]{27}$`))),
					expectCertificateSignedByCA(testUserCertificate, func(cert *ssh.Certificate, _ map[string]any) error {
						if cert.CertType != ssh.UserCert {
							return fmt.Errorf("type %d, want a user certificate", cert.CertType)
						}
						// No principals: valid for every user.
						if len(cert.ValidPrincipals) != 0 {
							return fmt.Errorf("ValidPrincipals = %q, want none", cert.ValidPrincipals)
						}
						if !maps.Equal(cert.Extensions, map[string]string{"permit-pty": "", "permit-user-rc": ""}) || len(cert.CriticalOptions) != 0 {
							return fmt.Errorf("permissions %+v", cert.Permissions)
						}
						if cert.ValidBefore-cert.ValidAfter != 24*3600 {
							return fmt.Errorf("validity %d..%d, want 24 hours", cert.ValidAfter, cert.ValidBefore)
						}
						return nil
					}),
				},
			},
			{
				ResourceName:      testUserCertificate,
				ImportState:       true,
				ImportStateVerify: true,
			},
			{
				ResourceName:    testUserCertificate,
				ImportState:     true,
				ImportStateKind: resource.ImportBlockWithID,
				GenerateConfig:  true,
			},
		},
	})
}

func TestAccSSHUserCertificate_options(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	key := fmt.Sprintf("public_key = %q", testSSHPublicKey(t, "rsa2048"))
	differentID := statecheck.CompareValue(compare.ValuesDiffer())
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: mock.config(testAccSSHCertificateConfig("user", key,
					`principals = ["deploy"]`,
					`critical_options = { "force-command" = "/usr/local/bin/deploy", "source-address" = "10.0.0.0/8,192.0.2.7" }`,
					`extensions = { "permit-port-forwarding" = "", "login@example.com" = "deploy" }`,
					`valid_after = "2030-01-01T00:00:00Z"`, `valid_until = "2030-01-01T08:00:00Z"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					differentID.AddStateValue(testUserCertificate, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testUserCertificate, tfjsonpath.New("key_type"), knownvalue.StringExact("rsa")),
					expectCertificateSignedByCA(testUserCertificate, func(cert *ssh.Certificate, _ map[string]any) error {
						wantCritical := map[string]string{"force-command": "/usr/local/bin/deploy", "source-address": "10.0.0.0/8,192.0.2.7"}
						wantExt := map[string]string{"permit-port-forwarding": "", "login@example.com": "deploy"}
						if !maps.Equal(cert.CriticalOptions, wantCritical) || !maps.Equal(cert.Extensions, wantExt) {
							return fmt.Errorf("permissions %+v", cert.Permissions)
						}
						if len(cert.ValidPrincipals) != 1 || cert.ValidPrincipals[0] != "deploy" || cert.ValidBefore-cert.ValidAfter != 8*3600 {
							return fmt.Errorf("principals %q validity %d..%d", cert.ValidPrincipals, cert.ValidAfter, cert.ValidBefore)
						}
						return nil
					}),
				},
			},
			{
				// Changing an option signs a new certificate.
				Config: mock.config(testAccSSHCertificateConfig("user", key,
					`principals = ["deploy"]`,
					`critical_options = { "force-command" = "/usr/local/bin/deploy" }`,
					`extensions = { "permit-port-forwarding" = "", "login@example.com" = "deploy" }`,
					`valid_after = "2030-01-01T00:00:00Z"`, `valid_until = "2030-01-01T08:00:00Z"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testUserCertificate, plancheck.ResourceActionDestroyBeforeCreate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{differentID.AddStateValue(testUserCertificate, tfjsonpath.New("id"))},
			},
			{
				// An explicit {} grants no extension at all.
				Config: mock.config(testAccSSHCertificateConfig("user", key,
					`principals = ["deploy"]`,
					`critical_options = { "force-command" = "/usr/local/bin/deploy" }`,
					`extensions = {}`,
					`valid_after = "2030-01-01T00:00:00Z"`, `valid_until = "2030-01-01T08:00:00Z"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testUserCertificate, plancheck.ResourceActionDestroyBeforeCreate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					differentID.AddStateValue(testUserCertificate, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testUserCertificate, tfjsonpath.New("extensions"), knownvalue.MapSizeExact(0)),
					expectCertificateSignedByCA(testUserCertificate, func(cert *ssh.Certificate, _ map[string]any) error {
						if len(cert.Extensions) != 0 {
							return fmt.Errorf("extensions %v, want none", cert.Extensions)
						}
						return nil
					}),
				},
			},
			{
				ResourceName:      testUserCertificate,
				ImportState:       true,
				ImportStateVerify: true,
			},
			{
				ResourceName:    testUserCertificate,
				ImportState:     true,
				ImportStateKind: resource.ImportBlockWithID,
				GenerateConfig:  true,
			},
		},
	})
}

// Stating the API's defaults explicitly, after they were defaulted, is no
// change, and removing them again is none either.
func TestAccSSHUserCertificate_defaultsStatedExplicitly(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t, mockserver.WithClock(newTestClock().Now))
	key := fmt.Sprintf("public_key = %q", testSSHPublicKey(t, "ed25519"))
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: mock.config(testAccSSHCertificateConfig("user", key))},
			{
				Config: mock.config(testAccSSHCertificateConfig("user", key,
					`principals = []`, `critical_options = {}`, `extensions = { "permit-pty" = "", "permit-user-rc" = "" }`,
					`valid_after = "2025-09-04T10:11:14Z"`, `valid_until = "2025-09-05T10:11:14Z"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testUserCertificate, plancheck.ResourceActionNoop)},
				},
			},
			{
				Config: mock.config(testAccSSHCertificateConfig("user", key)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testUserCertificate, plancheck.ResourceActionNoop)},
				},
			},
		},
	})
}

// Removing options from the configuration means the defaults, as omitting
// them does at creation: the certificate is signed again without them,
// rather than keeping a forced command or extra permissions that the
// configuration no longer states.
func TestAccSSHUserCertificate_removedOptionsReturnToDefaults(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	key := fmt.Sprintf("public_key = %q", testSSHPublicKey(t, "ed25519"))
	differentID := statecheck.CompareValue(compare.ValuesDiffer())
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: mock.config(testAccSSHCertificateConfig("user", key,
					`critical_options = { "force-command" = "/usr/local/bin/backup" }`, `extensions = { "permit-port-forwarding" = "" }`)),
				ConfigStateChecks: []statecheck.StateCheck{differentID.AddStateValue(testUserCertificate, tfjsonpath.New("id"))},
			},
			{
				Config: mock.config(testAccSSHCertificateConfig("user", key)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(testUserCertificate, plancheck.ResourceActionDestroyBeforeCreate),
						plancheck.ExpectKnownValue(testUserCertificate, tfjsonpath.New("critical_options"), knownvalue.MapSizeExact(0)),
						plancheck.ExpectKnownValue(testUserCertificate, tfjsonpath.New("extensions"), knownvalue.MapExact(map[string]knownvalue.Check{
							"permit-pty": knownvalue.StringExact(""), "permit-user-rc": knownvalue.StringExact(""),
						})),
					},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					differentID.AddStateValue(testUserCertificate, tfjsonpath.New("id")),
					expectCertificateSignedByCA(testUserCertificate, func(cert *ssh.Certificate, _ map[string]any) error {
						if len(cert.CriticalOptions) != 0 || !maps.Equal(cert.Extensions, map[string]string{"permit-pty": "", "permit-user-rc": ""}) {
							return fmt.Errorf("permissions %+v, want the defaults", cert.Permissions)
						}
						return nil
					}),
				},
			},
		},
	})
}

// An imported user certificate plans no change, and the function decodes
// the certificate in state into an output.
func TestAccSSHUserCertificate_importAndDecode(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	ctx := context.Background()
	ca, err := mock.client.CreateSSHCertificateAuthority(ctx, &apiclient.SSHCertificateAuthorityCreate{PrivateKeyType: "ecdsa"})
	if err != nil {
		t.Fatal(err)
	}
	key := testSSHPublicKey(t, "ed25519")
	cert, err := mock.client.CreateSSHUserCertificate(ctx, &apiclient.SSHUserCertificateCreate{
		SSHCertificateCreate: apiclient.SSHCertificateCreate{
			SSHCertificateAuthorityID: ca.ID, PublicKey: key + " alice@laptop", Principals: []string{"alice", "deploy"},
			ValidAfter: "2030-01-01T00:00:00Z", ValidUntil: "2030-01-02T00:00:00Z",
		},
		CriticalOptions: map[string]string{"source-address": "192.0.2.0/24"},
	})
	if err != nil {
		t.Fatal(err)
	}
	caKey, _, _, _, err := ssh.ParseAuthorizedKey([]byte(ca.PublicKey))
	if err != nil {
		t.Fatal(err)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(fmt.Sprintf(`import {
  to = %[1]s
  id = %[2]q
}

resource "ngrok_ssh_user_certificate" "test" {
  ssh_certificate_authority_id = %[3]q
  public_key                   = %[4]q
  principals                   = ["alice", "deploy"]
  critical_options             = { "source-address" = "192.0.2.0/24" }
  valid_after                  = "2030-01-01T00:00:00Z"
  valid_until                  = "2030-01-02T00:00:00Z"
}

output "info" {
  value = provider::ngrok::ssh_certificate_info(%[1]s.certificate)
}
`, testUserCertificate, cert.ID, ca.ID, key+" alice@another-name")),
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testUserCertificate, plancheck.ResourceActionNoop)},
			},
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(testUserCertificate, tfjsonpath.New("extensions"), knownvalue.MapSizeExact(2)),
				statecheck.ExpectKnownOutputValue("info", knownvalue.ObjectExact(map[string]knownvalue.Check{
					"type":   knownvalue.StringExact("user"),
					"key_id": knownvalue.StringExact(cert.ID),
					"serial": knownvalue.StringRegexp(regexp.MustCompile(`^[1-9][0-9]*$`)),
					"principals": knownvalue.ListExact([]knownvalue.Check{
						knownvalue.StringExact("alice"), knownvalue.StringExact("deploy"),
					}),
					"valid_after":      knownvalue.StringExact("2030-01-01T00:00:00Z"),
					"valid_before":     knownvalue.StringExact("2030-01-02T00:00:00Z"),
					"critical_options": knownvalue.MapExact(map[string]knownvalue.Check{"source-address": knownvalue.StringExact("192.0.2.0/24")}),
					"extensions": knownvalue.MapExact(map[string]knownvalue.Check{
						"permit-pty": knownvalue.StringExact(""), "permit-user-rc": knownvalue.StringExact(""),
					}),
					"public_key_fingerprint": knownvalue.StringExact(ssh.FingerprintSHA256(mustParseKey(t, key))),
					"signing_ca_fingerprint": knownvalue.StringExact(ssh.FingerprintSHA256(caKey)),
				})),
			},
		}},
	})
}

func mustParseKey(t *testing.T, line string) ssh.PublicKey {
	t.Helper()
	k, _, _, _, err := ssh.ParseAuthorizedKey([]byte(line))
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func TestAccSSHUserCertificate_invalidConfig(t *testing.T) {
	t.Parallel()
	keyAttr := fmt.Sprintf("public_key = %q", testSSHPublicKey(t, "ed25519"))
	for name, tc := range map[string]struct {
		attr string
		want string
	}{
		"unknown critical option":     {`critical_options = { "permit-root" = "" }`, `(?s)critical_options.*value must be one of`},
		"empty force-command":         {`critical_options = { "force-command" = "" }`, `(?s)Invalid Critical Option.*needs the command`},
		"source-address not CIDR":     {`critical_options = { "source-address" = "10.0.0.0/8,office" }`, `(?s)Invalid Critical Option.*"office" is neither`},
		"source-address with a space": {`critical_options = { "source-address" = "10.0.0.1, 10.0.0.2" }`, `(?s)Invalid Critical Option`},
		"unknown extension":           {`extensions = { "permit-everything" = "" }`, `(?s)Invalid Extension.*not an extension OpenSSH knows`},
		"flag extension with a value": {`extensions = { "permit-pty" = "yes" }`, `(?s)Invalid Extension.*permit-pty is a flag`},
		"principal with space":        {`principals = ["alice smith"]`, `(?s)principals.*without whitespace`},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			mock := newTestMock(t)
			testAccExpectPlanError(t, mock.config(testAccSSHCertificateConfig("user", keyAttr, tc.attr)), tc.want)
		})
	}
}

// Replacing the authority replaces its certificates, and a whole
// configuration comes down in one run, leaving no certificate behind.
func TestAccSSHUserCertificate_authorityReplacedWithIt(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	key := fmt.Sprintf("public_key = %q", testSSHPublicKey(t, "ed25519"))
	differentID := statecheck.CompareValue(compare.ValuesDiffer())
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		CheckDestroy: func(*terraform.State) error {
			for c, err := range mock.client.ListSSHUserCertificates(context.Background(), nil) {
				if err != nil {
					return err
				}
				return fmt.Errorf("user certificate %s survived destroy", c.ID)
			}
			return nil
		},
		Steps: []resource.TestStep{
			{
				Config:            mock.config(testAccSSHCertificateConfig("user", key)),
				ConfigStateChecks: []statecheck.StateCheck{differentID.AddStateValue(testUserCertificate, tfjsonpath.New("id"))},
			},
			{
				Config: mock.config(strings.Replace(testAccSSHCertificateConfig("user", key),
					`resource "ngrok_ssh_certificate_authority" "test" {}`,
					`resource "ngrok_ssh_certificate_authority" "test" { private_key_type = "ecdsa" }`, 1)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(testSSHCAResource, plancheck.ResourceActionDestroyBeforeCreate),
						plancheck.ExpectResourceAction(testUserCertificate, plancheck.ResourceActionDestroyBeforeCreate),
					},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					differentID.AddStateValue(testUserCertificate, tfjsonpath.New("id")),
					expectCertificateSignedByCA(testUserCertificate, nil),
				},
			},
		},
	})
}
