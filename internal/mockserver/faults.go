package mockserver

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"
)

// FaultRule makes the next Times API requests that match Method and Path
// misbehave, the way a real API does on a bad day: an error status, a slow
// answer, or a change that is committed but whose response never arrives.
type FaultRule struct {
	// Method matches the request method; empty matches every method.
	Method string
	// Path is a path.Match pattern over the request path, such as
	// "/reserved_domains/*"; empty matches every path.
	Path string
	// Times is how many matching requests the rule affects (0 means 1).
	Times int
	// Status, when set, answers with this error status (4xx or 5xx) and
	// ErrorCode instead of serving the request.
	Status    int
	ErrorCode string
	// RetryAfter, with Status, is sent as the Retry-After header (seconds).
	RetryAfter int
	// Latency delays the answer (the error, or the served request). A
	// request whose client goes away while it is held is answered 503 and
	// not served.
	Latency time.Duration
	// CommitBeforeLatency, with Latency alone, serves the request at once, so
	// its change is committed (and saved to the state file), and holds only
	// the answer for Latency: a server that commits, then stalls. If the
	// client goes away (or the server stops) meanwhile, the change stays and
	// the connection is closed without an answer.
	CommitBeforeLatency bool
	// DropResponse serves the request, so its change is committed, then
	// closes the connection without answering.
	DropResponse bool
}

func (f FaultRule) validate() error {
	switch {
	case f.Times < 0:
		return errors.New("times must not be negative")
	case f.Status != 0 && (f.Status < 400 || f.Status > 599):
		return fmt.Errorf("status %d is not an error status (400-599)", f.Status)
	case f.Status != 0 && f.DropResponse:
		return errors.New("status and drop_response exclude each other")
	case f.CommitBeforeLatency && f.Latency <= 0:
		return errors.New("commit_before_latency goes with a latency")
	case f.CommitBeforeLatency && (f.Status != 0 || f.DropResponse):
		// NOTE: a status answers without serving, and drop_response never
		// answers: neither has an answer to hold after the commit.
		return errors.New("commit_before_latency excludes status and drop_response")
	case f.Status == 0 && !f.DropResponse && f.Latency <= 0:
		return errors.New("a fault needs a status, a latency or drop_response")
	case f.Latency < 0:
		return errors.New("latency must not be negative")
	case f.RetryAfter != 0 && f.Status == 0:
		return errors.New("retry_after goes with a status")
	case f.RetryAfter < 0:
		return errors.New("retry_after must not be negative")
	case f.ErrorCode != "" && f.Status == 0:
		return errors.New("error_code goes with a status")
	case f.Path != "" && !strings.HasPrefix(f.Path, "/"):
		// NOTE: request paths always start with a slash; a pattern without
		// one would be accepted and never match.
		return fmt.Errorf("path pattern %q must start with /", f.Path)
	}
	if _, err := path.Match(f.Path, "/"); err != nil {
		return fmt.Errorf("path pattern %q: %w", f.Path, err)
	}
	return nil
}

func (f FaultRule) matches(r *http.Request) bool {
	if f.Method != "" && f.Method != r.Method {
		return false
	}
	if f.Path == "" {
		return true
	}
	ok, _ := path.Match(f.Path, r.URL.Path)
	return ok
}

func (f FaultRule) describe() string {
	switch {
	case f.DropResponse:
		return "drop_response"
	case f.Status != 0:
		return "status " + strconv.Itoa(f.Status)
	case f.CommitBeforeLatency:
		return "committed, then latency " + f.Latency.String()
	}
	return "latency " + f.Latency.String()
}

type faultSet struct {
	mu    sync.Mutex
	rules []*faultEntry
	next  int
}

type faultEntry struct {
	id   string
	rule FaultRule
	left int
}

// AddFault installs a fault rule and returns its ID. Rules are consulted in
// the order they were added; the first match takes effect.
func (s *Server) AddFault(rule FaultRule) (string, error) {
	if err := rule.validate(); err != nil {
		return "", fmt.Errorf("invalid fault rule: %w", err)
	}
	if rule.Times == 0 {
		rule.Times = 1
	}
	// NOTE: methods arrive upper case; "post" would otherwise never match.
	rule.Method = strings.ToUpper(rule.Method)
	s.faults.mu.Lock()
	defer s.faults.mu.Unlock()
	s.faults.next++
	id := "fault_" + strconv.Itoa(s.faults.next)
	s.faults.rules = append(s.faults.rules, &faultEntry{id: id, rule: rule, left: rule.Times})
	return id, nil
}

