package provider

import (
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

func TestFailoverBackendModel(t *testing.T) {
	t.Parallel()
	m, _ := failoverBackendModelFromAPI(&apiclient.FailoverBackend{ID: "bkdfo_1", Backends: []string{"bkdhr_1", "bkdsc_1"}})
	if c := m.toCreate(); len(c.Backends) != 2 || c.Backends[0] != "bkdhr_1" {
		t.Errorf("create %+v", c)
	}
	m, _ = failoverBackendModelFromAPI(&apiclient.FailoverBackend{ID: "bkdfo_1"})
	if u := m.toUpdate(); u.Backends == nil || len(*u.Backends) != 0 {
		t.Errorf("update without backends %+v", u)
	}
}

func TestAccFailoverBackend_invalidConfig(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	testAccExpectPlanError(t, mock.config("resource \"ngrok_failover_backend\" \"test\" {\n  backends = [\"ipp_2hHGVyb5ZT6WQm1uXnLfNc8Ykam\"]\n}\n"),
		`(?s)backends.*must\s+be\s+the\s+ID\s+of\s+a\s+backend`)
}

// A failover backend that names a backend the account does not have is
// refused by the API, with its code.
func TestAccFailoverBackend_unknownBackend(t *testing.T) {
	t.Parallel()
	mock := newWritableEdgesMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config:      mock.config("resource \"ngrok_failover_backend\" \"test\" {\n  backends = [\"bkdhr_2hHGVyb5ZT6WQm1uXnLfNc8Ykam\"]\n}\n"),
			ExpectError: regexp.MustCompile(`ERR_NGROK_6501`),
		}},
	})
}

// An edge route's backend module takes a failover backend of the same
// configuration; the destroy that ends the test removes the module before
// the backends it names, which the API refuses to delete while named.
func TestAccFailoverBackend_routeBackendModule(t *testing.T) {
	t.Parallel()
	mock := newWritableEdgesMock(t)
	f := seedEdgeRoutes(t, mock)
	config := mock.config(`
resource "ngrok_tunnel_group_backend" "web" {
  labels = { app = "web" }
}

resource "ngrok_http_response_backend" "down" {
  status_code = 503
}

resource "ngrok_failover_backend" "web" {
  backends = [ngrok_tunnel_group_backend.web.id, ngrok_http_response_backend.down.id]
}
` + testAccBackendConfig(f.edge, f.route, "backend_id = ngrok_failover_backend.web.id"))
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: config,
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
			},
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.CompareValuePairs("ngrok_https_edge_route_backend.test", tfjsonpath.New("backend_id"),
					"ngrok_failover_backend.web", tfjsonpath.New("id"), compare.ValuesSame()),
			},
		}},
	})
}
