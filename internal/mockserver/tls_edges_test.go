package mockserver

import (
	"net/http"
	"strings"
	"testing"
)

func TestTLSEdgeLifecycle(t *testing.T) {
	t.Parallel()
	s, backend, _ := writableEdges(t)
	reserveDomain(t, s, "*.example.com")
	ca := createCertificateAuthority(t, s, newTestCACert(t, "clients").certPEM).ID
	w := do(t, s, http.MethodPost, "/edges/tls", `{"hostports":["tls.example.com:443"],"backend":{"backend_id":"`+backend+`"},`+
		`"mutual_tls":{"certificate_authority_ids":["`+ca+`"]},"tls_termination":{"min_version":"1.2"}}`)
	wantStatus(t, w, http.StatusCreated)
	e := decodeEdge(t, w.Body)
	if !strings.HasPrefix(e.ID, prefixEdgeTLS) || string(e.Modules["traffic_policy"]) != "null" {
		t.Fatalf("created %s", w.Body)
	}
	if b := w.Body.String(); !strings.Contains(b, `"certificate_authorities":[{"id":"`+ca+`"`) ||
		!strings.Contains(b, `"terminate_at":"edge","min_version":"1.2"`) {
		t.Errorf("modules %s", b)
	}
	// Mutual TLS needs termination at the edge, whichever comes last.
	wantError(t, do(t, s, http.MethodPut, "/edges/tls/"+e.ID+"/tls_termination", `{"terminate_at":"upstream"}`), http.StatusBadRequest, errEdgeMutualTLSUpstream.code)
	wantStatus(t, do(t, s, http.MethodDelete, "/edges/tls/"+e.ID+"/mutual_tls", ""), http.StatusNoContent)
	w = do(t, s, http.MethodPut, "/edges/tls/"+e.ID+"/tls_termination", `{"terminate_at":"upstream"}`)
	wantStatus(t, w, http.StatusOK)
	if !strings.Contains(w.Body.String(), `"min_version":null`) {
		t.Errorf("PUT answered %s", w.Body)
	}
	wantError(t, do(t, s, http.MethodPatch, "/edges/tls/"+e.ID, `{"mutual_tls":{"certificate_authority_ids":["`+ca+`"]}}`), http.StatusBadRequest, errEdgeMutualTLSUpstream.code)
	w = do(t, s, http.MethodGet, "/edges/tls", "")
	if !strings.Contains(w.Body.String(), `"tls_edges":[{`) {
		t.Errorf("list %s", w.Body)
	}
}

func TestTLSEdgeRules(t *testing.T) {
	t.Parallel()
	s, _, _ := writableEdges(t)
	reserveDomain(t, s, "tls.example.com")
	seedAddr(t, s, "1.tcp.ngrok.io:20005")
	for body, code := range map[string]string{
		`{"hostports":["tls.example.com:8443"]}`:                                           errEdgeHostportNot443.code,
		`{"hostports":["other.example.com:443"]}`:                                          errEdgeHostportNotReserved.code,
		`{"hostports":["1.tcp.ngrok.io:20005"]}`:                                           errEdgeTLSHostportAddr.code,
		`{"mutual_tls":{}}`:                                                                errInvalidValue.code,
		`{"mutual_tls":{"certificate_authority_ids":["ca_2hHHCX2lOd6jOb4c1aUAuQqGRqZ"]}}`:  errTLSEdgeUnknownCA.code,
		`{"mutual_tls":{"certificate_authority_ids":["ipp_2hHHCX2lOd6jOb4c1aUAuQqGRqZ"]}}`: errWrongIDPrefix.code,
		`{"tls_termination":{"terminate_at":"middle"}}`:                                    errTerminateAt.code,
		`{"tls_termination":{"min_version":"1.4"}}`:                                        errTLSVersion.code,
		`{"tls_termination":{"terminate_at":"upstream","min_version":"1.2"}}`:              errTLSTerminationParameter.code,
	} {
		wantError(t, do(t, s, http.MethodPost, "/edges/tls", body), http.StatusBadRequest, code)
	}
	wantStatus(t, do(t, s, http.MethodPost, "/edges/tls", `{"hostports":["TLS.example.com:443"]}`), http.StatusCreated)
}
