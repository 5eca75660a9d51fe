package mockserver

import (
	"encoding/json"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

var (
	opIDPattern    = regexp.MustCompile(`^op_[0-9A-Za-z]{27}$`)
	sshCAIDPattern = regexp.MustCompile(`^sshca_[0-9A-Za-z]{27}$`)
)

// do sends one request with the headers a well-behaved client sends; edits
// then change or remove them.
func do(t *testing.T, s http.Handler, method, target, body string, edits ...func(*http.Request)) *httptest.ResponseRecorder {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	r := httptest.NewRequestWithContext(t.Context(), method, target, rd)
	r.Header.Set("Ngrok-Version", "2")
	r.Header.Set("Authorization", "Bearer "+DefaultAPIKey)
	if body != "" {
		r.Header.Set("Content-Type", "application/json")
	}
	for _, edit := range edits {
		edit(r)
	}
	w := httptest.NewRecorder()
	s.ServeHTTP(w, r)
	return w
}

// withHeader sets a request header, or removes it when value is empty.
func withHeader(name, value string) func(*http.Request) {
	return func(r *http.Request) {
		if value == "" {
			r.Header.Del(name)
			return
		}
		r.Header.Set(name, value)
	}
}

func decodeBody[T any](t *testing.T, w *httptest.ResponseRecorder) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(w.Body.Bytes(), &v); err != nil {
		t.Fatalf("decoding %q: %v", w.Body.String(), err)
	}
	return v
}

// wantStatus fails the test unless the response has the given status.
func wantStatus(t *testing.T, w *httptest.ResponseRecorder, status int) {
	t.Helper()
	if w.Code != status {
		t.Fatalf("status = %d, want %d; body %s", w.Code, status, w.Body.String())
	}
}

// wantError checks the whole error contract: status, body shape, code and
// the operation ID matching the header; and that the code and status are a
// row of errorTable, so that every error a test sees is in the table.
func wantError(t *testing.T, w *httptest.ResponseRecorder, status int, code string) {
	t.Helper()
	wantInjectedError(t, w, status, code)
	if !slices.ContainsFunc(errorTable, func(k *errorKind) bool { return k.code == code && k.status == status }) {
		t.Errorf("%d %q is not a row of errorTable", status, code)
	}
}

// wantInjectedError is wantError for an error a fault rule injected, whose
// status and code are the rule's rather than a row of errorTable.
func wantInjectedError(t *testing.T, w *httptest.ResponseRecorder, status int, code string) {
	t.Helper()
	wantStatus(t, w, status)
	if ct := w.Header().Get("Content-Type"); ct != "application/json" {
		t.Errorf("Content-Type = %q, want application/json", ct)
	}
	body := decodeBody[errorBody](t, w)
	if body.ErrorCode != code {
		t.Errorf("error_code = %q, want %q; msg %q", body.ErrorCode, code, body.Msg)
	}
	if body.StatusCode != status {
		t.Errorf("status_code = %d, want %d", body.StatusCode, status)
	}
	if body.Msg == "" {
		t.Error("msg is empty")
	}
	op := w.Header().Get(headerOperationID)
	if !opIDPattern.MatchString(op) {
		t.Errorf("%s header = %q, want op_ and 27 base-62 characters", headerOperationID, op)
	}
	if got := body.Details["operation_id"]; got != op {
		t.Errorf("details.operation_id = %q, want the header's %q", got, op)
	}
}

// wantRouteNotFound checks the API's answer to an unknown route: 404 with
// no error_code, msg Not Found, and the path in details.
func wantRouteNotFound(t *testing.T, w *httptest.ResponseRecorder, target string) {
	t.Helper()
	wantError(t, w, http.StatusNotFound, "")
	body := decodeBody[errorBody](t, w)
	if body.Msg != "Not Found" {
		t.Errorf("msg = %q, want Not Found", body.Msg)
	}
	path := target
	if u, err := url.ParseRequestURI(target); err == nil {
		path = u.Path
	}
	if got := body.Details["path"]; got != path {
		t.Errorf("details.path = %q, want %q", got, path)
	}
}

func createCA(t *testing.T, s http.Handler, body string) sshCAWire {
	t.Helper()
	w := do(t, s, http.MethodPost, "/ssh_certificate_authorities", body)
	wantStatus(t, w, http.StatusCreated)
	return decodeBody[sshCAWire](t, w)
}

type caList struct {
	Items       []sshCAWire `json:"ssh_certificate_authorities"`
	URI         string      `json:"uri"`
	NextPageURI *string     `json:"next_page_uri"`
}

func listCAs(t *testing.T, s http.Handler, target string) caList {
	t.Helper()
	w := do(t, s, http.MethodGet, target, "")
	wantStatus(t, w, http.StatusOK)
	return decodeBody[caList](t, w)
}

// wireString is a decoded timestamp as the JSON had it, zone and fraction
// included, so that comparing it with a string still checks the format.
func wireString(t apiTime) string { return time.Time(t).Format(time.RFC3339Nano) }

// closeServer releases the server's state file.
func closeServer(t *testing.T, s *Server) {
	t.Helper()
	if err := s.Close(); err != nil {
		t.Error(err)
	}
}

// seededIDs is a reproducible ID source.
func seededIDs(seed byte) io.Reader {
	var s [32]byte
	s[0] = seed
	return rand.NewChaCha8(s)
}

func newTestCA(t *testing.T, s http.Handler) string {
	t.Helper()
	w := do(t, s, http.MethodPost, "/ssh_certificate_authorities", `{"description":"x"}`)
	wantStatus(t, w, http.StatusCreated)
	return decodeBody[sshCAWire](t, w).ID
}

// seedAddr reserves the TCP address addr, for tcp:// cloud endpoints.
func seedAddr(t *testing.T, s *Server, addr string) string {
	t.Helper()
	id, err := s.SeedReservedAddr(addr, "")
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// A PATCH that gives no field is refused where ngrok documents a code for
// it; one field is enough, and "" is a field given.
func TestEmptyUpdateRefused(t *testing.T) {
	t.Parallel()
	s := New()
	idOfCreate := func(target, body string) string {
		w := do(t, s, http.MethodPost, target, body)
		wantStatus(t, w, http.StatusCreated)
		id, ok := idOf(decodeBody[map[string]any](t, w))
		if !ok {
			t.Fatalf("POST %s: no id", target)
		}
		return id
	}
	policy := idOfCreate("/ip_policies", `{}`)
	cases := []struct {
		target, given string
		code          *errorKind
	}{
		{"/ip_policies/" + policy, `{"description":""}`, errIPPolicyEmptyUpdate},
		{"/ip_policy_rules/" + createIPRule(t, s, policy, "192.0.2.0/24", "allow").ID, `{"metadata":""}`, errIPRuleEmptyUpdate},
		{"/credentials/" + idOfCreate("/credentials", `{}`), `{"acl":[]}`, errCredentialEmptyUpdate},
		{"/reserved_addrs/" + createReservedAddr(t, s, `{}`).ID, `{"description":"x"}`, errReservedAddrEmptyUpdate},
		{"/reserved_domains/" + createRD(t, s, `{"domain":"app.example.com"}`).ID, `{"certificate_id":""}`, errDomainEmptyUpdate},
		{"/endpoints/" + createEndpoint(t, s, map[string]any{"url": "http://api.internal"}).ID, `{"pooling_enabled":false}`, errEndpointEmptyUpdate},
	}
	for _, tc := range cases {
		for _, body := range []string{``, `{}`, nullsOf(tc.given)} {
			wantError(t, do(t, s, http.MethodPatch, tc.target, body), http.StatusBadRequest, tc.code.code)
		}
		wantStatus(t, do(t, s, http.MethodPatch, tc.target, tc.given), http.StatusOK)
	}
	// An SSH credential's is accepted: no page of ngrok's refuses it.
	key := "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl"
	wantStatus(t, do(t, s, http.MethodPatch, "/ssh_credentials/"+idOfCreate("/ssh_credentials", `{"public_key":"`+key+`"}`), `{}`), http.StatusOK)
}

// nullsOf is body, an object of one field, with that field null.
func nullsOf(body string) string {
	name, _, _ := strings.Cut(strings.TrimPrefix(body, "{"), ":")
	return "{" + name + ":null}"
}
