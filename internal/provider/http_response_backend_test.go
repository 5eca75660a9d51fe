package provider

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

func TestHTTPResponseBackendModel(t *testing.T) {
	t.Parallel()
	m, _ := httpResponseBackendModelFromAPI(&apiclient.HTTPResponseBackend{ID: "bkdhr_1", StatusCode: 418, Body: "b",
		Headers: map[string]string{"content-type": "text/plain"}})
	if c := m.toCreate(); c.StatusCode == nil || *c.StatusCode != 418 || c.Headers["content-type"] != "text/plain" || c.Body != "b" {
		t.Errorf("create %+v", c)
	}
	if u := m.toUpdate(); u.Headers == nil || *u.StatusCode != 418 || *u.Body != "b" {
		t.Errorf("update %+v", u)
	}
	// NOTE: a status code not yet known (not configured) is left to the API.
	m.StatusCode = types.Int64Unknown()
	if c := m.toCreate(); c.StatusCode != nil {
		t.Errorf("create with an unknown status code sends %d", *c.StatusCode)
	}
	// The API's lower-cased names keep the prior spelling while they name
	// the same headers, and not once they differ.
	prior := m
	prior.Headers = stringMapOf(map[string]string{"Content-Type": "text/plain"})
	read, _ := httpResponseBackendModelFromAPI(&apiclient.HTTPResponseBackend{Headers: map[string]string{"content-type": "text/plain"}})
	httpResponseBackendType.keep(prior, &read)
	if _, ok := read.Headers.Elements()["Content-Type"]; !ok {
		t.Errorf("kept headers %v", read.Headers)
	}
	read, _ = httpResponseBackendModelFromAPI(&apiclient.HTTPResponseBackend{Headers: map[string]string{"content-type": "text/html"}})
	httpResponseBackendType.keep(prior, &read)
	if _, ok := read.Headers.Elements()["content-type"]; !ok {
		t.Errorf("changed headers %v", read.Headers)
	}
}

// Imported, the lower-cased names the API answers match a configuration
// that spells them otherwise: nothing to change.
func TestAccHTTPResponseBackend_headerCase(t *testing.T) {
	t.Parallel()
	mock := newWritableEdgesMock(t)
	b, err := apiclient.HTTPResponseBackends.Create(t.Context(), mock.client, &apiclient.HTTPResponseBackendCreate{
		Headers: map[string]string{"Content-Type": "text/plain"}})
	if err != nil {
		t.Fatal(err)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(importBlock("ngrok_http_response_backend.test", b.ID) +
				"resource \"ngrok_http_response_backend\" \"test\" {\n  headers = { \"Content-Type\" = \"text/plain\" }\n}\n"),
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction("ngrok_http_response_backend.test", plancheck.ResourceActionNoop)},
			},
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("ngrok_http_response_backend.test", tfjsonpath.New("status_code"), knownvalue.Int64Exact(200)),
			},
		}},
	})
}

func TestAccHTTPResponseBackend_invalidConfig(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct{ body, want string }{
		"status code too low":  {`status_code = 99`, `(?s)status_code.*between\s+100\s+and\s+599`},
		"status code too high": {`status_code = 600`, `(?s)status_code.*between\s+100\s+and\s+599`},
		"header name":          {`headers = { "Bad Name" = "v" }`, `Invalid HTTP Header Name`},
		"header value":         {`headers = { "X-A" = "a\nb" }`, `(?s)headers.*line\s+break`},
		"header twice":         {`headers = { "X-A" = "a", "x-a" = "b" }`, `Duplicate HTTP Header Name`},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			mock := newTestMock(t)
			testAccExpectPlanError(t, mock.config("resource \"ngrok_http_response_backend\" \"test\" {\n"+tc.body+"\n}\n"), tc.want)
		})
	}
}
