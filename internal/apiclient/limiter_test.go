package apiclient

// The limiter's tests run in a synctest bubble: time is virtual, so minutes
// of pacing take no wall time, and every figure below is exact. The client
// keeps its real clock and sleep (virtualised by the bubble) and reaches the
// server through an in-memory transport.

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"syscall"
	"testing"
	"testing/synctest"
	"time"

	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
	"github.com/tfedge/terraform-provider-ngrok/internal/specvalidate"
)

// handlerTransport serves requests with a handler in the caller's goroutine.
type handlerTransport struct{ h http.Handler }

func (t handlerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if err := r.Context().Err(); err != nil {
		return nil, err
	}
	rec := httptest.NewRecorder()
	t.h.ServeHTTP(rec, r)
	return rec.Result(), nil
}

// newBubbleClient returns a client of h with the real clock and sleep; call
// it inside synctest.Test.
func newBubbleClient(t *testing.T, h http.Handler, opts ...Option) *Client {
	t.Helper()
	c, err := New(append([]Option{WithBaseURL("http://api.test"), WithAPIKey(mockKey),
		WithHTTPClient(&http.Client{Transport: handlerTransport{h}})}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// sendLog records when each request reached the server and what it answered.
type sendLog struct {
	mu     sync.Mutex
	times  []time.Time
	status []int
}

func (l *sendLog) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		l.mu.Lock()
		l.times = append(l.times, time.Now())
		l.status = append(l.status, rec.Code)
		l.mu.Unlock()
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		w.WriteHeader(rec.Code)
		_, _ = w.Write(rec.Body.Bytes())
	})
}

func (l *sendLog) count(status int) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, s := range l.status {
		if s == status {
			n++
		}
	}
	return n
}

// maxInWindow returns the most requests that reached the server in any
// rolling window of length w, counted as the API does: a request w old has
// left the window.
func (l *sendLog) maxInWindow(w time.Duration) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	ts := slices.Clone(l.times)
	slices.SortFunc(ts, func(a, b time.Time) int { return a.Compare(b) })
	most, lo := 0, 0
	for hi := range ts {
		for ts[hi].Sub(ts[lo]) >= w {
			lo++
		}
		most = max(most, hi-lo+1)
	}
	return most
}

// newRateLimitedMock is ngrok-mock with the API's limit, holding one SSH
// certificate authority to read.
func newRateLimitedMock(t *testing.T, log *sendLog) (http.Handler, string) {
	t.Helper()
	mock := mockserver.New(mockserver.WithAPIKeys(mockKey), mockserver.WithRateLimit(DefaultRequestsPerMinute))
	h := log.wrap(specvalidate.Handler(t, mock))
	seed := newBubbleClient(t, h)
	ca, err := seed.CreateSSHCertificateAuthority(context.Background(), &SSHCertificateAuthorityCreate{PrivateKeyType: "ed25519"})
	if err != nil {
		t.Fatal(err)
	}
	return h, ca.ID
}

