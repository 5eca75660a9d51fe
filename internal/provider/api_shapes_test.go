package provider

import (
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

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
