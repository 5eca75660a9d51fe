package mockserver

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net"
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
		"commit alone":        {CommitBeforeLatency: true},
		"commit with status":  {CommitBeforeLatency: true, Latency: time.Second, Status: 503},
		"commit with drop":    {CommitBeforeLatency: true, Latency: time.Second, DropResponse: true},
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

// apiPost is a POST with the headers a well-behaved client sends, for
// a server on a real listener.
func apiPost(t *testing.T, ctx context.Context, target, body string) *http.Request {
	t.Helper()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, target, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Ngrok-Version", "2")
	req.Header.Set("Authorization", "Bearer "+DefaultAPIKey)
	req.Header.Set("Content-Type", "application/json")
	return req
}

// waitUntil polls cond until it holds, failing the test after 10 seconds.
func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting until %s", what)
		}
		time.Sleep(time.Millisecond)
	}
}

// sendAndAbandon sends req in the background and cancels it once the
// request has reached its fault rule (the only one pending), returning what
// the client saw.
func sendAndAbandon(t *testing.T, srv *httptest.Server, req func(context.Context) *http.Request, arrived func() bool) error {
	t.Helper()
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	done := make(chan error, 1)
	go func() {
		resp, err := srv.Client().Do(req(ctx))
		if err == nil {
			_ = resp.Body.Close()
			err = errors.New("got an answer: " + resp.Status)
		}
		done <- err
	}()
	waitUntil(t, "the request reached its fault rule", arrived)
	cancel()
	return <-done
}

// A held request's body, read before the hold, reaches the route intact, and
// one over the size limit is still refused.
func TestFaultLatencyKeepsTheBody(t *testing.T) {
	t.Parallel()
	s := New()
	if _, err := s.AddFault(FaultRule{Method: http.MethodPost, Latency: time.Millisecond, Times: 2}); err != nil {
		t.Fatal(err)
	}
	w := do(t, s, http.MethodPost, "/ssh_certificate_authorities", `{"description":"kept"}`)
	wantStatus(t, w, http.StatusCreated)
	if got := decodeBody[sshCAWire](t, w).Description; got != "kept" {
		t.Errorf("description = %q, want the held request's", got)
	}
	// NOTE: a length not declared in advance, so that only reading finds it too long.
	huge := `{"description":"` + strings.Repeat("d", maxBodyBytes) + `"}`
	w = do(t, s, http.MethodPost, "/ssh_certificate_authorities", huge, func(r *http.Request) { r.ContentLength = -1 })
	wantError(t, w, http.StatusRequestEntityTooLarge, codeBodyTooLarge)
}

// A request with a body held by a latency fault notices that its client has
// gone: it is answered 503 and never served.
func TestFaultLatencyNotServedAfterTheClientLeft(t *testing.T) {
	t.Parallel()
	s := New()
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	if _, err := s.AddFault(FaultRule{Method: http.MethodPost, Path: "/ssh_certificate_authorities", Latency: 2 * time.Second}); err != nil {
		t.Fatal(err)
	}
	err := sendAndAbandon(t, srv, func(ctx context.Context) *http.Request {
		return apiPost(t, ctx, srv.URL+"/ssh_certificate_authorities", `{"description":"held"}`)
	}, func() bool { return len(s.PendingFaults()) == 0 })
	if !errors.Is(err, context.Canceled) {
		t.Errorf("client error = %v, want context.Canceled", err)
	}
	// NOTE: the journal records a request once it is finished.
	waitUntil(t, "the held request finished", func() bool { e, _ := s.Journal(); return len(e) == 1 })
	entries, _ := s.Journal()
	if e := entries[0]; e.Status != http.StatusServiceUnavailable || e.Fault != "latency 2s" {
		t.Errorf("journal entry = %+v, want status 503 with fault latency 2s", e)
	}
	if n := s.sshCAs.len(); n != 0 {
		t.Errorf("%d authorities: the abandoned create was served", n)
	}
}

// With commit_before_latency the change is made at once and only the answer
// is held; a client that gives up leaves the change behind.
func TestFaultCommitBeforeLatencyAbandoned(t *testing.T) {
	t.Parallel()
	s := New()
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	if _, err := s.AddFault(FaultRule{Method: http.MethodPost, Latency: time.Hour, CommitBeforeLatency: true}); err != nil {
		t.Fatal(err)
	}
	// NOTE: the answer is held for an hour, so the object is seen while it is.
	err := sendAndAbandon(t, srv, func(ctx context.Context) *http.Request {
		return apiPost(t, ctx, srv.URL+"/ssh_certificate_authorities", `{"description":"committed"}`)
	}, func() bool { return s.sshCAs.len() == 1 })
	if !errors.Is(err, context.Canceled) {
		t.Errorf("client error = %v, want context.Canceled", err)
	}
	waitUntil(t, "the held request finished", func() bool { e, _ := s.Journal(); return len(e) == 1 })
	entries, _ := s.Journal()
	if e := entries[0]; e.Status != 0 || e.Fault != "committed, then latency 1h0m0s" || e.Route != "POST /ssh_certificate_authorities" {
		t.Errorf("journal entry = %+v, want no status written, fault \"committed, then latency 1h0m0s\"", e)
	}
	page := decodeBody[caList](t, do(t, s, http.MethodGet, "/ssh_certificate_authorities", ""))
	if len(page.Items) != 1 || page.Items[0].Description != "committed" {
		t.Errorf("authorities = %+v, want the abandoned create's", page.Items)
	}
}

