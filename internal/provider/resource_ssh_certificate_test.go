package provider

import (
	"context"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

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

// testAccSSHCertificatesConfig is an authority and a certificate of each
// kind signed by it, both with the given extra attributes: the shared tests
// that pass without an error run both kinds in one TestCase, and assert each.
func testAccSSHCertificatesConfig(attrs ...string) string {
	return testAccSSHCertificateConfig("host", attrs...) + fmt.Sprintf(`
resource "ngrok_ssh_user_certificate" "test" {
  ssh_certificate_authority_id = ngrok_ssh_certificate_authority.test.id
  %s
}
`, strings.Join(attrs, "\n  "))
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
	mock := newTestMock(t)
	key := fmt.Sprintf("public_key = %q", testSSHPublicKey(t, "ed25519"))
	var first, second, third resource.TestStep
	first.Config = mock.config(testAccSSHCertificatesConfig(key, `description = "first"`))
	second.Config = mock.config(testAccSSHCertificatesConfig(key, `description = "second"`, `metadata = jsonencode({ rack = "a1" })`))
	second.ConfigPlanChecks.PostApplyPostRefresh = []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}
	// Removing both clears them in the API.
	third.Config = mock.config(testAccSSHCertificatesConfig(key))
	for _, kind := range testSSHCertKinds {
		sameID := statecheck.CompareValue(compare.ValuesSame())
		sameCertificate := statecheck.CompareValue(compare.ValuesSame())
		first.ConfigStateChecks = append(first.ConfigStateChecks,
			sameID.AddStateValue(kind.address, tfjsonpath.New("id")),
			sameCertificate.AddStateValue(kind.address, tfjsonpath.New("certificate")),
		)
		second.ConfigPlanChecks.PreApply = append(second.ConfigPlanChecks.PreApply, plancheck.ExpectResourceAction(kind.address, plancheck.ResourceActionUpdate))
		second.ConfigStateChecks = append(second.ConfigStateChecks,
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
		)
		third.ConfigPlanChecks.PreApply = append(third.ConfigPlanChecks.PreApply, plancheck.ExpectResourceAction(kind.address, plancheck.ResourceActionUpdate))
		third.ConfigStateChecks = append(third.ConfigStateChecks,
			sameID.AddStateValue(kind.address, tfjsonpath.New("id")),
			expectAPICertificate(mock, kind, func(c *apiclient.SSHCertificate) error {
				if c.Description != "" || c.Metadata != "" {
					return fmt.Errorf("API still has description %q and metadata %q", c.Description, c.Metadata)
				}
				return nil
			}),
		)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps:                    []resource.TestStep{first, second, third},
	})
}

// The same key with another comment or other spacing is no change: the
// key, not its text, is what the certificate certifies.
func TestAccSSHCertificate_publicKeyComparedByKey(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	key := testSSHPublicKey(t, "ed25519")
	keyType, keyData, _ := strings.Cut(key, " ")
	respaced := resource.TestStep{
		Config: mock.config(testAccSSHCertificatesConfig(fmt.Sprintf("public_key = %q", keyType+"   "+keyData+"   alice@renamed-host\n"))),
	}
	uncommented := resource.TestStep{Config: mock.config(testAccSSHCertificatesConfig(fmt.Sprintf("public_key = %q", key)))}
	for _, kind := range testSSHCertKinds {
		noop := plancheck.ExpectResourceAction(kind.address, plancheck.ResourceActionNoop)
		respaced.ConfigPlanChecks.PreApply = append(respaced.ConfigPlanChecks.PreApply, noop)
		// The state keeps the text the certificate was made from.
		respaced.ConfigStateChecks = append(respaced.ConfigStateChecks,
			statecheck.ExpectKnownValue(kind.address, tfjsonpath.New("public_key"), knownvalue.StringExact(key+" alice@web-1")))
		uncommented.ConfigPlanChecks.PreApply = append(uncommented.ConfigPlanChecks.PreApply, noop)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: mock.config(testAccSSHCertificatesConfig(fmt.Sprintf("public_key = %q", key+" alice@web-1")))},
			respaced,
			uncommented,
		},
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
	mock := newTestMock(t)
	var recreate []plancheck.PlanCheck
	for _, kind := range testSSHCertKinds {
		recreate = append(recreate, plancheck.ExpectResourceAction(kind.address, plancheck.ResourceActionCreate))
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			// NOTE: the state keeps the certificates the Check deleted, so
			// the destroy that ends the test deletes them once more and must
			// take the API's 404 as success.
			Config: mock.config(testAccSSHCertificatesConfig(fmt.Sprintf("public_key = %q", testSSHPublicKey(t, "ed25519")))),
			Check: func(s *terraform.State) error {
				for _, kind := range testSSHCertKinds {
					rs, ok := s.RootModule().Resources[kind.address]
					if !ok {
						return fmt.Errorf("%s not in state", kind.address)
					}
					if err := kind.remove(mock.client, context.Background(), rs.Primary.ID); err != nil {
						return err
					}
				}
				return nil
			},
			ConfigPlanChecks:   resource.ConfigPlanChecks{PostApplyPostRefresh: recreate},
			ExpectNonEmptyPlan: true,
		}},
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
				// NOTE: ngrok's reference has a code per kind of certificate.
				ExpectError: regexp.MustCompile(`(?s)Unable to Create ` + kind.title + `.*400 Bad Request with\s+` +
					map[string]string{"host": "ERR_NGROK_1949", "user": "ERR_NGROK_1951"}[kind.name] + `.*The SSH CA\s+sshca_2hHGVyb5ZT6WQm1uXnLfNc8Ykam\s+does\s+not\s+exist.*Operation ID: op_`),
			}},
		})
	})
}

