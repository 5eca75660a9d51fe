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

func TestParseRuleCIDR(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"10.0.0.0/8":        "10.0.0.0/8",
		"198.51.100.7/32":   "198.51.100.7/32",
		"0.0.0.0/0":         "0.0.0.0/0",
		"2001:DB8::/32":     "2001:db8::/32",
		"2001:db8:0:0::/64": "2001:db8::/64",
		"::1/128":           "::1/128",
	} {
		p, err := parseRuleCIDR(in)
		if err != nil || p.String() != want {
			t.Errorf("parseRuleCIDR(%q) = %v, %v; want %s", in, p, err, want)
		}
	}
	for in, wantErr := range map[string]string{
		"10.1.2.3/8":          "did you mean 10.0.0.0/8?",
		"2001:db8::1/32":      "did you mean 2001:db8::/32?",
		"10.0.0.0/33":         "expected an IP range",
		"example.com":         "CIDR notation",
		"198.51.100.7":        "did you mean 198.51.100.7/32?",
		"":                    "without spaces",
		" 10.0.0.0/8":         "without spaces",
		"fe80::1%eth0":        "did you mean fe80::1/128?",
		"::ffff:10.0.0.0/104": "IPv4 notation (10.0.0.0/8)",
	} {
		if _, err := parseRuleCIDR(in); err == nil || !strings.Contains(err.Error(), wantErr) {
			t.Errorf("parseRuleCIDR(%q) = %v, want an error with %q", in, err, wantErr)
		}
	}
}

func TestEquivalentCIDRs(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"10.0.0.0/8", "10.0.0.0/8", true},
		{"198.51.100.7", "198.51.100.7/32", false}, // NOTE: the first is refused
		{"2001:db8:0:0::/64", "2001:db8::/64", true},
		{"2001:DB8::/32", "2001:db8::/32", true},
		{"10.0.0.0/8", "10.0.0.0/16", false},
		{"10.1.2.3/8", "10.0.0.0/8", false}, // NOTE: the first is refused, so never equal
		{"::1/128", "0.0.0.1/32", false},
	} {
		if got := equivalentCIDRs(c.a, c.b); got != c.want {
			t.Errorf("equivalentCIDRs(%q, %q) = %v", c.a, c.b, got)
		}
	}
}

func TestIPPolicyRuleModel(t *testing.T) {
	t.Parallel()
	m, err := ipPolicyRuleModelFromAPI(&apiclient.IPPolicyRule{
		ID: "ipr_1", URI: "u", CreatedAt: "t", Description: "office", Metadata: "{}", CIDR: "10.0.0.0/8",
		IPPolicy: apiclient.Ref{ID: "ipp_1", URI: "p"}, Action: "deny",
	})
	if err != nil {
		t.Fatal(err)
	}
	if m.IPPolicyID.ValueString() != "ipp_1" || m.CIDR.ValueString() != "10.0.0.0/8" || m.Action.ValueString() != "deny" {
		t.Errorf("model %+v", m)
	}
	c := m.toCreate()
	if *c != (apiclient.IPPolicyRuleCreate{Description: "office", Metadata: "{}", CIDR: "10.0.0.0/8", IPPolicyID: "ipp_1", Action: "deny"}) {
		t.Errorf("create %+v", c)
	}
	u := m.toUpdate()
	if *u.Description != "office" || *u.Metadata != "{}" || *u.CIDR != "10.0.0.0/8" {
		t.Errorf("update %+v", u)
	}
}

const testIPPolicyRuleResource = "ngrok_ip_policy_rule.test"

var ipPolicyRuleIDPattern = regexp.MustCompile(`^ipr_[0-9A-Za-z]+$`)

// testAccIPPolicyRuleConfig is a policy and a rule of it with attrs.
func testAccIPPolicyRuleConfig(attrs ...string) string {
	return testAccIPPolicyRuleConfigIn("rules", attrs...)
}

