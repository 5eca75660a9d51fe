package mockserver

import (
	"net/http"
	"strings"
	"testing"
)

// newWritableEdgeServer is a server whose edges are writable, with the
// domains app.example.com and *.example.net reserved and the TCP address
// 1.tcp.ngrok.io:20000.
func newWritableEdgeServer(t *testing.T) *Server {
	t.Helper()
	s := New()
	s.SetEdgesWritable(true)
	reserveDomain(t, s, "app.example.com")
	reserveDomain(t, s, "*.example.net")
	seedAddr(t, s, "1.tcp.ngrok.io:20000")
	return s
}

type httpsEdgeWriteWire struct {
	ID             string                  `json:"id"`
	Description    string                  `json:"description"`
	Hostports      []string                `json:"hostports"`
	MutualTLS      *edgeMutualTLSWire      `json:"mutual_tls"`
	TLSTermination *edgeTLSTerminationWire `json:"tls_termination"`
	Routes         []httpsEdgeRouteGetWire `json:"routes"`
}

func createHTTPSEdge(t *testing.T, s *Server, body string) httpsEdgeWriteWire {
	t.Helper()
	w := do(t, s, http.MethodPost, "/edges/https", body)
	wantStatus(t, w, http.StatusCreated)
	return decodeBody[httpsEdgeWriteWire](t, w)
}

func TestHTTPSEdgeCreateUpdateDelete(t *testing.T) {
	t.Parallel()
	s := newWritableEdgeServer(t)
	ca := createCertificateAuthority(t, s, newTestCACert(t, "clients").certPEM)
	e := createHTTPSEdge(t, s, `{"description":"app","hostports":["APP.example.com:443","x.example.net:443"],`+
		`"mutual_tls":{"certificate_authority_ids":["`+ca.ID+`"]},"tls_termination":{"min_version":"1.2"}}`)
	if e.Description != "app" || strings.Join(e.Hostports, ",") != "app.example.com:443,x.example.net:443" {
		t.Errorf("created %+v", e)
	}
	if e.MutualTLS == nil || !e.MutualTLS.Enabled || len(e.MutualTLS.CertificateAuthorities) != 1 || e.MutualTLS.CertificateAuthorities[0].ID != ca.ID {
		t.Errorf("mutual_tls %+v", e.MutualTLS)
	}
	if e.TLSTermination == nil || e.TLSTermination.TerminateAt != "edge" || e.TLSTermination.MinVersion == nil || *e.TLSTermination.MinVersion != "1.2" {
		t.Errorf("tls_termination %+v", e.TLSTermination)
	}

	// A PATCH changes what it holds; modules absent stay.
	w := do(t, s, http.MethodPatch, "/edges/https/"+e.ID, `{"description":"","hostports":["app.example.com:443"]}`)
	wantStatus(t, w, http.StatusOK)
	u := decodeBody[httpsEdgeWriteWire](t, w)
	if u.Description != "" || len(u.Hostports) != 1 || u.MutualTLS == nil || u.TLSTermination == nil {
		t.Errorf("updated %+v", u)
	}
	// The module's DELETE removes it; its GET then answers 404.
	wantStatus(t, do(t, s, http.MethodDelete, "/edges/https/"+e.ID+"/mutual_tls", ""), http.StatusNoContent)
	wantStatus(t, do(t, s, http.MethodGet, "/edges/https/"+e.ID+"/mutual_tls", ""), http.StatusNotFound)
	wantStatus(t, do(t, s, http.MethodGet, "/edges/https/"+e.ID+"/tls_termination", ""), http.StatusOK)
	w = do(t, s, http.MethodPut, "/edges/https/"+e.ID+"/tls_termination", `{"enabled":false}`)
	wantStatus(t, w, http.StatusOK)
	if tt := decodeBody[edgeTLSTerminationWire](t, w); tt.Enabled || tt.MinVersion != nil {
		t.Errorf("replaced tls_termination %+v", tt)
	}
	g := decodeBody[httpsEdgeWriteWire](t, do(t, s, http.MethodGet, "/edges/https/"+e.ID, ""))
	if g.MutualTLS != nil || g.TLSTermination == nil || g.TLSTermination.Enabled {
		t.Errorf("read after module writes %+v", g)
	}
	if !strings.Contains(do(t, s, http.MethodGet, "/edges/https/"+e.ID, "").Body.String(), `"mutual_tls":null`) {
		t.Error("a module not set should answer null")
	}

	// Deleting the edge deletes its routes; the hostport is free again.
	w = do(t, s, http.MethodPost, "/edges/https/"+e.ID+"/routes", `{"match_type":"path_prefix","match":"/"}`)
	wantStatus(t, w, http.StatusCreated)
	route := decodeBody[httpsEdgeRouteGetWire](t, w).ID
	wantStatus(t, do(t, s, http.MethodDelete, "/edges/https/"+e.ID, ""), http.StatusNoContent)
	wantStatus(t, do(t, s, http.MethodGet, "/edges/https/"+e.ID, ""), http.StatusNotFound)
	if _, ok := s.edges.routes.rows[route]; ok {
		t.Error("the edge's route outlived it")
	}
	wantStatus(t, do(t, s, http.MethodDelete, "/edges/https/"+e.ID, ""), http.StatusNotFound)
	createHTTPSEdge(t, s, `{"hostports":["app.example.com:443"]}`)
}

