package provider

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

// edgeRouteFixture is what the module tests need seeded in their mock: an
// HTTPS edge with two routes, a second edge, two tunnel group backends and
// two IP policies.
type edgeRouteFixture struct {
	edge, route, route2   string
	otherEdge             string
	backend, backend2     string
	ipPolicy, ipPolicy2   string
	unknownEdge           string // well-formed, never seeded
	unknownRouteOfTheEdge string
}

func seedEdgeRoutes(t *testing.T, mock *testMock) edgeRouteFixture {
	t.Helper()
	s := mock.server
	must := func(id string, err error) string {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	f := edgeRouteFixture{
		unknownEdge:           "edghts_2hHGVyb5ZT6WQm1uXnLfNc8Ykam",
		unknownRouteOfTheEdge: "edghtsrt_2hHGW0x7oSn4wdDzkRmE7YcB3Lq",
	}
	f.edge = must(s.SeedHTTPSEdge(mockserver.HTTPSEdgeSeed{Hostports: []string{"app.example.com:443"}}))
	f.route = must(s.SeedHTTPSEdgeRoute(f.edge, mockserver.HTTPSEdgeRouteSeed{Match: "/"}))
	f.route2 = must(s.SeedHTTPSEdgeRoute(f.edge, mockserver.HTTPSEdgeRouteSeed{Match: "/api"}))
	f.otherEdge = must(s.SeedHTTPSEdge(mockserver.HTTPSEdgeSeed{}))
	f.backend = must(s.SeedTunnelGroupBackend(mockserver.TunnelGroupBackendSeed{Labels: map[string]string{"app": "web"}}))
	f.backend2 = must(s.SeedTunnelGroupBackend(mockserver.TunnelGroupBackendSeed{Labels: map[string]string{"app": "api"}}))
	f.ipPolicy = must(s.SeedIPPolicy(mockserver.IPPolicySeed{Description: "office"}))
	f.ipPolicy2 = must(s.SeedIPPolicy(mockserver.IPPolicySeed{Description: "vpn"}))
	return f
}

// moduleConfig renders a resource or data block of the given type named
// "test" with edge_id and route_id and the given attribute lines.
func moduleConfig(kind, typ, edgeID, routeID string, attrs ...string) string {
	lines := append([]string{fmt.Sprintf("edge_id  = %q", edgeID), fmt.Sprintf("route_id = %q", routeID)}, attrs...)
	return fmt.Sprintf("%s %q \"test\" {\n  %s\n}\n", kind, typ, strings.Join(lines, "\n  "))
}

// lastModuleBody decodes the body of the last PUT the mock accepted for a module.
func lastModuleBody(mock *testMock, edgeID, routeID, module string) (map[string]any, error) {
	raw, ok := mock.server.EdgeRouteModule(edgeID, routeID, module)
	if !ok {
		return nil, fmt.Errorf("the mock received no PUT of the %s module of %s/%s", module, edgeID, routeID)
	}
	var body map[string]any
	if err := json.Unmarshal(raw, &body); err != nil {
		return nil, err
	}
	return body, nil
}

// expectSentModule checks the last PUT body of a module, as the API received it.
func expectSentModule(mock *testMock, edgeID, routeID, module string, check func(body map[string]any) error) statecheck.StateCheck {
	return stateCheckFunc(func(context.Context, func(string) (string, error)) error {
		body, err := lastModuleBody(mock, edgeID, routeID, module)
		if err != nil {
			return err
		}
		return check(body)
	})
}

// stateAttributes returns the attribute values of a resource in the state.
func stateAttributes(req statecheck.CheckStateRequest, address string) (map[string]any, error) {
	if req.State == nil || req.State.Values == nil || req.State.Values.RootModule == nil {
		return nil, errors.New("no state")
	}
	for _, r := range req.State.Values.RootModule.Resources {
		if r.Address == address {
			return r.AttributeValues, nil
		}
	}
	return nil, fmt.Errorf("%s not in state", address)
}

// stateAttributesCheck adapts a check of a resource's attribute values, the
// whole state's JSON given too, to statecheck.StateCheck.
type stateAttributesCheck struct {
	address string
	check   func(attrs map[string]any, stateJSON string) error
}

func (c stateAttributesCheck) CheckState(_ context.Context, req statecheck.CheckStateRequest, resp *statecheck.CheckStateResponse) {
	attrs, err := stateAttributes(req, c.address)
	if err != nil {
		resp.Error = err
		return
	}
	whole, err := json.Marshal(req.State)
	if err != nil {
		resp.Error = err
		return
	}
	resp.Error = c.check(attrs, string(whole))
}

func TestParseEdgeRouteModuleID(t *testing.T) {
	t.Parallel()
	ids, err := edgeRouteModuleImport.parseImportID("edghts_2hHGVyb5ZT6WQm1uXnLfNc8Ykam/edghtsrt_2hHGW0x7oSn4wdDzkRmE7YcB3Lq")
	if err != nil || len(ids) != 2 || ids[0] != "edghts_2hHGVyb5ZT6WQm1uXnLfNc8Ykam" || ids[1] != "edghtsrt_2hHGW0x7oSn4wdDzkRmE7YcB3Lq" {
		t.Errorf("parse = %q, %v", ids, err)
	}
	for _, bad := range []string{
		"",
		"edghts_2hHGVyb5ZT6WQm1uXnLfNc8Ykam",
		"edghts_2hHGVyb5ZT6WQm1uXnLfNc8Ykam/",
		"/edghtsrt_2hHGW0x7oSn4wdDzkRmE7YcB3Lq",
		"edghtsrt_2hHGW0x7oSn4wdDzkRmE7YcB3Lq/edghts_2hHGVyb5ZT6WQm1uXnLfNc8Ykam",
		"edghts_/edghtsrt_",
		"edghts_a/edghtsrt_b/oidc",
		"edghts_a:edghtsrt_b",
	} {
		if _, err := edgeRouteModuleImport.parseImportID(bad); err == nil || !strings.Contains(err.Error(), edgeRouteModuleImportFormat) {
			t.Errorf("parseImportID(%q) = %v, want an error naming the format", bad, err)
		}
	}
}

func TestEdgesReadOnlyHint(t *testing.T) {
	t.Parallel()
	// The status of ERR_NGROK_7196 is not documented; the hint must follow
	// the code whatever the status, ahead of the status's own hint.
	for _, status := range []int{400, 403, 409} {
		detail := apiErrorDetail(&apiclient.APIError{
			StatusCode: status, ErrorCode: "ERR_NGROK_7196", Msg: "Edges are read-only.", OperationID: "op_x",
			Method: "PUT", Path: "/edges/https/edghts_a/routes/edghtsrt_b/oidc",
		})
		for _, want := range []string{"ERR_NGROK_7196", "read-only", "Cloud endpoints with a traffic policy", "terraform state rm", "op_x"} {
			if !strings.Contains(detail, want) {
				t.Errorf("status %d: detail does not mention %q:\n%s", status, want, detail)
			}
		}
		for _, unwanted := range []string{"Check the API key", "Correct the configuration value", "Another object already holds"} {
			if strings.Contains(detail, unwanted) {
				t.Errorf("status %d: detail carries the status's generic hint %q:\n%s", status, unwanted, detail)
			}
		}
	}
	if d := apiErrorDetail(&apiclient.APIError{StatusCode: 400, ErrorCode: "ERR_NGROK_7173"}); strings.Contains(d, "read-only") {
		t.Errorf("another code got the read-only hint:\n%s", d)
	}
}

func TestEdgeRouteModuleDiagnostics(t *testing.T) {
	t.Parallel()
	notFound := &apiclient.APIError{StatusCode: 404, Msg: "Resource not found", OperationID: "op_y"}
	d := edgeRouteModuleDiagnostic("Unable to Create X", notFound, "edghts_a", "edghtsrt_b")
	if d.Severity() != diag.SeverityError || d.Summary() != "Unable to Create X" ||
		!strings.Contains(d.Detail(), "No route edghtsrt_b was found on the HTTPS edge edghts_a") || !strings.Contains(d.Detail(), "op_y") {
		t.Errorf("404 diagnostic: %s: %s", d.Summary(), d.Detail())
	}
	d = edgeRouteModuleReadDiagnostic("Unable to Read X", httpsEdgeRouteOIDCModule.noun, notFound, "edghts_a", "edghtsrt_b")
	if !strings.Contains(d.Detail(), "has no OIDC module, or the edge or the route does not exist") {
		t.Errorf("data source 404 diagnostic: %s", d.Detail())
	}
	bad := &apiclient.APIError{StatusCode: 400, ErrorCode: "ERR_NGROK_7171", Msg: "issuer"}
	if d := edgeRouteModuleDiagnostic("S", bad, "edghts_a", "edghtsrt_b"); strings.Contains(d.Detail(), "No route") {
		t.Errorf("a 400 must not claim the route is missing: %s", d.Detail())
	}
}
