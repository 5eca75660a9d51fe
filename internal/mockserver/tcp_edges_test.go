package mockserver

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// writableEdges is a server whose account kept edge write access, with a
// tunnel-group backend and an IP policy for the modules to name.
func writableEdges(t *testing.T) (s *Server, backend, policy string) {
	t.Helper()
	s = New()
	s.SetEdgesWritable(true)
	backend, err := s.SeedTunnelGroupBackend(TunnelGroupBackendSeed{Labels: map[string]string{"app": "db"}})
	if err != nil {
		t.Fatal(err)
	}
	return s, backend, createIPPolicy(t, s, "").ID
}

// edgeAnswer is a TCP or TLS edge's answer, modules as raw JSON so that a
// null one can be told from an absent one.
type edgeAnswer struct {
	ID        string                     `json:"id"`
	URI       string                     `json:"uri"`
	Hostports []string                   `json:"hostports"`
	Modules   map[string]json.RawMessage `json:"-"`
}

func decodeEdge(t *testing.T, w interface{ Bytes() []byte }) edgeAnswer {
	t.Helper()
	var e edgeAnswer
	if err := json.Unmarshal(w.Bytes(), &e); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(w.Bytes(), &e.Modules); err != nil {
		t.Fatal(err)
	}
	return e
}

func TestTCPEdgeLifecycle(t *testing.T) {
	t.Parallel()
	s, backend, policy := writableEdges(t)
	addr := "1.tcp.ngrok.io:20001"
	seedAddr(t, s, addr)
	w := do(t, s, http.MethodPost, "/edges/tcp", `{"description":"db","hostports":["`+addr+`"],"backend":{"backend_id":"`+backend+`"},"traffic_policy":{"value":"{\"on_tcp_connect\":[{\"actions\":[{\"type\":\"deny\"}]}]}"}}`)
	wantStatus(t, w, http.StatusCreated)
	e := decodeEdge(t, w.Body)
	if !strings.HasPrefix(e.ID, prefixEdgeTCP) || e.URI != "http://example.com/edges/tcp/"+e.ID || len(e.Hostports) != 1 {
		t.Fatalf("created %s", w.Body)
	}
	if string(e.Modules["ip_restriction"]) != "null" || !strings.Contains(string(e.Modules["backend"]), `"enabled":true`) {
		t.Errorf("modules %s", w.Body)
	}
	if _, ok := e.Modules["mutual_tls"]; ok {
		t.Errorf("a TCP edge answered a TLS module: %s", w.Body)
	}
	// A PATCH leaves what it does not name alone.
	w = do(t, s, http.MethodPatch, "/edges/tcp/"+e.ID, `{"id":"`+e.ID+`","metadata":"m","ip_restriction":{"ip_policy_ids":["`+policy+`"]}}`)
	wantStatus(t, w, http.StatusOK)
	if b := w.Body.String(); !strings.Contains(b, `"description":"db"`) || !strings.Contains(b, policy) || !strings.Contains(b, backend) || !strings.Contains(b, addr) {
		t.Errorf("patched %s", b)
	}
	// Modules go through their own endpoints.
	wantStatus(t, do(t, s, http.MethodDelete, "/edges/tcp/"+e.ID+"/backend", ""), http.StatusNoContent)
	wantError(t, do(t, s, http.MethodGet, "/edges/tcp/"+e.ID+"/backend", ""), http.StatusNotFound, "")
	w = do(t, s, http.MethodPut, "/edges/tcp/"+e.ID+"/backend", `{"enabled":false,"backend_id":"`+backend+`"}`)
	wantStatus(t, w, http.StatusOK)
	if !strings.Contains(w.Body.String(), `"enabled":false`) {
		t.Errorf("PUT answered %s", w.Body)
	}
	w = do(t, s, http.MethodGet, "/edges/tcp?limit=1", "")
	wantStatus(t, w, http.StatusOK)
	if !strings.Contains(w.Body.String(), `"tcp_edges":[{`) {
		t.Errorf("list %s", w.Body)
	}
	wantStatus(t, do(t, s, http.MethodDelete, "/edges/tcp/"+e.ID, ""), http.StatusNoContent)
	wantError(t, do(t, s, http.MethodGet, "/edges/tcp/"+e.ID, ""), http.StatusNotFound, "")
}

func TestTCPEdgeHostportRules(t *testing.T) {
	t.Parallel()
	s, _, _ := writableEdges(t)
	seedAddr(t, s, "1.tcp.ngrok.io:20002")
	reserveDomain(t, s, "db.example.com")
	for hostport, code := range map[string]string{
		"1.tcp.ngrok.io":       errEdgeHostportFormat.code,
		"1.tcp.ngrok.io:70000": errEdgeHostportPort.code,
		"db.example.com:443":   errEdgeTCPHostportDomain.code,
		"1.tcp.ngrok.io:20003": errEdgeAddrNotReserved.code,
	} {
		wantError(t, do(t, s, http.MethodPost, "/edges/tcp", `{"hostports":["`+hostport+`"]}`), http.StatusBadRequest, code)
	}
	wantError(t, do(t, s, http.MethodPost, "/edges/tcp", `{"hostports":["1.tcp.ngrok.io:20002","1.tcp.ngrok.io:20002"]}`), http.StatusBadRequest, errInvalidValue.code)
	wantStatus(t, do(t, s, http.MethodPost, "/edges/tcp", `{"hostports":["1.tcp.ngrok.io:20002"]}`), http.StatusCreated)
	wantError(t, do(t, s, http.MethodPost, "/edges/tcp", `{"hostports":["1.tcp.ngrok.io:20002"]}`), http.StatusBadRequest, errEdgeHostportTaken.code)
}

