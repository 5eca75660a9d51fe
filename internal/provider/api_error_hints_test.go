package provider

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
	ngrokerrors "github.com/tfedge/terraform-provider-ngrok/third_party/ngrok-errors"
)

// A code with a hint gets that hint, whatever its status, instead of the
// status's generic one.
func TestAPIErrorCodeHints(t *testing.T) {
	t.Parallel()
	explained := []string{errCodeEndpointNotCloud, errCodeDomainInUse, errCodeEdgesReadOnly, errCodeEdgesUnavailable,
		errCodeEndpointConfigs, errCodeEndpointDomainMissing, errCodeEndpointURLTaken, errCodeUnknownOwner, errCodeIPPolicyInUse,
		errCodeOnlyRuleOfDashboard, errCodeSSHCAHasCertificates, errCodeManagedCertificate}
	if len(apiErrorCodeHints) != len(explained) {
		t.Errorf("%d codes have a hint, want the %d the provider explains", len(apiErrorCodeHints), len(explained))
	}
	for _, code := range explained {
		if _, ok := apiErrorCodeHints[code]; !ok {
			t.Errorf("%s has no hint", code)
		}
	}
	for code, hint := range apiErrorCodeHints {
		if !strings.HasPrefix(code, "ERR_NGROK_") || hint == "" {
			t.Errorf("%q: hint %q", code, hint)
		}
		for _, status := range []int{http.StatusBadRequest, http.StatusForbidden, http.StatusConflict} {
			e := &apiclient.APIError{StatusCode: status, ErrorCode: code, Msg: "refused", OperationID: "op_x"}
			detail := apiErrorDetail(e)
			generic := apiErrorHint(&apiclient.APIError{StatusCode: status})
			if !strings.Contains(detail, code) || !strings.HasSuffix(detail, hint) || strings.Contains(detail, generic) {
				t.Errorf("%s with status %d: detail\n%s\nwant it to end with the code's hint and not carry %q", code, status, detail, generic)
			}
		}
	}
}

// Every code with a hint means what the hint explains: ngrok's error
// reference documents it with a message that says so (a phrase of it
// here), so that no hint is keyed on a code ngrok gives another meaning.
func TestAPIErrorCodeHintsMatchNgrokReference(t *testing.T) {
	t.Parallel()
	meaning := map[string]string{
		errCodeEndpointNotCloud:      "we only support creation of cloud endpoints",
		errCodeDomainInUse:           "could not be deleted because it is still referenced by an edge or cloud endpoint",
		errCodeIPPolicyInUse:         "because it is referenced by one or more IP Restrictions",
		errCodeOnlyRuleOfDashboard:   "Cannot delete only rule ({RULEID}) in use by dashboard IP Restriction",
		errCodeSSHCAHasCertificates:  "because an SSH certificate signed by it exists",
		errCodeManagedCertificate:    "could not be deleted because it has an attached Managed Certificate Policy",
		errCodeEdgesReadOnly:         "Your account has read-only access to Edges",
		errCodeEdgesUnavailable:      "Edges are deprecated and no longer available",
		errCodeEndpointConfigs:       "Endpoint Configurations are deprecated",
		errCodeEndpointDomainMissing: "does not have any domains or addresses reserved that match the provided URL",
		errCodeEndpointURLTaken:      "already has a cloud endpoint on this URL",
		errCodeUnknownOwner:          "No credential owner could be determined",
	}
	for code := range apiErrorCodeHints {
		phrase, ok := meaning[code]
		if !ok {
			t.Errorf("%s has a hint but no phrase of ngrok's meaning here", code)
			continue
		}
		msg, ok := ngrokerrors.Message(code)
		if !ok {
			t.Errorf("%s is not in ngrok's error reference (third_party/ngrok-errors)", code)
			continue
		}
		if !strings.Contains(msg, phrase) {
			t.Errorf("%s: ngrok's message %q does not say %q", code, msg, phrase)
		}
	}
	for code := range meaning {
		if _, ok := apiErrorCodeHints[code]; !ok {
			t.Errorf("%s has a meaning here but no hint", code)
		}
	}
}

