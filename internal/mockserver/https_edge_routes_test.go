package mockserver

import (
	"bytes"
	"encoding/json"
	"maps"
	"net/http"
	"slices"
	"strings"
	"testing"
)

func TestHTTPSEdgeRouteCreateUpdateDelete(t *testing.T) {
	t.Parallel()
	f := newEdgeFixture(t)
	f.s.SetEdgesWritable(true)
	routes := "/edges/https/" + f.edge + "/routes"
	w := do(t, f.s, http.MethodPost, routes, `{"edge_id":"`+f.edge+`","match_type":"exact_path","match":"/admin","description":"admin",`+
		`"backend":{"backend_id":"`+f.backend+`"},"oidc":null}`)
	wantStatus(t, w, http.StatusCreated)
	r := decodeBody[httpsEdgeRouteGetWire](t, w)
	if r.EdgeID != f.edge || r.MatchType != "exact_path" || r.Backend == nil || r.Backend.Backend.ID != f.backend {
		t.Errorf("created %+v", r)
	}
	if body, ok := f.s.EdgeRouteModule(f.edge, r.ID, ModuleBackend); !ok || !strings.Contains(string(body), f.backend) {
		t.Errorf("the body's backend module was not recorded as its PUT: %q", body)
	}

	// A PATCH without modules keeps them; "" clears the description.
	w = do(t, f.s, http.MethodPatch, routes+"/"+r.ID, `{"match_type":"path_prefix","description":""}`)
	wantStatus(t, w, http.StatusOK)
	u := decodeBody[httpsEdgeRouteGetWire](t, w)
	if u.MatchType != "path_prefix" || u.Backend == nil {
		t.Errorf("updated %+v", u)
	}
	if strings.Contains(do(t, f.s, http.MethodGet, routes+"/"+r.ID, "").Body.String(), `"description"`) {
		t.Error("the description was not cleared")
	}
	wantStatus(t, do(t, f.s, http.MethodPatch, routes+"/"+r.ID,
		`{"ip_restriction":{"ip_policy_ids":["`+f.policyA+`"]}}`), http.StatusOK)
	e := decodeBody[httpsEdgeGetWire](t, do(t, f.s, http.MethodGet, "/edges/https/"+f.edge, ""))
	if len(e.Routes) != 2 || e.Routes[1].IPRestriction == nil || e.Routes[1].Backend == nil {
		t.Errorf("edge after the PATCH: %+v", e.Routes)
	}

	wantStatus(t, do(t, f.s, http.MethodDelete, routes+"/"+r.ID, ""), http.StatusNoContent)
	wantStatus(t, do(t, f.s, http.MethodDelete, routes+"/"+r.ID, ""), http.StatusNotFound)
	// A route of another edge is not this edge's.
	wantStatus(t, do(t, f.s, http.MethodDelete, routes+"/"+f.orphan, ""), http.StatusNotFound)
	wantStatus(t, do(t, f.s, http.MethodPatch, routes+"/"+f.orphan, `{}`), http.StatusNotFound)
}

func TestHTTPSEdgeRouteValidation(t *testing.T) {
	t.Parallel()
	f := newEdgeFixture(t)
	f.s.SetEdgesWritable(true)
	routes := "/edges/https/" + f.edge + "/routes"
	cases := []struct{ body, code string }{
		{`{"match_type":"regex","match":"/x"}`, "ERR_NGROK_7130"},
		{`{"match_type":"path_prefix"}`, "ERR_NGROK_7123"},
		{`{"match_type":"path_prefix","match":"x"}`, "ERR_NGROK_7131"},
		{`{"match_type":"path_prefix","match":"/` + strings.Repeat("a", 255) + `"}`, "ERR_NGROK_7135"},
		// The fixture's route matches /api as a path prefix.
		{`{"match_type":"exact_path","match":"/api"}`, "ERR_NGROK_7126"},
		{`{"edge_id":"` + f.otherEdge + `","match_type":"path_prefix","match":"/x"}`, "ERR_NGROK_7110"},
		{`{"match_type":"path_prefix","match":"/x","backend":{}}`, "ERR_NGROK_215"},
		{`{"match_type":"path_prefix","match":"/x","ip_restriction":{"ip_policy_ids":["ipp_2cMXVoLR3sJHkWr3KqXSMNz3u9k"]}}`, "ERR_NGROK_7007"},
		{`{"match_type":"path_prefix","match":"/x","compression":{"level":9}}`, "ERR_NGROK_214"},
		{`{"match_type":"path_prefix","match":"/x","circuit_breaker":{"error_threshold_percentage":50}}`, "ERR_NGROK_7011"},
		{`{"match_type":"path_prefix","match":"/x","webhook_verification":{"provider":"GITHUB"}}`, "ERR_NGROK_7027"},
	}
	for _, c := range cases {
		wantError(t, do(t, f.s, http.MethodPost, routes, c.body), http.StatusBadRequest, c.code)
	}
	// The same match on another edge is fine; a route keeps its own match.
	wantStatus(t, do(t, f.s, http.MethodPost, "/edges/https/"+f.otherEdge+"/routes", `{"match_type":"path_prefix","match":"/api"}`), http.StatusCreated)
	wantStatus(t, do(t, f.s, http.MethodPatch, routes+"/"+f.route, `{"match":"/api"}`), http.StatusOK)
	wantStatus(t, do(t, f.s, http.MethodPost, "/edges/https/edghts_2cMXVoLR3sJHkWr3KqXSMNz3u9k/routes", `{"match_type":"path_prefix","match":"/"}`), http.StatusNotFound)
	if got := len(f.s.edges.routes.rows); got != 3 {
		t.Errorf("%d routes stored, want 3", got)
	}
}