func TestHTTPSEdgeValidation(t *testing.T) {
	t.Parallel()
	s := newWritableEdgeServer(t)
	taken := createHTTPSEdge(t, s, `{"hostports":["a.example.net:443"]}`)
	cases := []struct{ body, code string }{
		{`{"hostports":["app.example.com"]}`, "ERR_NGROK_7104"},
		{`{"hostports":["app.example.com:443","app.example.com:443"]}`, "ERR_NGROK_215"},
		{`{"hostports":["app.example.com:70000"]}`, "ERR_NGROK_7112"},
		{`{"hostports":["app.example.com:8443"]}`, "ERR_NGROK_7116"},
		{`{"hostports":["other.example.org:443"]}`, "ERR_NGROK_7117"},
		{`{"hostports":["a.b.example.net:443"]}`, "ERR_NGROK_7117"},
		{`{"hostports":["1.tcp.ngrok.io:20000"]}`, "ERR_NGROK_7121"},
		{`{"hostports":["A.example.net:443"]}`, "ERR_NGROK_7122"},
		{`{"mutual_tls":{"certificate_authority_ids":["ca_2cMXVoLR3sJHkWr3KqXSMNz3u9k"]}}`, "ERR_NGROK_7072"},
		{`{"mutual_tls":{"certificate_authority_ids":["ipp_2cMXVoLR3sJHkWr3KqXSMNz3u9k"]}}`, "ERR_NGROK_227"},
		{`{"tls_termination":{"min_version":"1.4"}}`, "ERR_NGROK_219"},
		{`{"tls_termination":{"terminate_at":"upstream"}}`, "ERR_NGROK_214"},
	}
	for _, c := range cases {
		wantError(t, do(t, s, http.MethodPost, "/edges/https", c.body), http.StatusBadRequest, c.code)
	}
	// An edge keeps its own hostports on a PATCH; another's is taken.
	wantStatus(t, do(t, s, http.MethodPatch, "/edges/https/"+taken.ID, `{"hostports":["a.example.net:443"]}`), http.StatusOK)
	other := createHTTPSEdge(t, s, `{}`)
	wantError(t, do(t, s, http.MethodPatch, "/edges/https/"+other.ID, `{"hostports":["a.example.net:443"]}`), http.StatusBadRequest, "ERR_NGROK_7122")
	if got := len(s.edges.edges.rows); got != 2 {
		t.Errorf("%d edges stored, want the two created", got)
	}
}

// Every write of an edge and its modules is refused while edges are not
// writable, read-only first.
func TestHTTPSEdgeModuleWritesRefused(t *testing.T) {
	t.Parallel()
	s := newWritableEdgeServer(t)
	e := createHTTPSEdge(t, s, `{}`)
	s.SetEdgesWritable(false)
	for _, m := range []string{"mutual_tls", "tls_termination"} {
		wantError(t, do(t, s, http.MethodPut, "/edges/https/"+e.ID+"/"+m, `{}`), http.StatusBadRequest, "ERR_NGROK_7008")
		wantError(t, do(t, s, http.MethodDelete, "/edges/https/"+e.ID+"/"+m, ""), http.StatusBadRequest, "ERR_NGROK_7008")
	}
	s.SetEdgesReadOnly(true)
	wantError(t, do(t, s, http.MethodPut, "/edges/https/"+e.ID+"/tls_termination", `{}`), http.StatusBadRequest, "ERR_NGROK_7196")
	wantStatus(t, do(t, s, http.MethodGet, "/edges/https/"+e.ID+"/tls_termination", ""), http.StatusNotFound)
}

// TestDeletingDomainAnEdgeUses: a reserved domain that alone reserves a
// hostport of an HTTPS or TLS edge cannot be deleted (ERR_NGROK_446); one
// that a wildcard reservation backs up can.
func TestDeletingDomainAnEdgeUses(t *testing.T) {
	t.Parallel()
	s, backend, _ := writableEdges(t)
	app := reserveDomain(t, s, "app.example.com")
	exact := reserveDomain(t, s, "x.example.net")
	wildcard := reserveDomain(t, s, "*.example.net")
	tls := reserveDomain(t, s, "tls.example.org")
	https := createHTTPSEdge(t, s, `{"hostports":["app.example.com:443","x.example.net:443"]}`)
	w := do(t, s, http.MethodPost, "/edges/tls", `{"hostports":["tls.example.org:443"],"backend":{"backend_id":"`+backend+`"}}`)
	wantStatus(t, w, http.StatusCreated)
	tlsEdge := decodeEdge(t, w.Body).ID

	w = do(t, s, http.MethodDelete, "/reserved_domains/"+app, "")
	wantError(t, w, http.StatusConflict, errDomainInUse.code)
	if msg := decodeBody[errorBody](t, w).Msg; !strings.Contains(msg, "app.example.com") {
		t.Errorf("the refusal should name the domain app.example.com: %s", msg)
	}
	wantError(t, do(t, s, http.MethodDelete, "/reserved_domains/"+tls, ""), http.StatusConflict, errDomainInUse.code)
	// The wildcard still reserves x.example.net; then it alone does.
	wantStatus(t, do(t, s, http.MethodDelete, "/reserved_domains/"+exact, ""), http.StatusNoContent)
	wantError(t, do(t, s, http.MethodDelete, "/reserved_domains/"+wildcard, ""), http.StatusConflict, errDomainInUse.code)

	// Once the edges are gone, so may the domains be.
	wantStatus(t, do(t, s, http.MethodDelete, "/edges/https/"+https.ID, ""), http.StatusNoContent)
	wantStatus(t, do(t, s, http.MethodDelete, "/edges/tls/"+tlsEdge, ""), http.StatusNoContent)
	for _, id := range []string{app, wildcard, tls} {
		wantStatus(t, do(t, s, http.MethodDelete, "/reserved_domains/"+id, ""), http.StatusNoContent)
	}
}
