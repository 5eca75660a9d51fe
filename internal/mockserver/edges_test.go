package mockserver

import (
	"net/http"
	"strings"
	"testing"
)

// An edge is read with its routes, oldest first, and each route with the
// modules that are set, nested as the API returns them.
func TestHTTPSEdgeReadNestsRoutesAndModules(t *testing.T) {
	t.Parallel()
	f := newEdgeFixture(t)
	second, err := f.s.SeedHTTPSEdgeRoute(f.edge, HTTPSEdgeRouteSeed{
		Match: "/admin", MatchType: "exact_path",
		IPRestriction:  ptrRaw(`{"ip_policy_ids":["` + f.policyA + `","` + f.policyB + `"]}`),
		RequestHeaders: ptrRaw(`{"add":{"x-a":"1"},"remove":["x-b"]}`),
	})
	if err != nil {
		t.Fatal(err)
	}
	wantStatus(t, do(t, f.s, http.MethodPut, f.modulePath(ModuleBackend), `{"backend_id":"`+f.backend+`"}`), http.StatusOK)

	e := decodeBody[httpsEdgeGetWire](t, do(t, f.s, http.MethodGet, "/edges/https/"+f.edge, ""))
	if len(e.Routes) != 2 || e.Routes[0].ID != f.route || e.Routes[1].ID != second {
		t.Fatalf("routes %+v, want %s then %s", e.Routes, f.route, second)
	}
	if e.Routes[0].Backend == nil || e.Routes[0].Backend.Backend.ID != f.backend || e.Routes[0].IPRestriction != nil {
		t.Errorf("first route %+v: want the backend module alone", e.Routes[0])
	}
	r := e.Routes[1]
	if r.Backend != nil || r.IPRestriction == nil || len(r.IPRestriction.IPPolicies) != 2 ||
		r.RequestHeaders == nil || r.RequestHeaders.Add["x-a"] != "1" || r.MatchType != "exact_path" {
		t.Errorf("second route %+v", r)
	}

	one := decodeBody[httpsEdgeRouteGetWire](t, do(t, f.s, http.MethodGet, "/edges/https/"+f.edge+"/routes/"+second, ""))
	if one.ID != second || one.EdgeID != f.edge || one.IPRestriction == nil {
		t.Errorf("route read alone: %+v", one)
	}
	wantStatus(t, do(t, f.s, http.MethodGet, "/edges/https/"+f.edge+"/routes/"+f.orphan, ""), http.StatusNotFound)

	list := decodeBody[struct {
		Edges []httpsEdgeGetWire `json:"https_edges"`
	}](t, do(t, f.s, http.MethodGet, "/edges/https", ""))
	if len(list.Edges) != 2 || list.Edges[0].ID != f.otherEdge || list.Edges[1].ID != f.edge {
		t.Errorf("list %+v: want the two edges, newest first", list.Edges)
	}
	page := decodeBody[struct {
		URI  string `json:"uri"`
		Next string `json:"next_page_uri"`
	}](t, do(t, f.s, http.MethodGet, "/edges/https?limit=1", ""))
	if !strings.HasSuffix(page.URI, "/edges/https") || !strings.Contains(page.Next, "/edges/https?") {
		t.Errorf("page uri %q, next_page_uri %q: want the path /edges/https", page.URI, page.Next)
	}
	backends := decodeBody[struct {
		Backends []tunnelGroupBackendWire `json:"backends"`
	}](t, do(t, f.s, http.MethodGet, "/backends/tunnel_group", ""))
	if len(backends.Backends) != 1 || backends.Backends[0].Labels["app"] != "api" {
		t.Errorf("backends %+v", backends.Backends)
	}
}