// The authority is made outside Terraform, so that the import by identity
// is of the certificate alone.
func TestAccSSHCertificate_identity(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	ca, err := mock.client.CreateSSHCertificateAuthority(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	key := testSSHPublicKey(t, "ed25519")
	config := func(extra ...string) string {
		var b strings.Builder
		for _, kind := range testSSHCertKinds {
			fmt.Fprintf(&b, "resource %q \"test\" {\n  ssh_certificate_authority_id = %q\n  public_key = %q\n  %s\n}\n",
				"ngrok_ssh_"+kind.name+"_certificate", ca.ID, key, strings.Join(extra, "\n  "))
		}
		return mock.config(b.String())
	}
	identities := map[string]map[string]knownvalue.Check{}
	for _, kind := range testSSHCertKinds {
		identities[kind.address] = map[string]knownvalue.Check{"id": knownvalue.StringRegexp(regexp.MustCompile(`^` + kind.idPrefix + `[0-9A-Za-z]{27}$`))}
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		TerraformVersionChecks:   requireIdentity,
		Steps:                    identityStepsOf(identities, config(), config(`description = "second"`)),
	})
}

var hostCertIDPattern = regexp.MustCompile(`^shcrt_[0-9A-Za-z]{27}$`)

func TestAccSSHHostCertificate_basic(t *testing.T) {
	t.Parallel()
	clock := newTestClock()
	mock := newTestMock(t, mockserver.WithClock(clock.Now))
	key := testSSHPublicKey(t, "p256")
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: mock.config(testAccSSHCertificateConfig("host",
					fmt.Sprintf("public_key = %q", key+" root@web-1"),
					`principals = ["web-1.example.com", "192.0.2.10"]`,
					`description = "web-1"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(testHostCertificate, plancheck.ResourceActionCreate),
						// Known from the key at plan time, not "known after apply".
						plancheck.ExpectKnownValue(testHostCertificate, tfjsonpath.New("key_type"), knownvalue.StringExact("ecdsa")),
						plancheck.ExpectUnknownValue(testHostCertificate, tfjsonpath.New("valid_after")),
					},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(testHostCertificate, tfjsonpath.New("id"), knownvalue.StringRegexp(hostCertIDPattern)),
					statecheck.ExpectKnownValue(testHostCertificate, tfjsonpath.New("uri"), knownvalue.StringRegexp(
						regexp.MustCompile("^"+regexp.QuoteMeta(mock.url)+`/ssh_host_certificates/shcrt_`))),
					statecheck.ExpectKnownValue(testHostCertificate, tfjsonpath.New("created_at"), knownvalue.StringExact("2025-09-04T10:11:14Z")),
					statecheck.ExpectKnownValue(testHostCertificate, tfjsonpath.New("public_key"), knownvalue.StringExact(key+" root@web-1")),
					statecheck.ExpectKnownValue(testHostCertificate, tfjsonpath.New("key_type"), knownvalue.StringExact("ecdsa")),
					statecheck.ExpectKnownValue(testHostCertificate, tfjsonpath.New("principals"), knownvalue.ListExact([]knownvalue.Check{
						knownvalue.StringExact("web-1.example.com"), knownvalue.StringExact("192.0.2.10"),
					})),
					// The defaults: from now, for one year.
					statecheck.ExpectKnownValue(testHostCertificate, tfjsonpath.New("valid_after"), knownvalue.StringExact("2025-09-04T10:11:14Z")),
					statecheck.ExpectKnownValue(testHostCertificate, tfjsonpath.New("valid_until"), knownvalue.StringExact("2026-09-04T10:11:14Z")),
					statecheck.ExpectKnownValue(testHostCertificate, tfjsonpath.New("description"), knownvalue.StringExact("web-1")),
					statecheck.ExpectKnownValue(testHostCertificate, tfjsonpath.New("metadata"), knownvalue.StringExact("")),
					statecheck.ExpectKnownValue(testHostCertificate, tfjsonpath.New("certificate"), knownvalue.StringRegexp(
						regexp.MustCompile(`^ecdsa-sha2-nistp256-cert-v01@openssh\.com AAAA[0-9A-Za-z+/=]+ shcrt_[0-9A-Za-z]{27}$`))),
					expectCertificateSignedByCA(testHostCertificate, func(cert *ssh.Certificate, _ map[string]any) error {
						if cert.CertType != ssh.HostCert || cert.Serial != 0 {
							return fmt.Errorf("type %d serial %d", cert.CertType, cert.Serial)
						}
						if !slices.Equal(cert.ValidPrincipals, []string{"web-1.example.com", "192.0.2.10"}) {
							return fmt.Errorf("principals %q", cert.ValidPrincipals)
						}
						if cert.ValidAfter != uint64(testCertClockStart.Unix()) || cert.ValidBefore != uint64(testCertClockStart.AddDate(1, 0, 0).Unix()) {
							return fmt.Errorf("validity %d..%d", cert.ValidAfter, cert.ValidBefore)
						}
						return nil
					}),
				},
			},
			{
				ResourceName:      testHostCertificate,
				ImportState:       true,
				ImportStateVerify: true,
			},
			{
				// The configuration that plan -generate-config-out writes
				// imports with no change.
				ResourceName:    testHostCertificate,
				ImportState:     true,
				ImportStateKind: resource.ImportBlockWithID,
				GenerateConfig:  true,
			},
		},
	})
}

// With no principals a host certificate is valid for every host.
func TestAccSSHHostCertificate_noPrincipals(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(testAccSSHCertificateConfig("host", fmt.Sprintf("public_key = %q", testSSHPublicKey(t, "ed25519")))),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(testHostCertificate, tfjsonpath.New("principals"), knownvalue.ListSizeExact(0)),
				expectCertificateSignedByCA(testHostCertificate, func(cert *ssh.Certificate, _ map[string]any) error {
					if len(cert.ValidPrincipals) != 0 {
						return fmt.Errorf("ValidPrincipals = %q, want none", cert.ValidPrincipals)
					}
					return nil
				}),
			},
		}},
	})
}

func TestAccSSHHostCertificate_replace(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	key := fmt.Sprintf("public_key = %q", testSSHPublicKey(t, "ed25519"))
	differentID := statecheck.CompareValue(compare.ValuesDiffer())
	replaced := func(attrs ...string) resource.TestStep {
		return resource.TestStep{
			Config: mock.config(testAccSSHCertificateConfig("host", append([]string{key}, attrs...)...)),
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testHostCertificate, plancheck.ResourceActionDestroyBeforeCreate)},
			},
			ConfigStateChecks: []statecheck.StateCheck{
				differentID.AddStateValue(testHostCertificate, tfjsonpath.New("id")),
				expectCertificateSignedByCA(testHostCertificate, nil),
			},
		}
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: mock.config(testAccSSHCertificateConfig("host", key, `principals = ["a.example.com"]`)),
				ConfigStateChecks: []statecheck.StateCheck{
					differentID.AddStateValue(testHostCertificate, tfjsonpath.New("id")),
				},
			},
			replaced(`principals = ["b.example.com"]`),
			replaced(`principals = ["b.example.com"]`, `valid_until = "2040-01-01T00:00:00Z"`),
			replaced(`principals = ["b.example.com"]`, `valid_until = "2040-01-01T00:00:00Z"`, `valid_after = "2030-01-01T00:00:00Z"`),
			{
				// A new key replaces too.
				Config: mock.config(testAccSSHCertificateConfig("host", fmt.Sprintf("public_key = %q", testSSHPublicKey(t, "rsa2048")),
					`principals = ["b.example.com"]`, `valid_until = "2040-01-01T00:00:00Z"`, `valid_after = "2030-01-01T00:00:00Z"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(testHostCertificate, plancheck.ResourceActionDestroyBeforeCreate),
						plancheck.ExpectKnownValue(testHostCertificate, tfjsonpath.New("key_type"), knownvalue.StringExact("rsa")),
					},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					differentID.AddStateValue(testHostCertificate, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testHostCertificate, tfjsonpath.New("key_type"), knownvalue.StringExact("rsa")),
				},
			},
		},
	})
}