// The deletes the API refuses until something else goes first: for each,
// the failing change ends in the code's hint, naming the object, and the
// way the hint recommends applies, plans nothing after and leaves nothing
// behind. ERR_NGROK_1420's pair is TestAccIPRestriction_policyInUse.

// mockHoldsNothing is a CheckDestroy that fails while the mock holds an
// object of any of the collections.
func mockHoldsNothing(mock *testMock, collections ...string) resource.TestCheckFunc {
	return func(*terraform.State) error {
		raw, err := mock.server.MarshalState()
		if err != nil {
			return err
		}
		var st struct {
			Collections map[string][]json.RawMessage `json:"collections"`
		}
		if err := json.Unmarshal(raw, &st); err != nil {
			return err
		}
		var left []string
		for _, c := range collections {
			if _, ok := st.Collections[c]; !ok {
				return fmt.Errorf("the mock has no collection %s", c)
			}
			if n := len(st.Collections[c]); n > 0 {
				left = append(left, fmt.Sprintf("%d %s", n, c))
			}
		}
		if len(left) > 0 {
			sort.Strings(left)
			return fmt.Errorf("the mock still holds %s", strings.Join(left, ", "))
		}
		return nil
	}
}

// refusal is the pattern of a refused delete's diagnostic: its summary, the
// code, the refused object as the API's message names it (a pattern), and
// a phrase of the hint, matched across Terraform's line wrapping.
func refusal(summary, code, object, hint string) *regexp.Regexp {
	words := strings.Fields(hint)
	for i, w := range words {
		words[i] = regexp.QuoteMeta(w)
	}
	return regexp.MustCompile(`(?s)` + regexp.QuoteMeta(summary) + `.*409 Conflict with ` + code + `.*` +
		object + `.*` + strings.Join(words, `\s+`))
}

// The only rule of a policy that the dashboard IP restriction names cannot
// be deleted (ERR_NGROK_1419): removing or replacing it fails, naming the
// rule; with another rule added first, both work; depends_on on the
// restriction deletes it first when everything goes.
func TestAccIPPolicyRule_onlyRuleOfDashboardRestriction(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	policy := "resource \"ngrok_ip_policy\" \"office\" {}\n"
	rule := func(name, cidr, action string) string {
		return fmt.Sprintf("\nresource \"ngrok_ip_policy_rule\" %q {\n  ip_policy_id = ngrok_ip_policy.office.id\n"+
			"  cidr         = %q\n  action       = %q\n}\n", name, cidr, action)
	}
	restriction := func(dependsOn string) string {
		return "\nresource \"ngrok_ip_restriction\" \"dashboard\" {\n  type          = \"dashboard\"\n" +
			"  ip_policy_ids = [ngrok_ip_policy.office.id]\n  depends_on    = [" + dependsOn + "]\n}\n"
	}
	office, vpn := rule("office", "203.0.113.0/24", "allow"), rule("vpn", "198.51.100.0/24", "allow")
	officeDenied := rule("office", "203.0.113.0/24", "deny")
	refused := refusal("Unable to Delete IP Policy Rule", "ERR_NGROK_1419", `ipr_\w+`,
		"Add another rule to the policy in an earlier apply")
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: mock.config(policy + office + restriction(""))},
			// Removed or replaced alone, the rule is refused.
			{Config: mock.config(policy + restriction("")), ExpectError: refused},
			{Config: mock.config(policy + officeDenied + restriction("")), ExpectError: refused},
			// With another rule added first, the replacement and the delete work.
			{Config: mock.config(policy + office + vpn + restriction(""))},
			{
				Config: mock.config(policy + officeDenied + vpn + restriction("")),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction("ngrok_ip_policy_rule.office", plancheck.ResourceActionDestroyBeforeCreate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
			},
			{
				Config: mock.config(policy + vpn + restriction("ngrok_ip_policy_rule.vpn")),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction("ngrok_ip_policy_rule.office", plancheck.ResourceActionDestroy)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
			},
			// depends_on orders the restriction's delete before the last rule's.
			{
				Config: mock.config(""),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
			},
		},
		CheckDestroy: mockHoldsNothing(mock, "ip_policies", "ip_policy_rules", "ip_restrictions"),
	})
}

