package mockserver

import (
	"sync"
	"time"
)

const rateWindow = time.Minute

// WithRateLimit answers 429 ERR_NGROK_226 once the account has made
// perMinute requests in the rolling last minute, whichever of its API keys
// made them, like the real API (whose limit is 120 per account). Off (0) by
// default. Like the real API it sends no Retry-After: clients must back off
// on their own.
func WithRateLimit(perMinute int) Option {
	return func(s *Server) {
		if perMinute > 0 {
			s.limiter = &rateLimiter{perMinute: perMinute}
		}
	}
}

// rateLimiter counts the account's requests. NOTE: the mock serves one
// account, so one window holds every key's requests; it holds at most
// perMinute times, and no more than the requests the last minute brought.
type rateLimiter struct {
	mu        sync.Mutex
	perMinute int
	// hits are the times of the last admitted requests, a ring once full:
	// next is the oldest.
	hits []time.Time
	next int
}

func (l *rateLimiter) allow(now time.Time) *apiError {
	if l == nil {
		return nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.hits) < l.perMinute {
		l.hits = append(l.hits, now)
		return nil
	}
	if now.Sub(l.hits[l.next]) < rateWindow {
		return errRateLimited.with(l.perMinute, "minute")
	}
	l.hits[l.next] = now
	l.next = (l.next + 1) % len(l.hits)
	return nil
}

// reset forgets every request counted so far.
func (l *rateLimiter) reset() {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.hits, l.next = nil, 0
}
