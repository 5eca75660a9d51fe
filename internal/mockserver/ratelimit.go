package mockserver

import (
	"sync"
	"time"
)

const rateWindow = time.Minute

// WithRateLimit answers 429 ERR_NGROK_226 once an API key has made more than
// perMinute requests in the rolling last minute, like the real API (whose
// limit is 120). Off (0) by default. Like the real API it sends no
// Retry-After: clients must back off on their own.
func WithRateLimit(perMinute int) Option {
	return func(s *Server) {
		if perMinute > 0 {
			s.limiter = &rateLimiter{perMinute: perMinute, hits: map[string][]time.Time{}}
		}
	}
}

type rateLimiter struct {
	mu        sync.Mutex
	perMinute int
	hits      map[string][]time.Time // per API key, oldest first, within the window
}

func (l *rateLimiter) allow(key string, now time.Time) *apiError {
	if l == nil {
		return nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	hits := l.hits[key]
	cut := 0
	for cut < len(hits) && now.Sub(hits[cut]) >= rateWindow {
		cut++
	}
	hits = hits[cut:]
	if len(hits) >= l.perMinute {
		l.hits[key] = hits
		return errRateLimited.with(l.perMinute, "minute")
	}
	l.hits[key] = append(hits, now)
	return nil
}

// reset forgets every request counted so far.
func (l *rateLimiter) reset() {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.hits = map[string][]time.Time{}
}