// An SSH certificate authority that signed certificates that still exist
// cannot be deleted (ERR_NGROK_1964). Certificates of Terraform's go first
// on their own; one made outside Terraform makes the delete fail, naming
// the authority, until it is deleted.
func TestAccSSHCertificateAuthority_hasCertificates(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	config := mock.config(testAccSSHCertificateConfig("host", fmt.Sprintf("public_key = %q", testSSHPublicKey(t, "ed25519"))))
	var caID, outsideID string
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config,
				Check: func(s *terraform.State) error {
					caID = s.RootModule().Resources["ngrok_ssh_certificate_authority.test"].Primary.ID
					return nil
				},
			},
			{
				// A user certificate signed outside Terraform keeps the authority.
				PreConfig: func() {
					c, err := mock.client.CreateSSHUserCertificate(context.Background(), &apiclient.SSHUserCertificateCreate{
						SSHCertificateCreate: apiclient.SSHCertificateCreate{SSHCertificateAuthorityID: caID, PublicKey: testSSHPublicKey(t, "ed25519")},
					})
					if err != nil {
						t.Fatal(err)
					}
					outsideID = c.ID
				},
				Config: mock.config(""),
				ExpectError: refusal("Unable to Delete SSH Certificate Authority", "ERR_NGROK_1964", `sshca_\w+`,
					"delete the others (made outside Terraform)"),
			},
			{
				// Deleted outside too, it lets the authority go.
				PreConfig: func() {
					if err := mock.client.DeleteSSHUserCertificate(context.Background(), outsideID); err != nil {
						t.Fatal(err)
					}
				},
				Config: mock.config(""),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction("ngrok_ssh_certificate_authority.test", plancheck.ResourceActionDestroy)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
			},
		},
		CheckDestroy: mockHoldsNothing(mock, "ssh_certificate_authorities", "ssh_host_certificates", "ssh_user_certificates"),
	})
}

// A reserved domain that a cloud endpoint serves on cannot be deleted
// (ERR_NGROK_446). An endpoint that goes in the same apply is destroyed
// first; one that stays and moves to another domain is updated after the
// old domain's delete, which is refused, naming the domain, unless the
// domain has create_before_destroy.
func TestAccReservedDomain_inUse(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t, mockserver.WithCertificateIssueDelay(0))
	domain := func(name string, cbd bool) string {
		lifecycle := ""
		if cbd {
			lifecycle = "\n  lifecycle {\n    create_before_destroy = true\n  }"
		}
		return fmt.Sprintf("\nresource \"ngrok_reserved_domain\" %q {\n  domain = \"%s.example.com\"%s\n}\n", name, name, lifecycle)
	}
	endpoint := func(name string) string {
		return fmt.Sprintf("\nresource \"ngrok_cloud_endpoint\" \"app\" {\n  url = \"https://${ngrok_reserved_domain.%s.domain}\"\n  %s\n}\n",
			name, policyHCL)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: mock.config(domain("blue", false) + domain("green", true) + domain("red", false) + endpoint("blue"))},
			{
				// blue goes before the endpoint moves to red: refused.
				Config: mock.config(domain("green", true) + domain("red", false) + endpoint("red")),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction("ngrok_cloud_endpoint.app", plancheck.ResourceActionUpdate),
						plancheck.ExpectResourceAction("ngrok_reserved_domain.blue", plancheck.ResourceActionDestroy),
					},
				},
				ExpectError: refusal("Unable to Delete Reserved Domain", "ERR_NGROK_446", `blue\.example\.com`,
					"lifecycle { create_before_destroy = true } (Terraform then updates them first)"),
			},
			// Applying it again fails again; two applies work: the endpoint
			// moves, then blue goes.
			{
				Config:      mock.config(domain("green", true) + domain("red", false) + endpoint("red")),
				ExpectError: regexp.MustCompile(`ERR_NGROK_446`),
			},
			{Config: mock.config(domain("blue", false) + domain("green", true) + domain("red", false) + endpoint("red"))},
			{
				Config: mock.config(domain("green", true) + domain("red", false) + endpoint("red")),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction("ngrok_reserved_domain.blue", plancheck.ResourceActionDestroy)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
			},
			{Config: mock.config(domain("green", true) + domain("red", false) + endpoint("green"))},
			{
				// green has create_before_destroy: the endpoint moves first.
				Config: mock.config(domain("red", false) + endpoint("red")),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction("ngrok_cloud_endpoint.app", plancheck.ResourceActionUpdate),
						plancheck.ExpectResourceAction("ngrok_reserved_domain.green", plancheck.ResourceActionDestroy),
					},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
			},
			{
				// Both go in one apply: the endpoint first.
				Config: mock.config(""),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
			},
		},
		CheckDestroy: mockHoldsNothing(mock, "reserved_domains", "endpoints", "tls_certificates"),
	})
}

