package mockserver

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"
)

// The control API's errors keep its own short shape, msg and status_code,
// whichever step refused the request: the adapter's declarations, the
// handler, or the routing.
func TestControlAPIErrorShape(t *testing.T) {
	t.Parallel()
	s := New()
	for _, tc := range []struct {
		name, method, target, body string
		status                     int
		msg                        string
	}{
		{"invalid fault rule", http.MethodPost, "/_mock/faults", `{"bogus":1}`, http.StatusBadRequest, "invalid fault rule"},
		{"invalid seed file", http.MethodPost, "/_mock/seed", `widgets: []`, http.StatusBadRequest, "seed file"},
		{"unknown collection", http.MethodDelete, "/_mock/objects/widgets/x", "", http.StatusNotFound, "unknown collection widgets"},
		{"unknown route", http.MethodGet, "/_mock/nowhere", "", http.StatusNotFound, "no mock control route GET /_mock/nowhere"},
		{"method not served", http.MethodPut, "/_mock/journal", "", http.StatusMethodNotAllowed, "Allowed methods: GET, DELETE"},
		{"query parameter", http.MethodGet, "/_mock/journal?limit=1", "", http.StatusBadRequest, "unknown parameters: limit"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			w := do(t, s, tc.method, tc.target, tc.body)
			wantStatus(t, w, tc.status)
			if ct := w.Header().Get("Content-Type"); ct != "application/json" {
				t.Errorf("Content-Type = %q, want application/json", ct)
			}
			var body map[string]any
			if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil {
				t.Fatalf("body %s: %v", w.Body, err)
			}
			if len(body) != 2 || body["status_code"] != float64(tc.status) {
				t.Errorf("body = %s, want only msg and status_code %d", w.Body, tc.status)
			}
			if msg, _ := body["msg"].(string); !strings.Contains(msg, tc.msg) {
				t.Errorf("msg = %q, want it to contain %q", msg, tc.msg)
			}
			if op := w.Header().Get(headerOperationID); op != "" {
				t.Errorf("%s = %q on a control API answer", headerOperationID, op)
			}
		})
	}
}

// The control API's routes are rows of the server's one route table, under
// the control prefix, and no API route is.
func TestControlRoutesInTheRouteTable(t *testing.T) {
	t.Parallel()
	s := New()
	var control []string
	for _, rt := range s.routes() {
		if under := strings.HasPrefix(rt.path, adminPrefix); under != rt.control {
			t.Errorf("%s %s: control = %v, under %s = %v", rt.method, rt.path, rt.control, adminPrefix, under)
		}
		if rt.control {
			control = append(control, rt.method+" "+rt.path)
		}
	}
	for _, want := range []string{"POST /_mock/reset", "GET /_mock/state", "PATCH /_mock/objects/{collection}/{id}"} {
		if !slices.Contains(control, want) {
			t.Errorf("route table lacks %s; control routes %v", want, control)
		}
	}
}

// A seed file is taken as YAML whatever Content-Type says: the control API
// reads its bodies itself.
func TestControlSeedTakesAnyContentType(t *testing.T) {
	t.Parallel()
	s := New()
	w := do(t, s, http.MethodPost, "/_mock/seed", "ip_policies:\n  - description: a\n",
		withHeader("Content-Type", "application/yaml"))
	wantStatus(t, w, http.StatusCreated)
	if !strings.Contains(w.Body.String(), `"ip_policies":1`) {
		t.Errorf("seed answer = %s", w.Body)
	}
}

func TestAdminRequiresKeyButNoVersion(t *testing.T) {
	t.Parallel()
	s := New()
	wantStatus(t, do(t, s, http.MethodGet, "/_mock/journal", "", withHeader("Ngrok-Version", "")), http.StatusOK)
	wantStatus(t, do(t, s, http.MethodGet, "/_mock/journal", "", withHeader("Authorization", "Bearer wrong")), http.StatusForbidden)
	wantStatus(t, do(t, s, http.MethodGet, "/_mock/journal", "", withHeader("Authorization", "")), http.StatusForbidden)
}

func TestAdminFaultsOverHTTP(t *testing.T) {
	t.Parallel()
	s := New()
	wantStatus(t, do(t, s, http.MethodPost, "/_mock/faults", `{"method":"GET","status":502,"times":1}`), http.StatusCreated)
	wantStatus(t, do(t, s, http.MethodPost, "/_mock/faults", `{"status":200}`), http.StatusBadRequest)
	wantStatus(t, do(t, s, http.MethodPost, "/_mock/faults", `{"bogus":1}`), http.StatusBadRequest)
	wantStatus(t, do(t, s, http.MethodGet, "/ssh_certificate_authorities", ""), http.StatusBadGateway)
	wantStatus(t, do(t, s, http.MethodGet, "/ssh_certificate_authorities", ""), http.StatusOK)
	wantStatus(t, do(t, s, http.MethodPost, "/_mock/faults", `{"latency":"1h"}`), http.StatusCreated)
	wantStatus(t, do(t, s, http.MethodDelete, "/_mock/faults", ""), http.StatusNoContent)
	wantStatus(t, do(t, s, http.MethodGet, "/ssh_certificate_authorities", ""), http.StatusOK)
}

