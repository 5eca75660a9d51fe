package mockserver

import (
	"net/http"
	"strings"
	"testing"
)

const testSeedYAML = `
tls_certificates:
  - id: cert_2hHHEl1zm3hSxNaEJ3yQzTmJ2Ka
endpoint_configurations:
  - id: ec_2hHHG0kJq3hJoWj1w7Oq3wQ1BzZ
    type: https
tunnel_group_backends:
  - id: bkdtg_2hHHCX2lOd6jOb4c1aUAuQqGRqZ
    labels: {app: web}
ip_policies:
  - id: ipp_2hHHDdTq7ZJ1QqXgS1Dd3a0f0nM
    description: office
https_edges:
  - id: edghts_2hHH9vYJ0qGQ4mQoTl5ZbLSK7pE
    hostports: ["app.example.com:443"]
    routes:
      - id: edghtsrt_2hHHAi8xq3yYBv1bPpNWo4Yz2Tm
        match: /
      - match: /api
agent_endpoints:
  - url: https://demo-agent.ngrok.app
edge_endpoints:
  - url: https://app.example.com
    edge_id: edghts_2hHH9vYJ0qGQ4mQoTl5ZbLSK7pE
`

func TestSeedFileYAML(t *testing.T) {
	t.Parallel()
	f, err := ParseSeedFile([]byte(testSeedYAML))
	if err != nil {
		t.Fatal(err)
	}
	s := New()
	counts, err := s.Seed(f)
	if err != nil {
		t.Fatal(err)
	}
	want := SeedCounts{"tls_certificates": 1, "endpoint_configurations": 1, "tunnel_group_backends": 1, "ip_policies": 1,
		"https_edges": 1, "https_edge_routes": 2, "agent_endpoints": 1, "edge_endpoints": 1}
	for k, v := range want {
		if counts[k] != v {
			t.Errorf("counts[%s] = %d, want %d (all: %v)", k, counts[k], v, counts)
		}
	}
	// The seeded route takes a module at its fixed IDs, and the endpoints are listed.
	wantStatus(t, do(t, s, http.MethodPut,
		"/edges/https/edghts_2hHH9vYJ0qGQ4mQoTl5ZbLSK7pE/routes/edghtsrt_2hHHAi8xq3yYBv1bPpNWo4Yz2Tm/backend",
		`{"backend_id":"bkdtg_2hHHCX2lOd6jOb4c1aUAuQqGRqZ"}`), http.StatusOK)
	list := do(t, s, http.MethodGet, "/endpoints", "").Body.String()
	if !strings.Contains(list, `"type":"ephemeral"`) || !strings.Contains(list, `"type":"edge"`) {
		t.Errorf("endpoints list = %s, want the seeded agent and edge endpoints", list)
	}
}

func TestSeedFileJSONEqualsYAML(t *testing.T) {
	t.Parallel()
	f, err := ParseSeedFile([]byte(`{"ip_policies":[{"description":"office"}],"https_edges":[{"hostports":["a.example.com:443"],"routes":[{}]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if len(f.IPPolicies) != 1 || len(f.HTTPSEdges) != 1 || len(f.HTTPSEdges[0].Routes) != 1 ||
		f.HTTPSEdges[0].Hostports[0] != "a.example.com:443" {
		t.Errorf("parsed = %+v", f)
	}
}

func TestSeedFileRefusesMistakes(t *testing.T) {
	t.Parallel()
	for name, text := range map[string]string{
		"unknown kind":        "widgets: []",
		"unknown field":       "ip_policies: [{colour: red}]",
		"unknown edge field":  "https_edges: [{hostport: x}]",
		"unknown route field": "https_edges: [{routes: [{path: /}]}]",
		"not a mapping":       "- a\n- b",
		"broken yaml":         "ip_policies: [",
		"broken json":         `{"ip_policies": [`,
	} {
		if _, err := ParseSeedFile([]byte(text)); err == nil {
			t.Errorf("%s: ParseSeedFile(%q) succeeded, want an error", name, text)
		}
	}
}

func TestSeedStopsAtTheBadObject(t *testing.T) {
	t.Parallel()
	f, err := ParseSeedFile([]byte("ip_policies: [{}, {id: rd_wrongprefix}]\ntunnel_group_backends: [{}]\n" +
		"https_edges: [{routes: [{}, {match_type: nope}]}]"))
	if err != nil {
		t.Fatal(err)
	}
	s := New()
	_, err = s.Seed(f)
	if err == nil || !strings.Contains(err.Error(), "ip_policies[1]") {
		t.Errorf("Seed = %v, want an error naming ip_policies[1]", err)
	}
	// Nothing of a refused seed stays: not the IP policy before the bad
	// one, nor the backend of an earlier step.
	if n, m := s.edges.ipPolicies.len(), s.edges.backends.len(); n != 0 || m != 0 {
		t.Errorf("after a refused seed the server holds %d IP policies and %d backends, want none", n, m)
	}
	// Likewise for a route that fails after its edge was made.
	f, err = ParseSeedFile([]byte("https_edges: [{routes: [{}, {match_type: nope}]}]"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Seed(f); err == nil || !strings.Contains(err.Error(), "https_edges[0]: routes[1]") {
		t.Errorf("Seed = %v, want an error naming https_edges[0]: routes[1]", err)
	}
	if n, m := s.edges.edges.len(), s.edges.routes.len(); n != 0 || m != 0 {
		t.Errorf("after a refused seed the server holds %d edges and %d routes, want none", n, m)
	}
}

// A seed file's YAML keys that are one JSON key are refused, whatever order
// a map visits them in; a date-like value stays the text it is.
func TestSeedFileYAMLScalars(t *testing.T) {
	t.Parallel()
	if _, err := ParseSeedFile([]byte("tunnel_group_backends: [{labels: {1: a, 1.0: b}}]")); err == nil ||
		!strings.Contains(err.Error(), `both "1"`) {
		t.Errorf("ParseSeedFile = %v, want the keys 1 and 1.0 refused", err)
	}
	f, err := ParseSeedFile([]byte("ip_policies: [{description: 2025-01-01}]"))
	if err != nil {
		t.Fatal(err)
	}
	if got := f.IPPolicies[0].Description; got != "2025-01-01" {
		t.Errorf("description = %q, want 2025-01-01 as written", got)
	}
}

func TestAdminSeed(t *testing.T) {
	t.Parallel()
	s := New()
	w := do(t, s, http.MethodPost, "/_mock/seed", "agent_endpoints:\n  - url: https://a.ngrok.app\n")
	wantStatus(t, w, http.StatusCreated)
	if !strings.Contains(w.Body.String(), `"agent_endpoints":1`) {
		t.Errorf("seed answer = %s", w.Body)
	}
	wantStatus(t, do(t, s, http.MethodPost, "/_mock/seed", "nope: 1"), http.StatusBadRequest)
}
