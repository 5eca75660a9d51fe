package mockserver

import (
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"
)

// A journal that has recorded far more requests than its size holds exactly
// the newest size of them, oldest first.
func TestJournalKeepsTheNewestInOrder(t *testing.T) {
	t.Parallel()
	const size, total = 7, 1000
	s := New(WithJournalSize(size))
	for i := range total {
		do(t, s, http.MethodGet, fmt.Sprintf("/nowhere/%d", i), "")
	}
	entries, counts := s.Journal()
	if len(entries) != size {
		t.Fatalf("%d entries, want %d", len(entries), size)
	}
	for i, e := range entries {
		if want := fmt.Sprintf("/nowhere/%d", total-size+i); e.Path != want {
			t.Errorf("entry %d: path %q, want %q", i, e.Path, want)
		}
	}
	if got := counts[UnroutedCount]; got != total {
		t.Errorf("counts[%q] = %d, want %d: counts go on past the journal's size", UnroutedCount, got, total)
	}
}

// Every wrap position of the ring reads back oldest first.
func TestJournalSnapshotAtEveryWrap(t *testing.T) {
	t.Parallel()
	const size = 4
	s := New(WithJournalSize(size))
	for n := 1; n <= 3*size; n++ {
		do(t, s, http.MethodGet, fmt.Sprintf("/nowhere/%d", n), "")
		entries, _ := s.Journal()
		if want := min(n, size); len(entries) != want {
			t.Fatalf("after %d requests: %d entries, want %d", n, len(entries), want)
		}
		for i, e := range entries {
			if want := fmt.Sprintf("/nowhere/%d", n-len(entries)+1+i); e.Path != want {
				t.Errorf("after %d requests: entry %d is %q, want %q", n, i, e.Path, want)
			}
		}
	}
}

func TestJournalSizeZeroKeepsOnlyCounts(t *testing.T) {
	t.Parallel()
	s := New(WithJournalSize(0))
	id := newTestCA(t, s)
	do(t, s, http.MethodGet, "/ssh_certificate_authorities/"+id, "")
	entries, counts := s.Journal()
	if len(entries) != 0 {
		t.Errorf("%d entries, want none", len(entries))
	}
	if got := counts["GET /ssh_certificate_authorities/{id}"]; got != 1 {
		t.Errorf("counts = %v, want 1 for GET /ssh_certificate_authorities/{id}", counts)
	}
}

func TestJournalDefaultSize(t *testing.T) {
	t.Parallel()
	s := New()
	for i := range DefaultJournalSize + 5 {
		do(t, s, http.MethodGet, fmt.Sprintf("/nowhere/%d", i), "")
	}
	entries, _ := s.Journal()
	if len(entries) != DefaultJournalSize {
		t.Fatalf("%d entries, want %d", len(entries), DefaultJournalSize)
	}
	if got, want := entries[0].Path, "/nowhere/5"; got != want {
		t.Errorf("oldest entry %q, want %q", got, want)
	}
}

// The counts cannot grow with what clients send: 10,000 distinct unknown
// paths share one key; so do unknown control API paths, and requests whose
// path is not in canonical form. Refused requests count under the route
// they name; control API calls under their own route pattern.
func TestJournalCountsAreBounded(t *testing.T) {
	t.Parallel()
	s := New()
	for i := range 10_000 {
		do(t, s, http.MethodGet, fmt.Sprintf("/nowhere/%d", i), "")
	}
	do(t, s, http.MethodGet, "/_mock/nowhere/1", "")
	do(t, s, http.MethodGet, "/_mock/nowhere/2", "")
	do(t, s, http.MethodGet, "//ssh_certificate_authorities", "")
	do(t, s, http.MethodPut, "/ssh_certificate_authorities", "")
	do(t, s, http.MethodGet, "/ssh_certificate_authorities", "", withHeader("Authorization", ""))
	do(t, s, http.MethodDelete, "/_mock/objects/ssh_certificate_authorities/sshca_1", "")
	do(t, s, http.MethodDelete, "/_mock/objects/ssh_certificate_authorities/sshca_2", "")
	do(t, s, http.MethodGet, "/_mock/journal", "", withHeader("Authorization", ""))
	_, counts := s.Journal()
	want := map[string]int{
		UnroutedCount:                             10_000 + 2 + 1 + 1,
		"GET /ssh_certificate_authorities":        1,
		"DELETE /_mock/objects/{collection}/{id}": 2,
		"GET /_mock/journal":                      1,
	}
	if len(counts) != len(want) {
		t.Errorf("counts = %v, want %v", counts, want)
	}
	for k, n := range want {
		if counts[k] != n {
			t.Errorf("counts[%q] = %d, want %d (all: %v)", k, counts[k], n, counts)
		}
	}
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
