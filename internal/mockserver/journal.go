package mockserver

import (
	"context"
	"log/slog"
	"maps"
	"net/http"
	"sync"
	"time"
)

// JournalEntry is one request as the server answered it.
type JournalEntry struct {
	Time        time.Time     `json:"time"`
	Method      string        `json:"method"`
	Path        string        `json:"path"`
	Route       string        `json:"route,omitempty"` // the route pattern served, e.g. "GET /reserved_domains/{id}"
	Status      int           `json:"status"`
	Latency     time.Duration `json:"latency_ns"`
	OperationID string        `json:"operation_id"`
	Fault       string        `json:"fault,omitempty"` // what a fault rule did to the request, if anything
}

// maxJournal bounds the journal of a long-running server; counts keep going.
const maxJournal = 10000

type journal struct {
	mu      sync.Mutex
	entries []JournalEntry
	counts  map[string]int // route (or "METHOD path" when unrouted) → requests
	log     *slog.Logger
}

func newJournal() *journal { return &journal{counts: map[string]int{}} }

func (j *journal) record(e JournalEntry) {
	j.mu.Lock()
	if len(j.entries) == maxJournal {
		j.entries = append(j.entries[:0], j.entries[1:]...)
	}
	j.entries = append(j.entries, e)
	key := e.Route
	if key == "" {
		key = e.Method + " " + e.Path
	}
	j.counts[key]++
	log := j.log
	j.mu.Unlock()

	if log != nil {
		// NOTE: neither headers nor bodies are logged: they carry the API key
		// and secrets such as OIDC client secrets.
		attrs := []any{"method", e.Method, "path", e.Path, "status", e.Status,
			"latency", e.Latency.Round(time.Microsecond).String(), "operation_id", e.OperationID}
		if e.Fault != "" {
			attrs = append(attrs, "fault", e.Fault)
		}
		level := slog.LevelInfo
		if e.Status >= 500 {
			level = slog.LevelWarn
		}
		log.Log(context.Background(), level, "request", attrs...)
	}
}

func (j *journal) snapshot() ([]JournalEntry, map[string]int) {
	j.mu.Lock()
	defer j.mu.Unlock()
	return append([]JournalEntry(nil), j.entries...), maps.Clone(j.counts)
}

func (j *journal) clear() {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.entries = nil
	j.counts = map[string]int{}
}

// Journal returns the requests served so far, oldest first (at most the
// last 10,000), and the number of requests per route.
func (s *Server) Journal() ([]JournalEntry, map[string]int) { return s.journal.snapshot() }

// ClearJournal forgets the requests served so far.
func (s *Server) ClearJournal() { s.journal.clear() }

// WithLogger logs one structured line per request (method, path, status,
// latency, operation ID; never headers or bodies).
func WithLogger(l *slog.Logger) Option {
	return func(s *Server) { s.journal.log = l }
}

// statusWriter remembers the status written through it.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the connection (for hijacking).
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