func TestTCPEdgeModuleRules(t *testing.T) {
	t.Parallel()
	s, _, _ := writableEdges(t)
	for body, code := range map[string]string{
		`{"backend":{"backend_id":"bkdtg_2hHHCX2lOd6jOb4c1aUAuQqGRqZ"}}`: errBackendUnknown.code,
		`{"backend":{}}`:                         errInvalidValue.code,
		`{"ip_restriction":{}}`:                  errIPRestrictionModuleEmpty.code,
		`{"traffic_policy":{}}`:                  errTrafficPolicyMissing.code,
		`{"traffic_policy":{"value":"on_x: 1"}}`: errTrafficPolicyInvalid.code,
		`{"mutual_tls":{}}`:                      errUnknownField.code,
	} {
		wantError(t, do(t, s, http.MethodPost, "/edges/tcp", body), http.StatusBadRequest, code)
	}
}

// Writes follow the edges' settings; reads do not.
func TestTCPEdgeWritesRefused(t *testing.T) {
	t.Parallel()
	s := New()
	id, err := s.SeedTCPEdge(TCPEdgeSeed{Description: "seeded", Hostports: []string{"1.tcp.ngrok.io:20004"},
		TrafficPolicy: ptrRaw(`{"value":"{}"}`)})
	if err != nil {
		t.Fatal(err)
	}
	writes := []struct{ method, path, body string }{
		{http.MethodPost, "/edges/tcp", `{}`},
		{http.MethodPatch, "/edges/tcp/" + id, `{}`},
		{http.MethodDelete, "/edges/tcp/" + id, ""},
		{http.MethodPut, "/edges/tcp/" + id + "/traffic_policy", `{"value":"{}"}`},
		{http.MethodDelete, "/edges/tcp/" + id + "/traffic_policy", ""},
	}
	for _, w := range writes {
		wantError(t, do(t, s, w.method, w.path, w.body), http.StatusBadRequest, errEdgesNotServed.code)
	}
	s.SetEdgesWritable(true)
	s.SetEdgesReadOnly(true)
	for _, w := range writes {
		wantError(t, do(t, s, w.method, w.path, w.body), http.StatusBadRequest, errEdgesReadOnly.code)
	}
	w := do(t, s, http.MethodGet, "/edges/tcp/"+id+"/traffic_policy", "")
	wantStatus(t, w, http.StatusOK)
	if !strings.Contains(w.Body.String(), `"enabled":true`) {
		t.Errorf("seeded module %s", w.Body)
	}
	wantError(t, do(t, s, http.MethodGet, "/edges/tcp/edgtcp_2hHHCX2lOd6jOb4c1aUAuQqGRqZ", ""), http.StatusNotFound, "")
}

func TestTCPEdgeSeedFile(t *testing.T) {
	t.Parallel()
	f, err := ParseSeedFile([]byte("reserved_addrs:\n  - addr: 1.TCP.ngrok.io:1\n    region: eu\n" +
		"tcp_edges:\n  - id: edgtcp_2hHHCX2lOd6jOb4c1aUAuQqGRqZ\n    hostports: [\"1.tcp.ngrok.io:1\"]\ntls_edges:\n  - description: t\n    tls_termination: {\"terminate_at\": \"upstream\"}\n"))
	if err != nil {
		t.Fatal(err)
	}
	s := New()
	counts, err := s.Seed(f)
	if err != nil {
		t.Fatal(err)
	}
	if counts["reserved_addrs"] != 1 {
		t.Errorf("counts %v: want one reserved address", counts)
	}
	if b := do(t, s, http.MethodGet, "/reserved_addrs", "").Body.String(); !strings.Contains(b, `"addr":"1.tcp.ngrok.io:1"`) || !strings.Contains(b, `"region":"eu"`) {
		t.Errorf("seeded reserved addresses %s", b)
	}
	wantStatus(t, do(t, s, http.MethodGet, "/edges/tcp/edgtcp_2hHHCX2lOd6jOb4c1aUAuQqGRqZ", ""), http.StatusOK)
	w := do(t, s, http.MethodGet, "/edges/tls", "")
	if !strings.Contains(w.Body.String(), `"terminate_at":"upstream"`) {
		t.Errorf("seeded TLS edges %s", w.Body)
	}
	if _, err := s.SeedTCPEdge(TCPEdgeSeed{Hostports: []string{"nope"}}); err == nil {
		t.Error("a seeded hostport that is not host:port was accepted")
	}
}