// readConcurrently makes n GETs of id from workers goroutines and returns
// the first error.
func readConcurrently(c *Client, id string, workers, n int) error {
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		first error
	)
	jobs := make(chan struct{}, n)
	for range n {
		jobs <- struct{}{}
	}
	close(jobs)
	for range workers {
		wg.Go(func() {
			for range jobs {
				if _, err := c.GetSSHCertificateAuthority(context.Background(), id); err != nil {
					mu.Lock()
					first = cmpErr(first, err)
					mu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	return first
}

func cmpErr(a, b error) error {
	if a != nil {
		return a
	}
	return b
}

func TestLimiterBurstAndRate(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		perMinute, burst int
		rate             float64 // per minute
	}{
		{120, 1, 118},
		{60, 1, 58},
		{600, 5, 594},
		{2, 1, 60.0 / 61},
	} {
		l := newLimiter(tc.perMinute)
		if l.bucket.Burst() != tc.burst || math.Abs(l.perMinute()-tc.rate) > 1e-9 {
			t.Errorf("newLimiter(%d): burst %d, %v a minute; want %d and %v", tc.perMinute, l.bucket.Burst(), l.perMinute(), tc.burst, tc.rate)
		}
		// A cold start's burst plus a minute of the sustained rate stays
		// below the limit.
		if got := float64(l.bucket.Burst()) + l.perMinute(); got >= float64(tc.perMinute) {
			t.Errorf("newLimiter(%d): burst + rate = %v a minute", tc.perMinute, got)
		}
	}
	if l := newLimiter(0); l.bucket != nil || l.perMinute() != 0 {
		t.Error("newLimiter(0) paces")
	}
}

// Twenty goroutines share one client: the server never sees more than the
// limit in any rolling minute, and never answers 429.
func TestLimiterSharedAcrossGoroutines(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		var log sendLog
		h, id := newRateLimitedMock(t, &log)
		time.Sleep(rateWindow) // the seed's create leaves the window
		c := newBubbleClient(t, h, WithRequestsPerMinute(DefaultRequestsPerMinute))
		start := time.Now()
		if err := readConcurrently(c, id, 20, 400); err != nil {
			t.Fatal(err)
		}
		if most := log.maxInWindow(rateWindow); most > DefaultRequestsPerMinute {
			t.Errorf("%d requests in one rolling minute, want at most %d", most, DefaultRequestsPerMinute)
		}
		if n := log.count(http.StatusTooManyRequests); n != 0 {
			t.Errorf("%d requests answered 429", n)
		}
		// The pace is the limit's, less the burst and a margin: 1 at once,
		// then 118 a minute (virtual time, exact).
		if took, want := time.Since(start), (400-1)*time.Minute/118; took > want+time.Second {
			t.Errorf("400 requests took %v, want about %v", took, want)
		}
	})
}

// A provider process that starts right after another (plan, then apply)
// finds the window nearly full of the first one's requests: its burst still
// fits.
func TestLimiterNextProcessFitsInTheWindow(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		var log sendLog
		h, id := newRateLimitedMock(t, &log)
		time.Sleep(rateWindow)
		for range 2 {
			c := newBubbleClient(t, h, WithRequestsPerMinute(DefaultRequestsPerMinute))
			if err := readConcurrently(c, id, 10, 200); err != nil {
				t.Fatal(err)
			}
		}
		if n := log.count(http.StatusTooManyRequests); n != 0 {
			t.Errorf("%d requests answered 429 across the two clients", n)
		}
	})
}