// valid_after and valid_until in another notation of the same instant are
// no change, and the state keeps the configuration's notation.
func TestAccSSHHostCertificate_validityNotation(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	key := fmt.Sprintf("public_key = %q", testSSHPublicKey(t, "ed25519"))
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: mock.config(testAccSSHCertificateConfig("host", key,
					`valid_after = "2030-01-01T09:00:00+09:00"`, `valid_until = "2030-06-30T23:59:59.500Z"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(testHostCertificate, tfjsonpath.New("valid_after"), knownvalue.StringExact("2030-01-01T09:00:00+09:00")),
					expectAPICertificate(mock, testSSHCertKinds[0], func(c *apiclient.SSHCertificate) error {
						if c.ValidAfter != "2030-01-01T00:00:00Z" || c.ValidUntil != "2030-06-30T23:59:59Z" {
							return fmt.Errorf("API validity %s .. %s", c.ValidAfter, c.ValidUntil)
						}
						return nil
					}),
				},
			},
			{
				Config: mock.config(testAccSSHCertificateConfig("host", key,
					`valid_after = "2030-01-01T00:00:00Z"`, `valid_until = "2030-06-30T23:59:59Z"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testHostCertificate, plancheck.ResourceActionNoop)},
				},
			},
		},
	})
}

// Defaulted validity stays as the server set it: plans made later, when
// "now" has moved on, show no change.
func TestAccSSHHostCertificate_defaultValidityIsStable(t *testing.T) {
	t.Parallel()
	clock := newTestClock()
	mock := newTestMock(t, mockserver.WithClock(clock.Now))
	key := fmt.Sprintf("public_key = %q", testSSHPublicKey(t, "ed25519"))
	config := mock.config(testAccSSHCertificateConfig("host", key, `description = "x"`))
	sameValidity := statecheck.CompareValue(compare.ValuesSame())
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config:            config,
				ConfigStateChecks: []statecheck.StateCheck{sameValidity.AddStateValue(testHostCertificate, tfjsonpath.New("valid_until"))},
			},
			{
				PreConfig: func() { clock.advance(48 * time.Hour) },
				Config:    config,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testHostCertificate, plancheck.ResourceActionNoop)},
				},
			},
			{
				// An in-place update plans the validity as known, unchanged.
				Config: mock.config(testAccSSHCertificateConfig("host", key, `description = "y"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(testHostCertificate, plancheck.ResourceActionUpdate),
						plancheck.ExpectKnownValue(testHostCertificate, tfjsonpath.New("valid_after"), knownvalue.StringExact("2025-09-04T10:11:14Z")),
						plancheck.ExpectKnownValue(testHostCertificate, tfjsonpath.New("certificate"), knownvalue.NotNull()),
					},
				},
				ConfigStateChecks: []statecheck.StateCheck{sameValidity.AddStateValue(testHostCertificate, tfjsonpath.New("valid_until"))},
			},
		},
	})
}

// A certificate made outside Terraform, imported with a configuration that
// states the same key with another comment and the same instants in other
// notation, plans no change.
func TestAccSSHHostCertificate_importPlansNoChange(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	ctx := context.Background()
	ca, err := mock.client.CreateSSHCertificateAuthority(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	key := testSSHPublicKey(t, "p384")
	cert, err := mock.client.CreateSSHHostCertificate(ctx, &apiclient.SSHHostCertificateCreate{
		SSHCertificateAuthorityID: ca.ID, PublicKey: key + " made-by-a-script", Principals: []string{"db-1.example.com"},
		ValidAfter: "2030-01-01T00:00:00Z", ValidUntil: "2031-01-01T00:00:00Z", Description: "db-1",
	})
	if err != nil {
		t.Fatal(err)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(fmt.Sprintf(`import {
  to = %s
  id = %q
}

resource "ngrok_ssh_host_certificate" "test" {
  ssh_certificate_authority_id = %q
  public_key                   = %q
  principals                   = ["db-1.example.com"]
  valid_after                  = "2030-01-01T01:00:00+01:00"
  valid_until                  = "2031-01-01T00:00:00Z"
  description                  = "db-1"
}
`, testHostCertificate, cert.ID, ca.ID, key+" root@db-1")),
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testHostCertificate, plancheck.ResourceActionNoop)},
			},
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(testHostCertificate, tfjsonpath.New("id"), knownvalue.StringExact(cert.ID)),
				statecheck.ExpectKnownValue(testHostCertificate, tfjsonpath.New("certificate"), knownvalue.StringExact(cert.Certificate)),
			},
		}},
	})
}

func TestAccSSHHostCertificate_invalidConfig(t *testing.T) {
	t.Parallel()
	ed25519Key := testSSHPublicKey(t, "ed25519")
	keyAttr := fmt.Sprintf("public_key = %q", ed25519Key)
	for name, tc := range map[string]struct {
		attrs []string
		want  string
	}{
		"public key not a key":    {[]string{`public_key = "ssh-ed25519 not-a-key"`}, `(?s)Invalid SSH Public Key.*not an OpenSSH public key`},
		"public key empty":        {[]string{`public_key = ""`}, `(?s)Invalid SSH Public Key.*empty`},
		"public key with options": {[]string{fmt.Sprintf("public_key = %q", `no-pty `+ed25519Key)}, `(?s)Invalid SSH Public Key.*options`},
		"two public keys":         {[]string{fmt.Sprintf("public_key = %q", ed25519Key+"\n"+ed25519Key)}, `(?s)Invalid SSH Public Key.*more than one line`},
		"principal empty":         {[]string{keyAttr, `principals = [""]`}, `(?s)principals.*non-empty name without whitespace`},
		"principal with space":    {[]string{keyAttr, `principals = ["web 1"]`}, `(?s)principals.*non-empty name without whitespace`},
		"principal with a no-break space": {[]string{keyAttr, `principals = ["web\u00a01"]`},
			`(?s)principals.*non-empty name without whitespace`},
		"valid_after not RFC 3339": {[]string{keyAttr, `valid_after = "2030-01-01 00:00:00"`}, `(?s)Invalid Timestamp.*not an RFC 3339`},
		"valid_until before 1970":  {[]string{keyAttr, `valid_until = "1969-01-01T00:00:00Z"`}, `(?s)Invalid Timestamp.*before 1970`},
		"valid_until not after valid_after": {[]string{keyAttr, `valid_after = "2030-01-01T00:00:00Z"`, `valid_until = "2030-01-01T01:00:00+01:00"`},
			`(?s)Invalid Validity Period.*must be after`},
		"valid_until in the past with the default valid_after": {[]string{keyAttr, `valid_until = "2001-01-01T00:00:00Z"`},
			`(?s)Invalid Validity Period.*not in the future`},
		"authority ID of another kind": {[]string{keyAttr, `ssh_certificate_authority_id = "rd_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"`},
			`(?s)ssh_certificate_authority_id.*starting with sshca_`},
		"description too long": {[]string{keyAttr, `description = "` + strings.Repeat("é", 128) + `"`}, `(?s)description.*at most 255`},
		"metadata too long":    {[]string{keyAttr, `metadata = "` + strings.Repeat("x", 4097) + `"`}, `(?s)metadata.*at most 4096`},
		"critical options on a host certificate": {[]string{keyAttr, `critical_options = {}`},
			`(?s)An argument named "critical_options" is not expected here`},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			mock := newTestMock(t)
			config := testAccSSHCertificateConfig("host", tc.attrs...)
			if slices.ContainsFunc(tc.attrs, func(a string) bool { return strings.HasPrefix(a, "ssh_certificate_authority_id") }) {
				config = "resource \"ngrok_ssh_host_certificate\" \"test\" {\n  " + strings.Join(tc.attrs, "\n  ") + "\n}\n"
			}
			testAccExpectPlanError(t, mock.config(config), tc.want)
		})
	}
}

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
					"serial": knownvalue.StringExact("0"),
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
