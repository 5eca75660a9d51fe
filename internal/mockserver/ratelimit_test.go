package mockserver

import (
	"net/http"
	"sync"
	"testing"
	"time"
)

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
	wantError(t, w, http.StatusTooManyRequests, errRateLimited.code)
	if got := w.Header().Get("Retry-After"); got != "" {
		t.Errorf("Retry-After = %q; the real API sends none", got)
	}
	mu.Lock()
	now = now.Add(time.Minute)
	mu.Unlock()
	wantStatus(t, do(t, s, http.MethodGet, "/ssh_certificate_authorities", ""), http.StatusOK)
}

func TestResetForgetsTheRateLimit(t *testing.T) {
	t.Parallel()
	s := New(WithRateLimit(2))
	for range 2 {
		wantStatus(t, do(t, s, http.MethodGet, "/ssh_certificate_authorities", ""), http.StatusOK)
	}
	wantError(t, do(t, s, http.MethodGet, "/ssh_certificate_authorities", ""), http.StatusTooManyRequests, errRateLimited.code)
	wantStatus(t, do(t, s, http.MethodPost, "/_mock/reset", ""), http.StatusNoContent)
	wantStatus(t, do(t, s, http.MethodGet, "/ssh_certificate_authorities", ""), http.StatusOK)
}