// A server that stops while it holds a committed change's answer closes the
// connection: the client sees no answer rather than an empty 200.
func TestFaultCommitBeforeLatencyServerStops(t *testing.T) {
	t.Parallel()
	s := New()
	stopping, stop := context.WithCancel(t.Context())
	srv := httptest.NewUnstartedServer(s)
	// NOTE: ngrok-mock's program cancels this context to stop.
	srv.Config.BaseContext = func(net.Listener) context.Context { return stopping }
	srv.Start()
	t.Cleanup(srv.Close)
	if _, err := s.AddFault(FaultRule{Method: http.MethodPost, Latency: time.Hour, CommitBeforeLatency: true}); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		resp, err := srv.Client().Do(apiPost(t, t.Context(), srv.URL+"/ssh_certificate_authorities", `{}`))
		if err == nil {
			_ = resp.Body.Close()
			err = errors.New("got an answer: " + resp.Status)
		}
		done <- err
	}()
	waitUntil(t, "the create was committed", func() bool { return s.sshCAs.len() == 1 })
	stop()
	if err := <-done; err == nil || strings.Contains(err.Error(), "got an answer") {
		t.Errorf("client = %v, want the connection closed without an answer", err)
	}
	if n := s.sshCAs.len(); n != 1 {
		t.Errorf("%d authorities, want the committed one", n)
	}
}

// The held answer, once sent, is the served request's: status, headers and
// body, under the request's own operation ID.
func TestFaultCommitBeforeLatencyAnswers(t *testing.T) {
	t.Parallel()
	s := New()
	if _, err := s.AddFault(FaultRule{Method: http.MethodPost, Latency: 20 * time.Millisecond, CommitBeforeLatency: true}); err != nil {
		t.Fatal(err)
	}
	w := do(t, s, http.MethodPost, "/ssh_certificate_authorities", `{"description":"d"}`)
	wantStatus(t, w, http.StatusCreated)
	if ct := w.Header().Get("Content-Type"); ct != "application/json" {
		t.Errorf("Content-Type = %q", ct)
	}
	ca := decodeBody[sshCAWire](t, w)
	if got := do(t, s, http.MethodGet, "/ssh_certificate_authorities/"+ca.ID, ""); got.Body.String() != w.Body.String() {
		t.Errorf("answer %s, want the stored object %s", w.Body, got.Body)
	}
	entries, _ := s.Journal()
	if e := entries[0]; e.Status != http.StatusCreated || e.OperationID != w.Header().Get(headerOperationID) ||
		e.Fault != "committed, then latency 20ms" || e.Latency < 20*time.Millisecond {
		t.Errorf("journal entry = %+v, want 201 held 20ms under operation ID %s", e, w.Header().Get(headerOperationID))
	}
}

// The provider's cancel-safe create: the client gives up on a create whose
// change is committed, then resends it with the same Idempotency-Key and
// gets the committed object, not a second one.
func TestFaultCommitBeforeLatencyThenIdempotentRetry(t *testing.T) {
	t.Parallel()
	s := New()
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	if _, err := s.AddFault(FaultRule{Method: http.MethodPost, Latency: time.Hour, CommitBeforeLatency: true}); err != nil {
		t.Fatal(err)
	}
	create := func(ctx context.Context) *http.Request {
		req := apiPost(t, ctx, srv.URL+"/ssh_certificate_authorities", `{"description":"once"}`)
		req.Header.Set(headerIdempotency, "create-once")
		return req
	}
	if err := sendAndAbandon(t, srv, create, func() bool { return s.sshCAs.len() == 1 }); !errors.Is(err, context.Canceled) {
		t.Errorf("client error = %v, want context.Canceled", err)
	}
	page := decodeBody[caList](t, do(t, s, http.MethodGet, "/ssh_certificate_authorities", ""))
	if len(page.Items) != 1 {
		t.Fatalf("authorities = %+v, want the committed one", page.Items)
	}

	resp, err := srv.Client().Do(create(t.Context()))
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = resp.Body.Close() }()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("retry = %d %s, want 201", resp.StatusCode, body)
	}
	var got sshCAWire
	if err := json.Unmarshal(body, &got); err != nil {
		t.Fatal(err)
	}
	if got.ID != page.Items[0].ID || got.Description != "once" {
		t.Errorf("retry answered %s, want the committed %s", body, page.Items[0].ID)
	}
	if n := s.sshCAs.len(); n != 1 {
		t.Errorf("%d authorities after the retry, want 1", n)
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