// A 429 pauses every goroutine of the client (for its Retry-After here, far
// longer than the pacing interval), lowers the pace, and the pace recovers
// within throttleRecovery.
func TestLimiterAdaptsTo429AndRecovers(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		var (
			mu       sync.Mutex
			refuseAt = 30 // the 30th request is answered 429
			n        int
			refused  time.Time
			sent     []time.Time
		)
		h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			mu.Lock()
			n++
			sent = append(sent, time.Now())
			if n == refuseAt {
				refused = time.Now()
				mu.Unlock()
				w.Header().Set("Retry-After", "5")
				writeAPIError(w, http.StatusTooManyRequests, "ERR_NGROK_226", "slow down")
				return
			}
			mu.Unlock()
			writeJSON(w, http.StatusOK, testCA)
		})
		var events []LimiterEvent
		var evMu sync.Mutex
		c := newBubbleClient(t, h, WithRequestsPerMinute(DefaultRequestsPerMinute),
			WithLimiterLogger(func(_ context.Context, e LimiterEvent) {
				evMu.Lock()
				events = append(events, e)
				evMu.Unlock()
			}))
		if err := readConcurrently(c, "sshca_1", 4, 60); err != nil {
			t.Fatal(err)
		}
		mu.Lock()
		sentBefore, refusedAt := slices.Clone(sent), refused
		mu.Unlock()
		if refusedAt.IsZero() {
			t.Fatal("no request was refused")
		}
		const pause = 5 * time.Second
		for _, s := range sentBefore {
			if s.After(refusedAt) && s.Before(refusedAt.Add(pause)) {
				t.Errorf("a request was sent %v after the 429, inside the client's pause of %v", s.Sub(refusedAt), pause)
			}
		}
		if n := len(slices.DeleteFunc(slices.Clone(sentBefore), func(s time.Time) bool { return !s.Equal(refusedAt) })); n != 1 {
			t.Errorf("%d requests sent at the instant of the 429, want only the refused one", n)
		}
		var pauses []LimiterEvent
		firstPacing := 0
		for _, e := range events {
			if e.Kind == LimiterPauseStarted {
				pauses = append(pauses, e)
			}
			if e.Kind == LimiterPacing && e.First {
				firstPacing++
			}
		}
		if len(pauses) != 1 || pauses[0].Wait != pause || !pauses[0].First || !pauses[0].RetryAfter || math.Abs(pauses[0].RequestsPerMinute-118*throttleDecrease) > 1e-9 {
			t.Errorf("pause events = %+v; want one first pause of %v at %v a minute", pauses, pause, 118*throttleDecrease)
		}
		if firstPacing != 1 {
			t.Errorf("%d pacing events marked first, want 1", firstPacing)
		}
		if got := c.lim.perMinute(); got >= 118 {
			t.Fatalf("pace %v a minute before recovering, want below 118", got)
		}
		time.Sleep(throttleRecovery)
		if err := readConcurrently(c, "sshca_1", 1, 1); err != nil {
			t.Fatal(err)
		}
		if got := c.lim.perMinute(); math.Abs(got-118) > 1e-9 {
			t.Errorf("pace %v a minute after %v without 429, want 118", got, throttleRecovery)
		}
	})
}

// 429s that keep coming double the pause up to a whole window; 429s to
// requests sent before the pause began do not extend it.
func TestLimiterPauseDoublesOnlyOnNewEvidence(t *testing.T) {
	t.Parallel()
	l := newLimiter(DefaultRequestsPerMinute)
	t0 := time.Date(2025, 9, 4, 10, 0, 0, 0, time.UTC)
	base := rateWindow / DefaultRequestsPerMinute
	e, ok := l.throttled(t0, t0, 0, false, 30*time.Second)
	if !ok || e.Wait != base || !e.First {
		t.Fatalf("first 429: %+v %v", e, ok)
	}
	// Nine more requests sent together with the first come back 429: the
	// same burst, no new information.
	for range 9 {
		if _, ok := l.throttled(t0.Add(-time.Millisecond), t0.Add(time.Millisecond), 0, false, 30*time.Second); ok {
			t.Fatal("a 429 to a request sent before the pause changed it")
		}
	}
	now := t0.Add(base)
	var waits []time.Duration
	for range 9 {
		e, ok := l.throttled(now, now, 0, false, 30*time.Second)
		if !ok || e.First {
			t.Fatalf("429 at %v: %+v %v", now, e, ok)
		}
		waits = append(waits, e.Wait)
		now = now.Add(e.Wait)
	}
	want := []time.Duration{time.Second, 2 * time.Second, 4 * time.Second, 8 * time.Second, 16 * time.Second,
		32 * time.Second, time.Minute, time.Minute, time.Minute}
	if fmt.Sprint(waits) != fmt.Sprint(want) {
		t.Errorf("pauses = %v, want %v", waits, want)
	}
	if got, floor := l.perMinute(), 118*minRateShare; math.Abs(got-floor) > 1e-9 {
		t.Errorf("pace after ten 429s = %v a minute, want the floor %v", got, floor)
	}
	// A 429 long after the last pause starts over from the base pause; a
	// Retry-After is honoured up to the cap.
	now = now.Add(2 * rateWindow)
	if e, _ := l.throttled(now, now, 0, false, 30*time.Second); e.Wait != base {
		t.Errorf("pause after a quiet minute = %v, want %v", e.Wait, base)
	}
	now = now.Add(time.Minute)
	if e, _ := l.throttled(now, now, 45*time.Second, true, 30*time.Second); e.Wait != 30*time.Second || !e.RetryAfter {
		t.Errorf("pause for Retry-After 45s capped at 30s = %+v", e)
	}
}