// Writes to edges, routes and backends answer ERR_NGROK_7008 (the mock
// serves them by seeding), and ERR_NGROK_7196 while edges are read-only, as
// do route module writes; reads go on.
func TestEdgeWritesRefused(t *testing.T) {
	t.Parallel()
	f := newEdgeFixture(t)
	writes := []struct{ method, path, body string }{
		{http.MethodPost, "/edges/https", `{}`},
		{http.MethodPatch, "/edges/https/" + f.edge, `{}`},
		{http.MethodDelete, "/edges/https/" + f.edge, ""},
		{http.MethodPost, "/edges/https/" + f.edge + "/routes", `{}`},
		{http.MethodPatch, "/edges/https/" + f.edge + "/routes/" + f.route, `{}`},
		{http.MethodDelete, "/edges/https/" + f.edge + "/routes/" + f.route, ""},
		{http.MethodPost, "/backends/tunnel_group", `{}`},
		{http.MethodPatch, "/backends/tunnel_group/" + f.backend, `{}`},
		{http.MethodDelete, "/backends/tunnel_group/" + f.backend, ""},
	}
	for _, w := range writes {
		wantError(t, do(t, f.s, w.method, w.path, w.body), http.StatusBadRequest, "ERR_NGROK_7008")
	}
	w := do(t, f.s, http.MethodPut, "/_mock/settings", `{"edges_read_only":true}`)
	wantStatus(t, w, http.StatusOK)
	if !strings.Contains(w.Body.String(), `"edges_read_only":true`) || !strings.Contains(w.Body.String(), `"endpoint_configurations_deprecated":false`) {
		t.Errorf("settings answer %s", w.Body)
	}
	for _, w := range writes {
		wantError(t, do(t, f.s, w.method, w.path, w.body), http.StatusBadRequest, "ERR_NGROK_7196")
	}
	wantError(t, do(t, f.s, http.MethodPut, f.modulePath(ModuleBackend), `{"backend_id":"`+f.backend+`"}`), http.StatusBadRequest, "ERR_NGROK_7196")
	wantStatus(t, do(t, f.s, http.MethodGet, "/edges/https/"+f.edge, ""), http.StatusOK)
	wantStatus(t, do(t, f.s, http.MethodGet, "/backends/tunnel_group/"+f.backend, ""), http.StatusOK)
	wantStatus(t, do(t, f.s, http.MethodPut, "/_mock/settings", `{"edges_readonly":true}`), http.StatusBadRequest)
	// Read-only wins over writable.
	w = do(t, f.s, http.MethodPut, "/_mock/settings", `{"edges_writable":true}`)
	if !strings.Contains(w.Body.String(), `"edges_writable":true`) || !strings.Contains(w.Body.String(), `"edges_read_only":true`) {
		t.Errorf("settings answer %s", w.Body)
	}
	for _, w := range writes {
		wantError(t, do(t, f.s, w.method, w.path, w.body), http.StatusBadRequest, "ERR_NGROK_7196")
	}
}

// A seed file's settings apply once its objects are seeded.
func TestSeedFileSettings(t *testing.T) {
	t.Parallel()
	s := New()
	f, err := ParseSeedFile([]byte("settings:\n  edges_read_only: true\n  edges_writable: true\n  endpoint_configurations_deprecated: true\n"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Seed(f); err != nil {
		t.Fatal(err)
	}
	got := s.CurrentSettings()
	if !*got.EdgesReadOnly || !*got.EdgesWritable || !*got.EndpointConfigurationsDeprecated {
		t.Errorf("settings %+v, want all on", got)
	}
	s.Reset()
	if got := s.CurrentSettings(); *got.EdgesReadOnly || *got.EdgesWritable || *got.EndpointConfigurationsDeprecated {
		t.Errorf("settings after Reset %+v, want all off", got)
	}
}

func ptrRaw(s string) *RouteModuleSeed {
	r := RouteModuleSeed(s)
	return &r
}

// The answers as a client decodes them.
type httpsEdgeGetWire struct {
	ID     string                  `json:"id"`
	Routes []httpsEdgeRouteGetWire `json:"routes"`
}

type httpsEdgeRouteGetWire struct {
	ID             string             `json:"id"`
	EdgeID         string             `json:"edge_id"`
	MatchType      string             `json:"match_type"`
	Backend        *backendWire       `json:"backend"`
	IPRestriction  *ipRestrictionWire `json:"ip_restriction"`
	RequestHeaders *struct {
		Add map[string]string `json:"add"`
	} `json:"request_headers"`
}
