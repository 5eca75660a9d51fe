package apiclient

import (
	"context"
	"encoding/json"
	"errors"
	"maps"
	"net/http"
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
	"github.com/tfedge/terraform-provider-ngrok/internal/specvalidate"
)

// edgeMock is a mock server with one seeded edge route, a backend and an IP
// policy, and a client on it.
type edgeMock struct {
	server                         *mockserver.Server
	client                         *Client
	edge, route, backend, ipPolicy string
}

func newEdgeMock(t *testing.T) *edgeMock {
	t.Helper()
	server := mockserver.New(mockserver.WithAPIKeys(mockKey))
	srv := httptest.NewServer(specvalidate.Handler(t, server))
	t.Cleanup(srv.Close)
	c, err := New(WithBaseURL(srv.URL), WithAPIKey(mockKey), WithRetryPolicy(RetryPolicy{}))
	if err != nil {
		t.Fatal(err)
	}
	m := &edgeMock{server: server, client: c}
	for _, seed := range []struct {
		dst *string
		fn  func() (string, error)
	}{
		{&m.edge, func() (string, error) { return server.SeedHTTPSEdge(mockserver.HTTPSEdgeSeed{}) }},
		{&m.route, func() (string, error) { return server.SeedHTTPSEdgeRoute(m.edge, mockserver.HTTPSEdgeRouteSeed{}) }},
		{&m.backend, func() (string, error) { return server.SeedTunnelGroupBackend(mockserver.TunnelGroupBackendSeed{}) }},
		{&m.ipPolicy, func() (string, error) { return server.SeedIPPolicy(mockserver.IPPolicySeed{}) }},
	} {
		id, err := seed.fn()
		if err != nil {
			t.Fatal(err)
		}
		*seed.dst = id
	}
	return m
}

