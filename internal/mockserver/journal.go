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

// DefaultJournalSize is how many requests the journal keeps unless
// WithJournalSize says otherwise.
const DefaultJournalSize = 10_000

// UnroutedCount is the key under which the journal's counts hold every
// request that matched no route pattern: unknown paths, known paths with a
// method not served there, and paths that are not in canonical form.
const UnroutedCount = "unrouted"

// journal keeps the last size requests in a ring and a count per route.
//
// NOTE: both are bounded whatever clients send: the ring by its size, the
// counts by the number of route patterns (API and control API), since every
// path that matches none of them shares one key. Counting by raw path would
// let a client that walks distinct URLs grow the map without limit.
type journal struct {
	mu      sync.Mutex
	size    int
	entries []JournalEntry // grows to size, then is overwritten in place
	next    int            // where the next entry goes once entries is full
	counts  map[string]int // route pattern, or UnroutedCount → requests
	log     *slog.Logger
}

func newJournal() *journal {
	return &journal{size: DefaultJournalSize, counts: map[string]int{}}
}

// record adds e, counting it under key, in constant time.
func (j *journal) record(e JournalEntry, key string) {
	j.mu.Lock()
	switch {
	case j.size == 0:
	case len(j.entries) < j.size:
		j.entries = append(j.entries, e)
	default:
		j.entries[j.next] = e
		j.next++
		if j.next == j.size {
			j.next = 0
		}
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

// snapshot returns the entries oldest first, and the counts.
func (j *journal) snapshot() ([]JournalEntry, map[string]int) {
	j.mu.Lock()
	defer j.mu.Unlock()
	out := make([]JournalEntry, 0, len(j.entries))
	out = append(out, j.entries[j.next:]...)
	out = append(out, j.entries[:j.next]...)
	return out, maps.Clone(j.counts)
}

func (j *journal) clear() {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.entries = nil
	j.next = 0
	j.counts = map[string]int{}
}

// Journal returns the requests served so far, oldest first (at most the
// journal's size, DefaultJournalSize unless WithJournalSize says otherwise),
// and the number of requests per route pattern since the start or the last
// ClearJournal. Requests that matched no route pattern are counted together
// under UnroutedCount.
func (s *Server) Journal() ([]JournalEntry, map[string]int) { return s.journal.snapshot() }

// ClearJournal forgets the requests served so far.
func (s *Server) ClearJournal() { s.journal.clear() }

// WithJournalSize sets how many requests the journal keeps (default
// DefaultJournalSize); the oldest are forgotten first. 0 keeps none, though
// the counts per route go on. Negative values are ignored.
func WithJournalSize(n int) Option {
	return func(s *Server) {
		if n >= 0 {
			s.journal.size = n
		}
	}
}

// WithLogger logs one structured line per request (method, path, status,
// latency, operation ID; never headers or bodies).
func WithLogger(l *slog.Logger) Option {
	return func(s *Server) { s.journal.log = l }
}

// statusWriter remembers the status written through it, and carries the
// middleware's record of the request to its route (see carrying).
type statusWriter struct {
	http.ResponseWriter
	status int
	rq     *request
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
