package provider

import (
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

const testAgentIngressResource = "ngrok_agent_ingress.test"

func testAccAgentIngressConfig(attrs ...string) string {
	return "resource \"ngrok_agent_ingress\" \"test\" {\n  " + strings.Join(attrs, "\n  ") + "\n}\n"
}

func TestAccAgentIngress_basic(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	sameID := statecheck.CompareValue(compare.ValuesSame())
	newID := statecheck.CompareValue(compare.ValuesDiffer())
	policy := `certificate_management_policy = { private_key_type = "rsa" }`
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				// NOTE: another spelling of the domain is kept as written.
				Config:           mock.config(testAccAgentIngressConfig(`domain = "Connect.Example.com"`, `description = "devices"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testAgentIngressResource, tfjsonpath.New("id")),
					newID.AddStateValue(testAgentIngressResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testAgentIngressResource, tfjsonpath.New("id"), knownvalue.StringRegexp(regexp.MustCompile(`^agin_`))),
					statecheck.ExpectKnownValue(testAgentIngressResource, tfjsonpath.New("domain"), knownvalue.StringExact("Connect.Example.com")),
					statecheck.ExpectKnownValue(testAgentIngressResource, tfjsonpath.New("ns_targets"), knownvalue.ListSizeExact(4)),
					statecheck.ExpectKnownValue(testAgentIngressResource, tfjsonpath.New("region_domains"),
						knownvalue.ListPartial(map[int]knownvalue.Check{0: knownvalue.StringRegexp(regexp.MustCompile(`^tunnel\.[a-z]+\.connect\.example\.com$`))})),
					statecheck.ExpectKnownValue(testAgentIngressResource, tfjsonpath.New("certificate_management_status"), knownvalue.Null()),
				},
			},
			{
				// A policy, and a wait for its certificate, in place.
				Config: mock.config(testAccAgentIngressConfig(`domain = "connect.example.com"`, `description = "devices"`, policy, `wait_for_certificate = true`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testAgentIngressResource, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testAgentIngressResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testAgentIngressResource, tfjsonpath.New("certificate_management_status").AtMapKey("renews_at"),
						knownvalue.NotNull()),
					statecheck.ExpectKnownValue(testAgentIngressResource, tfjsonpath.New("certificate_management_policy").AtMapKey("authority"),
						knownvalue.StringExact("letsencrypt")),
				},
			},
			{
				// The API cannot remove a policy: that replaces the ingress.
				Config: mock.config(testAccAgentIngressConfig(`domain = "connect.example.com"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testAgentIngressResource, plancheck.ResourceActionDestroyBeforeCreate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{newID.AddStateValue(testAgentIngressResource, tfjsonpath.New("id"))},
			},
			{ResourceName: testAgentIngressResource, ImportState: true, ImportStateVerify: true},
		},
	})
}

// A domain not delegated to ngrok fails its certificate job: the wait
// reports DNS_ERROR with the NS records to create.
func TestAccAgentIngress_waitFails(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(testAccAgentIngressConfig(`domain = "connect.example.invalid"`, `certificate_management_policy = {}`,
				`wait_for_certificate = true`)),
			ExpectError: regexp.MustCompile(`(?s)Managed Certificate Not Issued.*DNS_ERROR.*NS record`),
		}},
	})
}

func TestAccAgentIngress_invalidConfig(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct{ attrs, want string }{
		"wildcard":     {`domain = "*.example.com"`, `(?s)Invalid Agent Ingress Domain.*wildcard`},
		"ngrok domain": {`domain = "x.ngrok.app"`, `(?s)Invalid Agent Ingress Domain.*ERR_NGROK_6705`},
		"key type":     {"domain = \"a.example.com\"\n  certificate_management_policy = { private_key_type = \"dsa\" }", `(?s)private_key_type.*value must be\s+one\s+of`},
		"timeout":      {"domain = \"a.example.com\"\n  timeouts = { create = \"soon\" }", `(?s)Invalid Duration.*"soon" is not a duration`},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			mock := newTestMock(t)
			testAccExpectPlanError(t, mock.config(testAccAgentIngressConfig(tc.attrs)), tc.want)
		})
	}
}

// The shapes of the API's answers that the recorded exchanges show (the
// mock's README, TestReplayRecordedExchanges): what the API leaves out is
// null in the state and the data sources, and what it writes unusually is
// kept as written, with an empty plan after.

// An agent ingress's uri is a path, not a URL [real: exchange
// _agent_ingresses_create_response.md@3196b15]: the resource and both data
// sources keep it so, and the plan after is empty; a policy never set and
// its status are null.
func TestAccAgentIngress_relativeURI(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	sameURI := statecheck.CompareValue(compare.ValuesSame())
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(testAccAgentIngressConfig(`domain = "connect.example.com"`) + `
data "ngrok_agent_ingress" "test" {
  id = ngrok_agent_ingress.test.id
}

data "ngrok_agent_ingresses" "all" {
  depends_on = [ngrok_agent_ingress.test]
}
`),
			ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(testAgentIngressResource, tfjsonpath.New("uri"),
					knownvalue.StringRegexp(regexp.MustCompile(`^/agent_ingresses/agin_[0-9A-Za-z]{27}$`))),
				sameURI.AddStateValue(testAgentIngressResource, tfjsonpath.New("uri")),
				sameURI.AddStateValue("data.ngrok_agent_ingress.test", tfjsonpath.New("uri")),
				sameURI.AddStateValue("data.ngrok_agent_ingresses.all", tfjsonpath.New("agent_ingresses").AtSliceIndex(0).AtMapKey("uri")),
				statecheck.ExpectKnownValue("data.ngrok_agent_ingress.test", tfjsonpath.New("certificate_management_policy"), knownvalue.Null()),
				statecheck.ExpectKnownValue("data.ngrok_agent_ingress.test", tfjsonpath.New("certificate_management_status"), knownvalue.Null()),
			},
		}},
		CheckDestroy: mockHoldsNothing(mock, "agent_ingresses"),
	})
}
