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
		{"query parameter", http.MethodGet, "/_mock/journal?limit=1", "", http.StatusBadRequest, `"limit" is not supported`},
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
