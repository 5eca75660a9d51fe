package provider

import (
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
)

// An HTTP phase on a tcp:// cloud endpoint fails the plan: TCP and TLS
// endpoints run on_tcp_connect only (ngrok's ERR_NGROK_2230).
func TestAccCloudEndpoint_policyPhasesOfItsProtocol(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(`
resource "ngrok_cloud_endpoint" "db" {
  url            = "tcp://db.internal:5432"
  traffic_policy = jsonencode({ on_http_request = [{ actions = [{ type = "deny" }] }] })
}
`),
			ExpectError: regexp.MustCompile(`(?s)Invalid Traffic Policy.*tcp://db.internal:5432.*a tcp:// endpoint runs only\s+on_tcp_connect,\s+so\s+the\s+rules\s+of\s+on_http_request\s+would\s+never\s+run`),
		}},
	})
}
