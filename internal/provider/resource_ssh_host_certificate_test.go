package provider

import (
	"context"
	"fmt"
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
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"golang.org/x/crypto/ssh"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

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
						if cert.CertType != ssh.HostCert || cert.Serial == 0 {
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