// A create or PATCH body carries any of the route's thirteen modules, as
// ngrok-api-go's HTTPSEdgeRouteCreate and HTTPSEdgeRouteUpdate do; each is
// built as its PUT would build it, and a body that holds a secret the mock
// does not keep is not recorded.
func TestHTTPSEdgeRouteBodyTakesEveryModule(t *testing.T) {
	t.Parallel()
	f := newEdgeFixture(t)
	f.s.SetEdgesWritable(true)
	routes := "/edges/https/" + f.edge + "/routes"
	bodies := f.validModuleBodies()
	var b strings.Builder
	b.WriteString(`{"match_type":"path_prefix","match":"/every"`)
	for _, module := range slices.Sorted(maps.Keys(bodies)) {
		b.WriteString(`,"` + module + `":` + bodies[module])
	}
	b.WriteString(`}`)
	w := do(t, f.s, http.MethodPost, routes, b.String())
	wantStatus(t, w, http.StatusCreated)
	created := decodeBody[map[string]json.RawMessage](t, w)
	var id string
	if err := json.Unmarshal(created["id"], &id); err != nil {
		t.Fatal(err)
	}
	for module := range bodies {
		if _, ok := created[module]; !ok {
			t.Errorf("the created route does not answer %s: %s", module, w.Body.String())
		}
		// The route answers each module as the module's GET does.
		m := do(t, f.s, http.MethodGet, routes+"/"+id+"/"+module, "")
		wantStatus(t, m, http.StatusOK)
		if got, want := compactJSON(t, created[module]), compactJSON(t, m.Body.Bytes()); got != want {
			t.Errorf("%s: in the route %s, from its GET %s", module, got, want)
		}
		raw, ok := f.s.EdgeRouteModule(f.edge, id, module)
		switch {
		case slices.Contains(unrecordedModules, module):
			if ok {
				t.Errorf("%s: a body that holds a secret was recorded: %s", module, raw)
			}
		case !ok || string(raw) != bodies[module]:
			t.Errorf("%s: recorded %q, %v; want %q", module, raw, ok, bodies[module])
		}
	}
	if strings.Contains(w.Body.String(), "whsec-s3cret") {
		t.Errorf("the webhook secret is answered: %s", w.Body.String())
	}

	// A PATCH replaces the modules it holds and keeps the others.
	w = do(t, f.s, http.MethodPatch, routes+"/"+id, `{"compression":{"enabled":false},"user_agent_filter":null}`)
	wantStatus(t, w, http.StatusOK)
	var patched struct {
		Compression     *enabledModule         `json:"compression"`
		UserAgentFilter *userAgentFilterModule `json:"user_agent_filter"`
		SAML            map[string]any         `json:"saml"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &patched); err != nil {
		t.Fatal(err)
	}
	if patched.Compression == nil || patched.Compression.Enabled || patched.UserAgentFilter == nil || patched.SAML == nil {
		t.Errorf("after the PATCH: %s", w.Body.String())
	}
}

// compactJSON is raw without insignificant space.
func compactJSON(t *testing.T, raw []byte) string {
	t.Helper()
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		t.Fatalf("%v: %s", err, raw)
	}
	return b.String()
}