// lastBody decodes the last PUT body the mock accepted for a module.
func (m *edgeMock) lastBody(t *testing.T, module string) map[string]any {
	t.Helper()
	raw, ok := m.server.EdgeRouteModule(m.edge, m.route, module)
	if !ok {
		t.Fatalf("no %s body recorded", module)
	}
	var v map[string]any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

func enabledValue(v bool) *bool { return &v }

func TestMockHTTPSEdgeRouteOIDC(t *testing.T) {
	t.Parallel()
	m := newEdgeMock(t)
	ctx := context.Background()

	got, err := m.client.ReplaceHTTPSEdgeRouteOIDC(ctx, m.edge, m.route, &HTTPSEdgeRouteOIDCReplace{
		Enabled: enabledValue(false), OptionsPassthrough: true, CookiePrefix: "sess", InactivityTimeout: 3600,
		MaximumDuration: 4294967295, Issuer: "https://accounts.example.com", ClientID: "app",
		ClientSecret: "s3cret", Scopes: []string{"openid", "email"},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := HTTPSEdgeRouteOIDC{
		Enabled: false, OptionsPassthrough: true, CookiePrefix: "sess", InactivityTimeout: 3600,
		MaximumDuration: 4294967295, Issuer: "https://accounts.example.com", ClientID: "app",
		ClientSecret: "s3cret", Scopes: []string{"openid", "email"},
	}
	if !oidcEqual(*got, want) {
		t.Errorf("replace returned %+v, want %+v", *got, want)
	}
	if body := m.lastBody(t, "oidc"); body["client_secret"] != "s3cret" || body["enabled"] != false || body["maximum_duration"] != 4294967295.0 {
		t.Errorf("sent body %v", body)
	}
	read, err := m.client.GetHTTPSEdgeRouteOIDC(ctx, m.edge, m.route)
	if err != nil || !oidcEqual(*read, want) {
		t.Errorf("get = %+v, %v", read, err)
	}

	// A replace without the optional fields resets them; nil Enabled is true.
	got, err = m.client.ReplaceHTTPSEdgeRouteOIDC(ctx, m.edge, m.route, &HTTPSEdgeRouteOIDCReplace{
		Issuer: "https://accounts.example.com", ClientID: "app", ClientSecret: "s3cret",
	})
	if err != nil {
		t.Fatal(err)
	}
	if !got.Enabled || got.OptionsPassthrough || got.CookiePrefix != "" || got.InactivityTimeout != 0 || got.Scopes == nil || len(got.Scopes) != 0 {
		t.Errorf("after a minimal replace: %+v", got)
	}
	if _, sent := m.lastBody(t, "oidc")["enabled"]; sent {
		t.Error("nil Enabled must be omitted so that the API applies its default")
	}

	if err := m.client.DeleteHTTPSEdgeRouteOIDC(ctx, m.edge, m.route); err != nil {
		t.Fatal(err)
	}
	if _, err := m.client.GetHTTPSEdgeRouteOIDC(ctx, m.edge, m.route); !IsNotFound(err) {
		t.Errorf("get after delete: %v, want a 404", err)
	}
}

func oidcEqual(a, b HTTPSEdgeRouteOIDC) bool {
	return reflect.DeepEqual(a, b)
}

func TestMockHTTPSEdgeRouteBackend(t *testing.T) {
	t.Parallel()
	m := newEdgeMock(t)
	ctx := context.Background()
	got, err := m.client.ReplaceHTTPSEdgeRouteBackend(ctx, m.edge, m.route, &HTTPSEdgeRouteBackendReplace{BackendID: m.backend})
	if err != nil {
		t.Fatal(err)
	}
	if !got.Enabled || got.Backend.ID != m.backend || got.Backend.URI != m.client.BaseURL()+"/backends/tunnel_group/"+m.backend {
		t.Errorf("replace returned %+v", got)
	}
	read, err := m.client.GetHTTPSEdgeRouteBackend(ctx, m.edge, m.route)
	if err != nil || *read != *got {
		t.Errorf("get = %+v, %v; want %+v", read, err, got)
	}
	if err := m.client.DeleteHTTPSEdgeRouteBackend(ctx, m.edge, m.route); err != nil {
		t.Fatal(err)
	}
	if _, err := m.client.GetHTTPSEdgeRouteBackend(ctx, m.edge, m.route); !IsNotFound(err) {
		t.Errorf("get after delete: %v, want a 404", err)
	}
}

func TestMockHTTPSEdgeRouteIPRestriction(t *testing.T) {
	t.Parallel()
	m := newEdgeMock(t)
	ctx := context.Background()
	got, err := m.client.ReplaceHTTPSEdgeRouteIPRestriction(ctx, m.edge, m.route, &HTTPSEdgeRouteIPRestrictionReplace{
		Enabled: enabledValue(false), IPPolicyIDs: []string{m.ipPolicy},
	})
	if err != nil {
		t.Fatal(err)
	}
	if got.Enabled || len(got.IPPolicies) != 1 || got.IPPolicies[0].ID != m.ipPolicy ||
		got.IPPolicies[0].URI != m.client.BaseURL()+"/ip_policies/"+m.ipPolicy {
		t.Errorf("replace returned %+v", got)
	}
	if _, err := m.client.GetHTTPSEdgeRouteIPRestriction(ctx, m.edge, m.route); err != nil {
		t.Error(err)
	}
	if err := m.client.DeleteHTTPSEdgeRouteIPRestriction(ctx, m.edge, m.route); err != nil {
		t.Fatal(err)
	}
	// Deleting a module that is not set is no error.
	if err := m.client.DeleteHTTPSEdgeRouteIPRestriction(ctx, m.edge, m.route); err != nil {
		t.Errorf("second delete: %v", err)
	}
}

func TestMockHTTPSEdgeRouteRequestHeaders(t *testing.T) {
	t.Parallel()
	m := newEdgeMock(t)
	ctx := context.Background()
	got, err := m.client.ReplaceHTTPSEdgeRouteRequestHeaders(ctx, m.edge, m.route, &HTTPSEdgeRouteRequestHeadersReplace{
		Add: map[string]string{"X-Team": "platform"}, Remove: []string{"Cookie"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if !got.Enabled || !maps.Equal(got.Add, map[string]string{"X-Team": "platform"}) || !slices.Equal(got.Remove, []string{"Cookie"}) {
		t.Errorf("replace returned %+v", got)
	}
	// Empty collections come back as {} and [], not null.
	got, err = m.client.ReplaceHTTPSEdgeRouteRequestHeaders(ctx, m.edge, m.route, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got.Add == nil || got.Remove == nil || len(got.Add) != 0 || len(got.Remove) != 0 {
		t.Errorf("replace with an empty body returned %+v", got)
	}
	read, err := m.client.GetHTTPSEdgeRouteRequestHeaders(ctx, m.edge, m.route)
	if err != nil || !read.Enabled {
		t.Errorf("get = %+v, %v", read, err)
	}
	if err := m.client.DeleteHTTPSEdgeRouteRequestHeaders(ctx, m.edge, m.route); err != nil {
		t.Fatal(err)
	}
}

func TestMockHTTPSEdgeRouteModuleErrors(t *testing.T) {
	t.Parallel()
	m := newEdgeMock(t)
	ctx := context.Background()
	const unknownEdge = "edghts_2RfSBcv0nsy71XCHWOegjx1OoKh"

	_, err := m.client.ReplaceHTTPSEdgeRouteBackend(ctx, unknownEdge, m.route, &HTTPSEdgeRouteBackendReplace{BackendID: m.backend})
	if !IsNotFound(err) {
		t.Errorf("replace on an unknown edge: %v, want a 404", err)
	}
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.Method != http.MethodPut ||
		apiErr.Path != "/edges/https/"+unknownEdge+"/routes/"+m.route+"/backend" {
		t.Errorf("error %#v does not name the request", err)
	}

	_, err = m.client.ReplaceHTTPSEdgeRouteIPRestriction(ctx, m.edge, m.route, &HTTPSEdgeRouteIPRestrictionReplace{})
	if !errors.As(err, &apiErr) || apiErr.StatusCode != http.StatusBadRequest || apiErr.ErrorCode != "ERR_NGROK_7025" {
		t.Errorf("replace without policies: %v", err)
	}

	m.server.SetEdgesReadOnly(true)
	err = m.client.DeleteHTTPSEdgeRouteOIDC(ctx, m.edge, m.route)
	if !errors.As(err, &apiErr) || apiErr.ErrorCode != "ERR_NGROK_7196" {
		t.Errorf("delete on read-only edges: %v, want ERR_NGROK_7196", err)
	}

	for name, call := range map[string]func() error{
		"empty edge":  func() error { _, err := m.client.GetHTTPSEdgeRouteOIDC(ctx, "", m.route); return err },
		"empty route": func() error { return m.client.DeleteHTTPSEdgeRouteBackend(ctx, m.edge, "") },
	} {
		if err := call(); err == nil || !strings.Contains(err.Error(), "empty HTTPS edge") {
			t.Errorf("%s: %v, want an error before any request", name, err)
		}
	}
}

func TestEdgeRouteModulePathEscapes(t *testing.T) {
	t.Parallel()
	p, err := edgeRouteModulePath("edghts_a/../b", "edghtsrt_c?d", "oidc")
	if err != nil {
		t.Fatal(err)
	}
	if want := "/edges/https/edghts_a%2F..%2Fb/routes/edghtsrt_c%3Fd/oidc"; p != want {
		t.Errorf("path = %q, want %q", p, want)
	}
}