// The certificate ngrok issued for a domain's automatic certificates
// cannot be deleted (ERR_NGROK_1966): imported into ngrok_tls_certificate
// and removed from the configuration, its delete fails, naming it; a
// removed block with destroy = false stops managing it, and it goes with
// the domain.
func TestAccTLSCertificate_managedByDomain(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t, mockserver.WithCertificateIssueDelay(0))
	domain := "resource \"ngrok_reserved_domain\" \"app\" {\n  domain = \"app.example.com\"\n}\n"
	managed := `
data "ngrok_tls_certificate" "managed" {
  id = ngrok_reserved_domain.app.certificate.id
}

resource "ngrok_tls_certificate" "managed" {
  certificate_pem            = data.ngrok_tls_certificate.managed.certificate_pem
  private_key_pem_wo         = "not known: ngrok holds it"
  private_key_pem_wo_version = 1
}
`
	certID := ""
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: mock.config(domain),
				Check: func(s *terraform.State) error {
					certID = s.RootModule().Resources["ngrok_reserved_domain.app"].Primary.Attributes["certificate.id"]
					if certID == "" {
						return fmt.Errorf("the domain names no certificate")
					}
					return nil
				},
			},
			{
				Config:             mock.config(domain + managed),
				ResourceName:       "ngrok_tls_certificate.managed",
				ImportState:        true,
				ImportStatePersist: true,
				ImportStateIdFunc:  func(*terraform.State) (string, error) { return certID, nil },
			},
			{
				Config: mock.config(domain),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction("ngrok_tls_certificate.managed", plancheck.ResourceActionDestroy)},
				},
				ExpectError: refusal("Unable to Delete TLS Certificate", "ERR_NGROK_1966", `cert_\w+`,
					"a removed block with lifecycle { destroy = false }"),
			},
			{
				Config: mock.config(domain + "\nremoved {\n  from = ngrok_tls_certificate.managed\n  lifecycle {\n    destroy = false\n  }\n}\n"),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				// Forgotten, not deleted: the domain still has it.
				Check: func(s *terraform.State) error {
					if _, ok := s.RootModule().Resources["ngrok_tls_certificate.managed"]; ok {
						return fmt.Errorf("the certificate is still in the state")
					}
					_, err := apiclient.TLSCertificates.Get(context.Background(), mock.client, certID)
					return err
				},
			},
		},
		CheckDestroy: mockHoldsNothing(mock, "reserved_domains", "tls_certificates"),
	})
}

// A read under a base URL whose path the API does not serve fails: the 404
// is the path's, not the object's, which stays in the state, and the hint
// names api_base_url.
func TestAccProvider_wrongBaseURLPathKeepsState(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	// NOTE: the same mock without the spec's check, which fails a test on a
	// path that is no operation of ngrok's.
	raw := httptest.NewServer(mock.server)
	t.Cleanup(raw.Close)
	policy := "resource \"ngrok_ip_policy\" \"office\" {\n  description = \"office\"\n}\n"
	wrong := fmt.Sprintf("provider \"ngrok\" {\n  api_key             = %q\n  api_base_url        = %q\n  requests_per_minute = 0\n}\n\n%s",
		testAPIKey, raw.URL+"/v2", policy)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: mock.config(policy)},
			{
				Config:      wrong,
				ExpectError: regexp.MustCompile(`(?s)Unable to Read IP Policy.*404.*Not Found.*api_base_url`),
			},
			{
				Config: mock.config(policy),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
			},
		},
		CheckDestroy: mockHoldsNothing(mock, "ip_policies"),
	})
}
