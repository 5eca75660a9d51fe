package mockserver

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

func newTestCA(t *testing.T, s http.Handler) string {
	t.Helper()
	w := do(t, s, http.MethodPost, "/ssh_certificate_authorities", `{"description":"x"}`)
	wantStatus(t, w, http.StatusCreated)
	return decodeBody[sshCAWire](t, w).ID
}

func TestFaultStatusThenRecovery(t *testing.T) {
	t.Parallel()
	s := New()
	if _, err := s.AddFault(FaultRule{Method: http.MethodPost, Path: "/ssh_certificate_authorities", Times: 2,
		Status: http.StatusServiceUnavailable, RetryAfter: 3}); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		w := do(t, s, http.MethodPost, "/ssh_certificate_authorities", `{}`)
		wantError(t, w, http.StatusServiceUnavailable, "")
		if got := w.Header().Get("Retry-After"); got != "3" {
			t.Errorf("Retry-After = %q, want 3", got)
		}
	}
	// The rule is spent: the third request is served, and nothing was created before it.
	newTestCA(t, s)
	if n := s.sshCAs.len(); n != 1 {
		t.Errorf("%d authorities, want 1", n)
	}
	if got := len(s.PendingFaults()); got != 0 {
		t.Errorf("%d rules pending, want 0", got)
	}
}

func TestFaultMatchesMethodAndPath(t *testing.T) {
	t.Parallel()
	s := New()
	id := newTestCA(t, s)
	if _, err := s.AddFault(FaultRule{Method: http.MethodGet, Path: "/ssh_certificate_authorities/*",
		Status: http.StatusTooManyRequests, ErrorCode: codeRateLimited}); err != nil {
		t.Fatal(err)
	}
	wantStatus(t, do(t, s, http.MethodGet, "/ssh_certificate_authorities", ""), http.StatusOK)
	wantStatus(t, do(t, s, http.MethodPatch, "/ssh_certificate_authorities/"+id, `{}`), http.StatusOK)
	wantError(t, do(t, s, http.MethodGet, "/ssh_certificate_authorities/"+id, ""), http.StatusTooManyRequests, codeRateLimited)
	wantStatus(t, do(t, s, http.MethodGet, "/ssh_certificate_authorities/"+id, ""), http.StatusOK)
}

func TestFaultDropResponseCommitsTheChange(t *testing.T) {
	t.Parallel()
	s := New()
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	if _, err := s.AddFault(FaultRule{Method: http.MethodPost, DropResponse: true}); err != nil {
		t.Fatal(err)
	}
	req, _ := http.NewRequestWithContext(t.Context(), http.MethodPost, srv.URL+"/ssh_certificate_authorities", strings.NewReader(`{}`))
	req.Header.Set("Ngrok-Version", "2")
	req.Header.Set("Authorization", "Bearer "+DefaultAPIKey)
	req.Header.Set("Content-Type", "application/json")
	resp, err := srv.Client().Do(req)
	if err == nil {
		_ = resp.Body.Close()
		t.Fatalf("got a response (%d), want the connection dropped", resp.StatusCode)
	}
	if !errors.Is(err, io.EOF) && !strings.Contains(err.Error(), "EOF") {
		t.Logf("transport error: %v", err)
	}
	if n := s.sshCAs.len(); n != 1 {
		t.Errorf("%d authorities after a dropped create, want 1 (committed)", n)
	}
	// NOTE: the client sees the dropped connection before the handler has
	// returned and journaled it; Close waits for the handler.
	srv.Close()
	entries, _ := s.Journal()
	if len(entries) != 1 || entries[0].Fault != "drop_response" {
		t.Errorf("journal = %+v, want one entry with fault drop_response", entries)
	}
}

func TestFaultLatency(t *testing.T) {
	t.Parallel()
	s := New()
	if _, err := s.AddFault(FaultRule{Latency: 30 * time.Millisecond}); err != nil {
		t.Fatal(err)
	}
	wantStatus(t, do(t, s, http.MethodGet, "/ssh_certificate_authorities", ""), http.StatusOK)
	entries, _ := s.Journal()
	if len(entries) != 1 || entries[0].Latency < 30*time.Millisecond {
		t.Errorf("journal = %+v, want one entry that took at least 30ms", entries)
	}
}

func TestFaultRuleValidation(t *testing.T) {
	t.Parallel()
	for name, rule := range map[string]FaultRule{
		"nothing to do":       {},
		"not an error status": {Status: 200},
		"status and drop":     {Status: 503, DropResponse: true},
		"retry after alone":   {Latency: time.Second, RetryAfter: 1},
		"negative times":      {Status: 503, Times: -1},
		"bad path pattern":    {Status: 503, Path: "/x/["},
		"negative latency":    {Status: 503, Latency: -time.Second},
		"negative retry":      {Status: 503, RetryAfter: -1},
		"error code alone":    {Latency: time.Second, ErrorCode: codeRateLimited},
		"relative path":       {Status: 503, Path: "ssh_certificate_authorities"},
	} {
		if _, err := New().AddFault(rule); err == nil {
			t.Errorf("%s: AddFault(%+v) succeeded, want an error", name, rule)
		}
	}
}