// ClearFaults removes every fault rule.
func (s *Server) ClearFaults() {
	s.faults.mu.Lock()
	defer s.faults.mu.Unlock()
	s.faults.rules = nil
}

// PendingFaults returns the rules that still have requests to affect, with
// how many each has left.
func (s *Server) PendingFaults() map[string]FaultRule {
	s.faults.mu.Lock()
	defer s.faults.mu.Unlock()
	out := make(map[string]FaultRule, len(s.faults.rules))
	for _, e := range s.faults.rules {
		r := e.rule
		r.Times = e.left
		out[e.id] = r
	}
	return out
}

// take returns the first rule matching r and counts the request against it.
func (fs *faultSet) take(r *http.Request) (FaultRule, bool) {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	for i, e := range fs.rules {
		if !e.rule.matches(r) {
			continue
		}
		e.left--
		if e.left <= 0 {
			fs.rules = append(fs.rules[:i:i], fs.rules[i+1:]...)
		}
		return e.rule, true
	}
	return FaultRule{}, false
}

// serveWithFault serves r through serve unless a fault rule says otherwise.
func (s *Server) serveWithFault(w http.ResponseWriter, r *http.Request, rq *request, serve func(http.ResponseWriter)) {
	rule, ok := s.faults.take(r)
	if !ok {
		serve(w)
		return
	}
	rq.fault = rule.describe()
	if rule.CommitBeforeLatency {
		rec := httptest.NewRecorder()
		serve(rec)
		if !sleepCtx(r.Context(), rule.Latency) {
			// NOTE: the change stays committed. The client has gone, or the
			// server is stopping: either way the held answer is never sent,
			// and dropping the connection keeps net/http from sending an
			// empty 200 in its place.
			dropConnection(w)
			return
		}
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		w.WriteHeader(rec.Code)
		_, _ = w.Write(rec.Body.Bytes())
		return
	}
	if rule.Latency > 0 {
		readBodyFirst(r)
		if !sleepCtx(r.Context(), rule.Latency) {
			// NOTE: the client gave up, or the server is stopping; without an
			// answer net/http would send an empty 200.
			writeResult(w, rq, result{err: errCancelled.errorf(
				"The request was cancelled while a latency fault delayed it.")})
			return
		}
	}
	switch {
	case rule.Status != 0:
		if rule.RetryAfter > 0 {
			w.Header().Set("Retry-After", strconv.Itoa(rule.RetryAfter))
		}
		msg := fmt.Sprintf("Injected fault: the mock server answered %d %s as a fault rule asked.",
			rule.Status, http.StatusText(rule.Status))
		writeResult(w, rq, result{err: injectedError(rule.Status, rule.ErrorCode, msg)})
	case rule.DropResponse:
		serve(&discardWriter{header: http.Header{}})
		dropConnection(w)
	default:
		serve(w)
	}
}

// readBodyFirst reads r's body into memory before the request is held, and
// puts it back for the route to read. NOTE: net/http watches for a client
// that closes its connection (and then cancels the request's context) only
// once the body has been read to its end; without this, a request with a
// body would be served after its client had gone. It reads at most one byte
// past maxBodyBytes, enough for the route to refuse a body over the limit,
// and nothing of a body that checkBodyHeaders refuses unread (an encoded one,
// or one declared over the limit). A read error is kept for the route to report.
func readBodyFirst(r *http.Request) {
	if checkBodyHeaders(r) != nil {
		return
	}
	data, err := io.ReadAll(io.LimitReader(r.Body, maxBodyBytes+1))
	rest := io.Reader(bytes.NewReader(data))
	if err != nil {
		rest = io.MultiReader(rest, &errReader{err: err})
	}
	// NOTE: net/http closes the original body itself when the handler returns.
	r.Body = io.NopCloser(rest)
}

type errReader struct{ err error }

func (e *errReader) Read([]byte) (int, error) { return 0, e.err }

// dropConnection closes the client's connection without a response.
func dropConnection(w http.ResponseWriter) {
	conn, _, err := http.NewResponseController(w).Hijack()
	if err == nil {
		_ = conn.Close()
		return
	}
	// NOTE: without hijacking (HTTP/2, or an in-process recorder) aborting
	// the handler is how net/http drops a response.
	panic(http.ErrAbortHandler)
}

func sleepCtx(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// discardWriter swallows a response that will never be sent.
type discardWriter struct {
	header http.Header
	body   bytes.Buffer
}

func (d *discardWriter) Header() http.Header         { return d.header }
func (d *discardWriter) Write(b []byte) (int, error) { return d.body.Write(b) }
func (d *discardWriter) WriteHeader(int)             {}