func TestAdminOutOfBandChanges(t *testing.T) {
	t.Parallel()
	s := New()
	id := newTestCA(t, s)
	w := do(t, s, http.MethodPatch, "/_mock/objects/ssh_certificate_authorities/"+id, `{"description":"changed in the dashboard"}`)
	wantStatus(t, w, http.StatusOK)
	got := decodeBody[sshCAWire](t, do(t, s, http.MethodGet, "/ssh_certificate_authorities/"+id, ""))
	if got.Description != "changed in the dashboard" {
		t.Errorf("description = %q after an out-of-band edit", got.Description)
	}
	wantStatus(t, do(t, s, http.MethodDelete, "/_mock/objects/ssh_certificate_authorities/"+id, ""), http.StatusNoContent)
	wantStatus(t, do(t, s, http.MethodGet, "/ssh_certificate_authorities/"+id, ""), http.StatusNotFound)
	wantStatus(t, do(t, s, http.MethodDelete, "/_mock/objects/ssh_certificate_authorities/"+id, ""), http.StatusNotFound)
	wantStatus(t, do(t, s, http.MethodDelete, "/_mock/objects/nothing/x", ""), http.StatusNotFound)
}

func TestAdminEditBypassesFaults(t *testing.T) {
	t.Parallel()
	s := New()
	id := newTestCA(t, s)
	if _, err := s.AddFault(FaultRule{Status: http.StatusServiceUnavailable, Times: 5}); err != nil {
		t.Fatal(err)
	}
	if rec := s.EditObject(nil, collSSHCAs, id, []byte(`{"metadata":"m"}`)); rec.Code != http.StatusOK {
		t.Fatalf("EditObject = %d %s", rec.Code, rec.Body)
	}
	if got := s.PendingFaults(); len(got) != 1 {
		t.Errorf("pending faults = %v: the edit must not consume them", got)
	}
}

func TestReset(t *testing.T) {
	t.Parallel()
	s := New()
	id := newTestCA(t, s)
	if _, err := s.AddFault(FaultRule{Status: 503, Path: "/nothing"}); err != nil {
		t.Fatal(err)
	}
	wantStatus(t, do(t, s, http.MethodPost, "/_mock/reset", ""), http.StatusNoContent)
	wantStatus(t, do(t, s, http.MethodGet, "/ssh_certificate_authorities/"+id, ""), http.StatusNotFound)
	if len(s.PendingFaults()) != 0 {
		t.Error("fault rules survived a reset")
	}
	page := decodeBody[map[string]any](t, do(t, s, http.MethodGet, "/ssh_certificate_authorities", ""))
	if cas, _ := page[collSSHCAs].([]any); len(cas) != 0 {
		t.Errorf("list after reset = %v, want empty", page)
	}
}

// IDs reach the control API percent-encoded; decoded, they must stay one
// path segment of the API's PATCH, never a query, another route, or a
// request that cannot be built (which used to panic).
func TestAdminEditOddIDs(t *testing.T) {
	t.Parallel()
	s := New()
	for _, tc := range []struct {
		target string
		status int
		code   string
	}{
		{"/_mock/objects/ssh_certificate_authorities/a%20b", http.StatusBadRequest, errWrongIDPrefix.code},
		{"/_mock/objects/ssh_certificate_authorities/x%3Flimit=1", http.StatusBadRequest, errWrongIDPrefix.code},
		{"/_mock/objects/reserved_domains/rd_x%2Fcertificate_management_policy", http.StatusNotFound, ""},
		{"/_mock/objects/no%20such/x", http.StatusNotFound, ""},
	} {
		t.Run(tc.target, func(t *testing.T) {
			wantError(t, do(t, s, http.MethodPatch, tc.target, `{}`), tc.status, tc.code)
		})
	}
	if rec := s.EditObject(nil, collSSHCAs, "a b\r\n", []byte(`{}`)); rec.Code != http.StatusBadRequest {
		t.Errorf("EditObject with an ID holding spaces = %d %s, want 400", rec.Code, rec.Body)
	}
}

func TestAdminCommitBeforeLatency(t *testing.T) {
	t.Parallel()
	s := New()
	w := do(t, s, http.MethodPost, "/_mock/faults", `{"method":"POST","latency":"2s","commit_before_latency":true}`)
	wantStatus(t, w, http.StatusCreated)
	id := decodeBody[map[string]string](t, w)["id"]
	pending := decodeBody[map[string]map[string]faultRuleWire](t, do(t, s, http.MethodGet, "/_mock/faults", ""))["faults"]
	if r := pending[id]; !r.CommitBeforeLatency || r.Latency != "2s" || r.Method != http.MethodPost {
		t.Errorf("pending rule %s = %+v, want commit_before_latency with latency 2s", id, r)
	}
	for _, body := range []string{
		`{"commit_before_latency":true}`,
		`{"commit_before_latency":true,"latency":"0s"}`,
		`{"commit_before_latency":true,"latency":"1s","status":503}`,
		`{"commit_before_latency":true,"latency":"1s","drop_response":true}`,
	} {
		w := do(t, s, http.MethodPost, "/_mock/faults", body)
		wantStatus(t, w, http.StatusBadRequest)
		if !strings.Contains(w.Body.String(), "commit_before_latency") {
			t.Errorf("%s: answer %s does not name commit_before_latency", body, w.Body)
		}
	}
}
