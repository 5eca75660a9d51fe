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

// Every key of the account draws on one limit [real: docs api/index.mdx,
// "a limit on all accounts"]: a configured key and one minted by the API.
func TestRateLimitIsPerAccount(t *testing.T) {
	t.Parallel()
	s := New(WithAPIKeys("key-one", "key-two"), WithRateLimit(4))
	as := func(key string) func(*http.Request) { return withHeader("Authorization", "Bearer "+key) }
	w := do(t, s, http.MethodPost, "/api_keys", `{}`, as("key-one"))
	wantStatus(t, w, http.StatusCreated)
	minted := *decodeBody[APIKeyWire](t, w).Token
	wantStatus(t, do(t, s, http.MethodGet, "/ssh_certificate_authorities", "", as("key-two")), http.StatusOK)
	wantStatus(t, do(t, s, http.MethodGet, "/ssh_certificate_authorities", "", as(minted)), http.StatusOK)
	wantStatus(t, do(t, s, http.MethodGet, "/ssh_certificate_authorities", "", as("key-one")), http.StatusOK)
	for _, key := range []string{"key-one", "key-two", minted} {
		wantError(t, do(t, s, http.MethodGet, "/ssh_certificate_authorities", "", as(key)), http.StatusTooManyRequests, errRateLimited.code)
	}
}

// The window rolls: a request is admitted as soon as the one perMinute
// requests before it is a minute old, not when a fixed minute ends.
func TestRateLimitWindowRolls(t *testing.T) {
	t.Parallel()
	start := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	l := &rateLimiter{perMinute: 2}
	for _, tc := range []struct {
		at   time.Duration
		want bool
	}{
		{0, true}, {30 * time.Second, true}, {59 * time.Second, false},
		{time.Minute, true}, {time.Minute + 29*time.Second, false}, {time.Minute + 30*time.Second, true},
		{5 * time.Minute, true}, {5 * time.Minute, true}, {5 * time.Minute, false},
	} {
		if got := l.allow(start.Add(tc.at)) == nil; got != tc.want {
			t.Errorf("at %v: admitted = %v, want %v", tc.at, got, tc.want)
		}
	}
	if len(l.hits) != 2 {
		t.Errorf("%d times kept, want at most the limit, 2", len(l.hits))
	}
}

func TestRateLimitMessage(t *testing.T) {
	t.Parallel()
	s := New(WithRateLimit(1))
	wantStatus(t, do(t, s, http.MethodGet, "/ssh_certificate_authorities", ""), http.StatusOK)
	w := do(t, s, http.MethodGet, "/ssh_certificate_authorities", "")
	wantError(t, w, http.StatusTooManyRequests, errRateLimited.code)
	// [real: errors/err_ngrok_226.mdx]
	if got, want := decodeBody[errorBody](t, w).Msg, "Your account is rate limited to 1 API requests per minute."; got != want {
		t.Errorf("msg = %q, want %q", got, want)
	}
}