// Waits for a paced turn and for a pause end at once when the context is
// cancelled, give back the turn, and refuse a wait past the deadline.
func TestLimiterWaitsAreCancellable(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		var log sendLog
		h := log.wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { writeJSON(w, http.StatusOK, testCA) }))
		// Two a minute: a burst of one, then one a minute.
		c := newBubbleClient(t, h, WithRequestsPerMinute(2))
		ctx := context.Background()
		if _, err := c.GetSSHCertificateAuthority(ctx, "sshca_1"); err != nil {
			t.Fatal(err)
		}
		for _, paused := range []bool{false, true} {
			if paused {
				c.lim.throttled(time.Now(), time.Now(), time.Hour, true, time.Hour)
			}
			cctx, cancel := context.WithCancel(ctx)
			done := make(chan error, 1)
			start := time.Now()
			go func() {
				_, err := c.GetSSHCertificateAuthority(cctx, "sshca_1")
				done <- err
			}()
			synctest.Wait() // the request is blocked in the limiter
			cancel()
			err := <-done
			if !errors.Is(err, context.Canceled) || time.Since(start) != 0 {
				t.Errorf("paused=%v: err %v after %v; want context.Canceled at once", paused, err, time.Since(start))
			}
		}
		if n := log.count(http.StatusOK); n != 1 {
			t.Errorf("%d requests reached the server, want 1", n)
		}
		// A wait longer than the deadline fails at once.
		dctx, cancel := context.WithTimeout(ctx, time.Minute)
		defer cancel()
		start := time.Now()
		_, err := c.GetSSHCertificateAuthority(dctx, "sshca_1")
		var past errWaitPastDeadline
		if !errors.As(err, &past) || time.Since(start) != 0 {
			t.Errorf("err %v after %v; want errWaitPastDeadline at once", err, time.Since(start))
		}
	})
}

// With default settings, a client rides out an API that refuses connections
// for 30 seconds, and one that answers 503 for 30 seconds, in the middle of
// a run of requests from several goroutines.
func TestDefaultsRideOutAThirtySecondOutage(t *testing.T) {
	t.Parallel()
	for _, mode := range []string{"connection refused", "503"} {
		t.Run(mode, func(t *testing.T) {
			t.Parallel()
			synctest.Test(t, func(t *testing.T) {
				var (
					mu      sync.Mutex
					n       int
					down    time.Time
					refused int
				)
				const outage = 30 * time.Second
				serve := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { writeJSON(w, http.StatusOK, testCA) })
				rt := roundTripFunc(func(r *http.Request) (*http.Response, error) {
					mu.Lock()
					n++
					if n == 20 {
						down = time.Now()
					}
					isDown := !down.IsZero() && time.Since(down) < outage
					if isDown {
						refused++
					}
					mu.Unlock()
					if !isDown {
						return handlerTransport{serve}.RoundTrip(r)
					}
					if mode == "503" {
						return handlerTransport{http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
							writeAPIError(w, http.StatusServiceUnavailable, "", "down")
						})}.RoundTrip(r)
					}
					return nil, &net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}
				})
				c, err := New(WithBaseURL("http://api.test"), WithAPIKey(mockKey), WithHTTPClient(&http.Client{Transport: rt}),
					WithRequestsPerMinute(DefaultRequestsPerMinute))
				if err != nil {
					t.Fatal(err)
				}
				if err := readConcurrently(c, "sshca_1", 10, 60); err != nil {
					t.Fatalf("a request failed across the outage: %v", err)
				}
				if refused == 0 || time.Since(down) < outage {
					t.Errorf("the outage was not reached: %d requests refused", refused)
				}
			})
		})
	}
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }
