package mockserver

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func TestFaultStatusThenRecovery(t *testing.T) {
	t.Parallel()
	s := New()
	if _, err := s.AddFault(FaultRule{Method: http.MethodPost, Path: "/ssh_certificate_authorities", Times: 2,
		Status: http.StatusServiceUnavailable, RetryAfter: 3}); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		w := do(t, s, http.MethodPost, "/ssh_certificate_authorities", `{}`)
		wantInjectedError(t, w, http.StatusServiceUnavailable, "")
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
		Status: http.StatusTooManyRequests, ErrorCode: errRateLimited.code}); err != nil {
		t.Fatal(err)
	}
	wantStatus(t, do(t, s, http.MethodGet, "/ssh_certificate_authorities", ""), http.StatusOK)
	wantStatus(t, do(t, s, http.MethodPatch, "/ssh_certificate_authorities/"+id, `{}`), http.StatusOK)
	wantError(t, do(t, s, http.MethodGet, "/ssh_certificate_authorities/"+id, ""), http.StatusTooManyRequests, errRateLimited.code)
	wantStatus(t, do(t, s, http.MethodGet, "/ssh_certificate_authorities/"+id, ""), http.StatusOK)
}

func TestFaultDropResponseCommitsTheChange(t *testing.T) {
	t.Parallel()
	s := New()
	// NOTE: httptest's Close does not wait for a hijacked connection's
	// handler, which journals the request after the drop: done says when it
	// has returned.
	done := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer close(done)
		s.ServeHTTP(w, r)
	}))
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
	<-done
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
		"error code alone":    {Latency: time.Second, ErrorCode: errRateLimited.code},
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

// A rule written with a lower-case method still matches: requests always
// carry it upper case.
func TestFaultMethodAnyCase(t *testing.T) {
	t.Parallel()
	s := New()
	wantStatus(t, do(t, s, http.MethodPost, "/_mock/faults", `{"method":"post","status":503}`), http.StatusCreated)
	wantInjectedError(t, do(t, s, http.MethodPost, "/ssh_certificate_authorities", `{}`), http.StatusServiceUnavailable, "")
	if n := len(s.PendingFaults()); n != 0 {
		t.Errorf("%d rules pending after the matching request, want 0", n)
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
	wantInjectedError(t, w, http.StatusServiceUnavailable, "")
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
	wantError(t, w, http.StatusRequestEntityTooLarge, errBodyTooLarge.code)
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