// testAccIPPolicyRuleConfigIn is testAccIPPolicyRuleConfig with the policy's
// description.
func testAccIPPolicyRuleConfigIn(policy string, attrs ...string) string {
	return fmt.Sprintf("resource \"ngrok_ip_policy\" \"test\" {\n  description = %q\n}\n\n", policy) +
		"resource \"ngrok_ip_policy_rule\" \"test\" {\n  ip_policy_id = ngrok_ip_policy.test.id\n  " + strings.Join(attrs, "\n  ") + "\n}\n"
}

func TestAccIPPolicyRule_basic(t *testing.T) {
	t.Parallel()
	mock := newTestAccount(t)
	// NOTE: the rules go with their policy, which carries the run's prefix.
	policy := mock.acc.Name("rules")
	sameID := statecheck.CompareValue(compare.ValuesSame())
	differentID := statecheck.CompareValue(compare.ValuesDiffer())
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: mock.config(testAccIPPolicyRuleConfigIn(policy, `cidr = "2001:DB8::/32"`, `action = "allow"`, `description = "office"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testIPPolicyRuleResource, plancheck.ResourceActionCreate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testIPPolicyRuleResource, tfjsonpath.New("id")),
					differentID.AddStateValue(testIPPolicyRuleResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testIPPolicyRuleResource, tfjsonpath.New("id"), knownvalue.StringRegexp(ipPolicyRuleIDPattern)),
					statecheck.ExpectKnownValue(testIPPolicyRuleResource, tfjsonpath.New("uri"), knownvalue.StringRegexp(
						regexp.MustCompile("^"+regexp.QuoteMeta(mock.url)+`/ip_policy_rules/ipr_`))),
					// NOTE: the CIDR as written, though the API answers it in lower case.
					statecheck.ExpectKnownValue(testIPPolicyRuleResource, tfjsonpath.New("cidr"), knownvalue.StringExact("2001:DB8::/32")),
					statecheck.ExpectKnownValue(testIPPolicyRuleResource, tfjsonpath.New("action"), knownvalue.StringExact("allow")),
					statecheck.CompareValuePairs(testIPPolicyRuleResource, tfjsonpath.New("ip_policy_id"),
						testIPPolicyResource, tfjsonpath.New("id"), compare.ValuesSame()),
					expectAPIRule(mock, testIPPolicyRuleResource, func(r *apiclient.IPPolicyRule) error {
						if r.CIDR != "2001:db8::/32" {
							return fmt.Errorf("API has cidr %q", r.CIDR)
						}
						return nil
					}),
				},
			},
			{
				// The lower-case spelling of the same range is no change.
				Config:   mock.config(testAccIPPolicyRuleConfigIn(policy, `cidr = "2001:db8::/32"`, `action = "allow"`, `description = "office"`)),
				PlanOnly: true,
			},
			{
				// The CIDR and the description change in place.
				Config: mock.config(testAccIPPolicyRuleConfigIn(policy, `cidr = "203.0.113.0/24"`, `action = "allow"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testIPPolicyRuleResource, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testIPPolicyRuleResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testIPPolicyRuleResource, tfjsonpath.New("cidr"), knownvalue.StringExact("203.0.113.0/24")),
					statecheck.ExpectKnownValue(testIPPolicyRuleResource, tfjsonpath.New("description"), knownvalue.StringExact("")),
				},
			},
			{
				// The API cannot change a rule's action: it is replaced.
				Config: mock.config(testAccIPPolicyRuleConfigIn(policy, `cidr = "203.0.113.0/24"`, `action = "deny"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testIPPolicyRuleResource, plancheck.ResourceActionDestroyBeforeCreate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					differentID.AddStateValue(testIPPolicyRuleResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testIPPolicyRuleResource, tfjsonpath.New("action"), knownvalue.StringExact("deny")),
				},
			},
			{ResourceName: testIPPolicyRuleResource, ImportState: true, ImportStateVerify: true},
			{ResourceName: testIPPolicyRuleResource, ImportState: true, ImportStateKind: resource.ImportBlockWithID, GenerateConfig: true},
		},
	})
}

// A refresh of a policy's rules lists that policy's rules only: 20 rules
// behind 400 newer rules of another policy cost, per refresh, one GET and
// one page of their policy's list, where the whole list would find none of
// them in its first pages and read each with a GET.
func TestAccIPPolicyRule_refreshWithinPolicy(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	config := mock.config("resource \"ngrok_ip_policy\" \"test\" {\n  description = \"ours\"\n}\n\n" +
		"resource \"ngrok_ip_policy_rule\" \"test\" {\n  count        = 20\n  ip_policy_id = ngrok_ip_policy.test.id\n" +
		"  cidr         = \"10.0.${count.index}.0/24\"\n  action       = \"allow\"\n}\n")
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: config},
			{
				PreConfig: func() {
					ctx := context.Background()
					other, err := apiclient.IPPolicies.Create(ctx, mock.client, &apiclient.IPPolicyCreate{Description: "theirs"})
					if err != nil {
						t.Fatal(err)
					}
					for i := range 400 {
						if _, err := apiclient.IPPolicyRules.Create(ctx, mock.client, &apiclient.IPPolicyRuleCreate{
							IPPolicyID: other.ID, CIDR: fmt.Sprintf("11.%d.%d.0/24", i/256, i%256), Action: "deny"}); err != nil {
							t.Fatal(err)
						}
					}
					mock.server.ClearJournal()
				},
				Config:   config,
				PlanOnly: true,
			},
			{
				PreConfig: func() {
					_, counts := mock.server.Journal()
					pages, gets := counts["GET /ip_policy_rules"], counts["GET /ip_policy_rules/{id}"]
					if pages == 0 || gets > pages {
						t.Errorf("the refreshes read %d pages and %d rules by GET; want one GET a page", pages, gets)
					}
				},
				Config:   config,
				PlanOnly: true,
			},
		},
	})
}

// Moving a rule to another policy replaces it: the API cannot.
func TestAccIPPolicyRule_replaceOnPolicy(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	differentID := statecheck.CompareValue(compare.ValuesDiffer())
	config := func(policy string) string {
		return mock.config(`resource "ngrok_ip_policy" "a" {}
resource "ngrok_ip_policy" "b" {}

resource "ngrok_ip_policy_rule" "test" {
  ip_policy_id = ngrok_ip_policy.` + policy + `.id
  cidr         = "10.0.0.0/8"
  action       = "allow"
}
`)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: config("a"), ConfigStateChecks: []statecheck.StateCheck{differentID.AddStateValue(testIPPolicyRuleResource, tfjsonpath.New("id"))}},
			{
				Config: config("b"),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testIPPolicyRuleResource, plancheck.ResourceActionDestroyBeforeCreate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					differentID.AddStateValue(testIPPolicyRuleResource, tfjsonpath.New("id")),
					statecheck.CompareValuePairs(testIPPolicyRuleResource, tfjsonpath.New("ip_policy_id"),
						"ngrok_ip_policy.b", tfjsonpath.New("id"), compare.ValuesSame()),
				},
			},
		},
	})
}

func TestAccIPPolicyRule_importPlansNoChange(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	ctx := context.Background()
	p, err := apiclient.IPPolicies.Create(ctx, mock.client, &apiclient.IPPolicyCreate{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := apiclient.IPPolicyRules.Create(ctx, mock.client, &apiclient.IPPolicyRuleCreate{
		IPPolicyID: p.ID, CIDR: "2001:db8:1::/48", Action: "deny", Description: "made elsewhere",
	})
	if err != nil {
		t.Fatal(err)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(importBlock(testIPPolicyRuleResource, r.ID) + fmt.Sprintf(`resource "ngrok_ip_policy_rule" "test" {
  ip_policy_id = %q
  cidr         = "2001:DB8:1::/48"
  action       = "deny"
  description  = "made elsewhere"
}
`, p.ID)),
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testIPPolicyRuleResource, plancheck.ResourceActionNoop)},
			},
		}},
	})
}

func TestAccIPPolicyRule_disappears(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(testAccIPPolicyRuleConfig(`cidr = "10.0.0.0/8"`, `action = "allow"`)),
			Check: deleteObjectInAPI(testIPPolicyRuleResource, func(ctx context.Context, id string) error {
				return apiclient.IPPolicyRules.Delete(ctx, mock.client, id)
			}),
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testIPPolicyRuleResource, plancheck.ResourceActionCreate)},
			},
			ExpectNonEmptyPlan: true,
		}},
	})
}

func TestAccIPPolicyRule_invalidConfig(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		attrs []string
		want  string
	}{
		"host bits":       {[]string{`cidr = "10.1.2.3/8"`, `action = "allow"`}, `(?s)Invalid CIDR.*lowest of its\s+range: did you mean\s+10.0.0.0/8\?`},
		"bare address":    {[]string{`cidr = "198.51.100.7"`, `action = "allow"`}, `(?s)Invalid CIDR.*did you mean\s+198.51.100.7/32\?`},
		"not an address":  {[]string{`cidr = "office"`, `action = "allow"`}, `(?s)Invalid CIDR.*CIDR notation`},
		"prefix too long": {[]string{`cidr = "10.0.0.0/33"`, `action = "allow"`}, `(?s)Invalid CIDR`},
		"unknown action":  {[]string{`cidr = "10.0.0.0/8"`, `action = "block"`}, `(?s)action.*value must be one of`},
		"no action":       {[]string{`cidr = "10.0.0.0/8"`}, `(?s)The argument "action" is required`},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			mock := newTestMock(t)
			testAccExpectPlanError(t, mock.config(testAccIPPolicyRuleConfig(tc.attrs...)), tc.want)
		})
	}
}

func TestAccIPPolicyRule_invalidPolicyID(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	testAccExpectPlanError(t, mock.config(`resource "ngrok_ip_policy_rule" "test" {
  ip_policy_id = "sshca_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  cidr         = "10.0.0.0/8"
  action       = "allow"
}
`), `(?s)ip_policy_id.*must be the ID of an IP policy, starting with ipp_`)
}

func TestAccIPPolicyRule_identity(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		TerraformVersionChecks:   requireIdentity,
		Steps: identitySteps(testIPPolicyRuleResource, map[string]knownvalue.Check{"id": knownvalue.StringRegexp(ipPolicyRuleIDPattern)},
			mock.config(testAccIPPolicyRuleConfig(`cidr = "10.0.0.0/8"`, `action = "allow"`)),
			mock.config(testAccIPPolicyRuleConfig(`cidr = "10.0.0.0/16"`, `action = "allow"`))),
	})
}

// The plural data source lists the rules of one policy (ip_policy_id), with
// a filter as well; the single one reads one rule.
func TestAccIPPolicyRuleDataSources(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	config := mock.config(`resource "ngrok_ip_policy" "a" {}
resource "ngrok_ip_policy" "b" {}

resource "ngrok_ip_policy_rule" "a" {
  count        = 3
  ip_policy_id = ngrok_ip_policy.a.id
  cidr         = ["10.0.0.0/8", "192.0.2.0/24", "2001:db8::/32"][count.index]
  action       = ["allow", "deny", "allow"][count.index]
}

resource "ngrok_ip_policy_rule" "b" {
  ip_policy_id = ngrok_ip_policy.b.id
  cidr         = "10.0.0.0/8"
  action       = "allow"
}

data "ngrok_ip_policy_rules" "a" {
  ip_policy_id = ngrok_ip_policy.a.id
  depends_on   = [ngrok_ip_policy_rule.a, ngrok_ip_policy_rule.b]
}

data "ngrok_ip_policy_rules" "a_allowed" {
  ip_policy_id = ngrok_ip_policy.a.id
  filter       = "obj.action == 'allow'"
  depends_on   = [ngrok_ip_policy_rule.a, ngrok_ip_policy_rule.b]
}

data "ngrok_ip_policy_rules" "all" {
  depends_on = [ngrok_ip_policy_rule.a, ngrok_ip_policy_rule.b]
}

data "ngrok_ip_policy_rule" "b" {
  id = ngrok_ip_policy_rule.b.id
}
`)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: config,
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.ngrok_ip_policy_rules.a", tfjsonpath.New("ip_policy_rules"), knownvalue.ListSizeExact(3)),
				statecheck.ExpectKnownValue("data.ngrok_ip_policy_rules.a_allowed", tfjsonpath.New("ip_policy_rules"), knownvalue.ListSizeExact(2)),
				statecheck.ExpectKnownValue("data.ngrok_ip_policy_rules.all", tfjsonpath.New("ip_policy_rules"), knownvalue.ListSizeExact(4)),
				statecheck.CompareValuePairs("data.ngrok_ip_policy_rule.b", tfjsonpath.New("ip_policy_id"),
					"ngrok_ip_policy.b", tfjsonpath.New("id"), compare.ValuesSame()),
				statecheck.ExpectKnownValue("data.ngrok_ip_policy_rule.b", tfjsonpath.New("cidr"), knownvalue.StringExact("10.0.0.0/8")),
				statecheck.ExpectKnownValue("data.ngrok_ip_policy_rule.b", tfjsonpath.New("action"), knownvalue.StringExact("allow")),
			},
		}},
	})
}

func TestAccIPPolicyRuleListResource(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	ctx := context.Background()
	p, err := apiclient.IPPolicies.Create(ctx, mock.client, &apiclient.IPPolicyCreate{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := apiclient.IPPolicyRules.Create(ctx, mock.client, &apiclient.IPPolicyRuleCreate{
		IPPolicyID: p.ID, CIDR: "192.0.2.0/24", Action: "deny", Description: "guests",
	})
	if err != nil {
		t.Fatal(err)
	}
	resource.Test(t, resource.TestCase{
		TerraformVersionChecks:   queryVersionChecks,
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: mock.config(testAccIPPolicyRuleConfig(`cidr = "10.0.0.0/8"`, `action = "allow"`))},
			{
				Query: true,
				Config: listBlock("ngrok_ip_policy_rule", "all", "") +
					listBlock("ngrok_ip_policy_rule", "one_policy", fmt.Sprintf("  include_resource = true\n  config {\n    ip_policy_id = %q\n  }\n", p.ID)),
				QueryResultChecks: []querycheck.QueryResultCheck{
					querycheck.ExpectLength("ngrok_ip_policy_rule.all", 2),
					querycheck.ExpectLength("ngrok_ip_policy_rule.one_policy", 1),
					querycheck.ExpectResourceDisplayName("ngrok_ip_policy_rule.one_policy", byID(r.ID), knownvalue.StringExact("guests: deny 192.0.2.0/24")),
					querycheck.ExpectResourceKnownValues("ngrok_ip_policy_rule.one_policy", byID(r.ID), []querycheck.KnownValueCheck{
						knownValue("ip_policy_id", knownvalue.StringExact(p.ID)),
						knownValue("cidr", knownvalue.StringExact("192.0.2.0/24")),
						knownValue("action", knownvalue.StringExact("deny")),
					}),
				},
			},
		},
	})
}

// expectAPIRule checks the rule as the API holds it.
func expectAPIRule(mock *testMock, address string, check func(*apiclient.IPPolicyRule) error) statecheck.StateCheck {
	return stateCheckFunc(func(ctx context.Context, id func(string) (string, error)) error {
		ruleID, err := id(address)
		if err != nil {
			return err
		}
		r, err := apiclient.IPPolicyRules.Get(ctx, mock.client, ruleID)
		if err != nil {
			return err
		}
		return check(r)
	})
}
