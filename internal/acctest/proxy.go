package acctest

import (
	"net/http"
	"net/http/httputil"
	"net/url"
	"sync"
	"sync/atomic"
	"time"
)

// Proxy forwards every request of the test binary to the API at one pace,
// and counts them.
//
// NOTE: the provider paces its own requests (requests_per_minute), but
// each Terraform command starts a new provider, whose token bucket starts
// full, and the tests' own clients pace apart from it: only one gate in
// front of the whole binary keeps a run of hundreds of commands below the
// account's limit.
type Proxy struct {
	target   *url.URL
	interval time.Duration // 0: no pacing
	rp       *httputil.ReverseProxy

	mu   sync.Mutex
	next time.Time // when the next request may leave

	requests atomic.Int64
}

// NewProxy forwards to target at perMinute requests a minute, one every
// 60/perMinute seconds (0: no pacing).
func NewProxy(target *url.URL, perMinute int) *Proxy {
	p := &Proxy{target: target}
	if perMinute > 0 {
		p.interval = time.Minute / time.Duration(perMinute)
	}
	p.rp = &httputil.ReverseProxy{Rewrite: func(r *httputil.ProxyRequest) {
		// NOTE: SetURL sets Host to the API's, so that it names itself in the
		// uri of its objects as it does for any client.
		r.SetURL(target)
	}}
	return p
}

// ServeHTTP waits for the request's turn, then forwards it.
func (p *Proxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if wait := p.turn(time.Now()); wait > 0 {
		t := time.NewTimer(wait)
		select {
		case <-t.C:
		case <-r.Context().Done():
			t.Stop()
			http.Error(w, "the test run stopped", http.StatusServiceUnavailable)
			return
		}
	}
	p.requests.Add(1)
	p.rp.ServeHTTP(w, r)
}

// turn reserves the next slot and returns how long to wait for it.
func (p *Proxy) turn(now time.Time) time.Duration {
	if p.interval == 0 {
		return 0
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	at := now
	if p.next.After(now) {
		at = p.next
	}
	p.next = at.Add(p.interval)
	return at.Sub(now)
}

// Requests is how many requests went to the API.
func (p *Proxy) Requests() int64 { return p.requests.Load() }