func TestRateLimit(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	var mu sync.Mutex
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	s := New(WithRateLimit(3), WithClock(clock))
	for range 3 {
		wantStatus(t, do(t, s, http.MethodGet, "/ssh_certificate_authorities", ""), http.StatusOK)
	}
	w := do(t, s, http.MethodGet, "/ssh_certificate_authorities", "")
	wantError(t, w, http.StatusTooManyRequests, codeRateLimited)
	if got := w.Header().Get("Retry-After"); got != "" {
		t.Errorf("Retry-After = %q; the real API sends none", got)
	}
	mu.Lock()
	now = now.Add(time.Minute)
	mu.Unlock()
	wantStatus(t, do(t, s, http.MethodGet, "/ssh_certificate_authorities", ""), http.StatusOK)
}

func TestJournalCountsPerRoute(t *testing.T) {
	t.Parallel()
	s := New()
	id := newTestCA(t, s)
	do(t, s, http.MethodGet, "/ssh_certificate_authorities/"+id, "")
	do(t, s, http.MethodGet, "/ssh_certificate_authorities/"+id, "")
	do(t, s, http.MethodGet, "/nothing", "")
	entries, counts := s.Journal()
	if len(entries) != 4 {
		t.Fatalf("%d journal entries, want 4", len(entries))
	}
	if got := counts["GET /ssh_certificate_authorities/{id}"]; got != 2 {
		t.Errorf("counts = %v, want 2 for GET /ssh_certificate_authorities/{id}", counts)
	}
	if got := counts[UnroutedCount]; got != 1 {
		t.Errorf("counts = %v, want 1 under UnroutedCount for GET /nothing", counts)
	}
	if e := entries[0]; e.Status != http.StatusCreated || e.Route != "POST /ssh_certificate_authorities" || !opIDPattern.MatchString(e.OperationID) {
		t.Errorf("first entry = %+v", e)
	}
}

func TestLoggerNeverLogsKeys(t *testing.T) {
	t.Parallel()
	var buf strings.Builder
	var mu sync.Mutex
	s := New(WithLogger(slog.New(slog.NewTextHandler(writerFunc(func(p []byte) (int, error) {
		mu.Lock()
		defer mu.Unlock()
		return buf.Write(p)
	}), nil))))
	newTestCA(t, s)
	mu.Lock()
	defer mu.Unlock()
	if !strings.Contains(buf.String(), "path=/ssh_certificate_authorities") || !strings.Contains(buf.String(), "status=201") {
		t.Errorf("log = %q, want the request's path and status", buf.String())
	}
	if strings.Contains(buf.String(), DefaultAPIKey) {
		t.Errorf("log contains the API key: %q", buf.String())
	}
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

func TestAdminRequiresKeyButNoVersion(t *testing.T) {
	t.Parallel()
	s := New()
	wantStatus(t, do(t, s, http.MethodGet, "/_mock/journal", "", withHeader("Ngrok-Version", "")), http.StatusOK)
	wantStatus(t, do(t, s, http.MethodGet, "/_mock/journal", "", withHeader("Authorization", "Bearer wrong")), http.StatusForbidden)
	wantStatus(t, do(t, s, http.MethodGet, "/_mock/journal", "", withHeader("Authorization", "")), http.StatusUnauthorized)
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

// A rule written with a lower-case method still matches: requests always
// carry it upper case.
func TestFaultMethodAnyCase(t *testing.T) {
	t.Parallel()
	s := New()
	wantStatus(t, do(t, s, http.MethodPost, "/_mock/faults", `{"method":"post","status":503}`), http.StatusCreated)
	wantError(t, do(t, s, http.MethodPost, "/ssh_certificate_authorities", `{}`), http.StatusServiceUnavailable, "")
	if n := len(s.PendingFaults()); n != 0 {
		t.Errorf("%d rules pending after the matching request, want 0", n)
	}
}

func TestResetForgetsTheRateLimit(t *testing.T) {
	t.Parallel()
	s := New(WithRateLimit(2))
	for range 2 {
		wantStatus(t, do(t, s, http.MethodGet, "/ssh_certificate_authorities", ""), http.StatusOK)
	}
	wantError(t, do(t, s, http.MethodGet, "/ssh_certificate_authorities", ""), http.StatusTooManyRequests, codeRateLimited)
	wantStatus(t, do(t, s, http.MethodPost, "/_mock/reset", ""), http.StatusNoContent)
	wantStatus(t, do(t, s, http.MethodGet, "/ssh_certificate_authorities", ""), http.StatusOK)
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
		{"/_mock/objects/ssh_certificate_authorities/a%20b", http.StatusBadRequest, codeWrongIDPrefix},
		{"/_mock/objects/ssh_certificate_authorities/x%3Flimit=1", http.StatusBadRequest, codeWrongIDPrefix},
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

// A request whose latency fault is cut short (the client gave up, or the
// server is stopping) gets an error, not net/http's empty 200.
func TestFaultLatencyCutShort(t *testing.T) {
	t.Parallel()
	s := New()
	if _, err := s.AddFault(FaultRule{Latency: time.Hour}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	w := do(t, s, http.MethodGet, "/ssh_certificate_authorities", "", func(r *http.Request) { *r = *r.WithContext(ctx) })
	wantError(t, w, http.StatusServiceUnavailable, "")
}
