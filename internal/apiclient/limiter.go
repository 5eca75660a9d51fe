package apiclient

import (
	"context"
	"fmt"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// DefaultRequestsPerMinute is the management API's rate limit: 120 requests
// in any rolling 60 seconds, per account.
const DefaultRequestsPerMinute = 120

const (
	// rateWindow is the length of the API's rolling window.
	rateWindow = time.Minute

	// throttleDecrease is the share of the current rate kept after a 429:
	// a key shared with other clients needs a lower rate than ours alone.
	throttleDecrease = 0.75
	// throttleRecovery is how long the rate takes to climb back, linearly,
	// to the configured one after the pause of the last 429.
	throttleRecovery = 30 * time.Second
	// minRateShare floors the reduced rate, as a share of the configured one.
	minRateShare = 1.0 / 8

	// unpacedPause is the first pause after a 429 when requests are not
	// paced: without a rate there is no estimate of when a slot frees.
	unpacedPause = time.Second
	// maxPause is a whole window: after it every request counted against
	// the key has aged out, unless other clients keep sending.
	maxPause = rateWindow
)

// LimiterEventKind says what a LimiterEvent reports.
type LimiterEventKind int

const (
	// LimiterPacing: a request waits for its turn under requests per minute.
	LimiterPacing LimiterEventKind = iota + 1
	// LimiterPauseStarted: the API answered 429 and every request of the
	// client now waits Wait before the next one is sent.
	LimiterPauseStarted
	// LimiterPaused: a request waits for a pause started by a 429 to end.
	LimiterPaused
)

// LimiterEvent describes a wait imposed by the client's rate limiter, for
// logging. It holds no header or body.
type LimiterEvent struct {
	Kind   LimiterEventKind
	Method string // the request that waits (for LimiterPauseStarted: the one answered 429)
	Path   string
	Wait   time.Duration
	// RequestsPerMinute is the pace after this event; 0 when not paced.
	RequestsPerMinute float64
	// RetryAfter: the pause follows the API's Retry-After header.
	RetryAfter bool
	// First is set on the first pacing wait and the first pause of the
	// client: the moments a run starts being throttled.
	First bool
}

// WithRequestsPerMinute paces every request of the client so that no
// rolling minute sees more than n of them; n <= 0 sends without pacing.
// Pacing or not, a 429 pauses every request of the client (see WithRetryPolicy).
func WithRequestsPerMinute(n int) Option { return func(c *Client) { c.perMinute = n } }

// WithLimiterLogger calls log for every wait the rate limiter imposes and for
// every pause a 429 starts.
func WithLimiterLogger(log func(ctx context.Context, e LimiterEvent)) Option {
	return func(c *Client) { c.logLimiter = log }
}

// limiter is the state shared by every request of one Client: a token bucket
// that paces them, and a pause that a 429 imposes on all of them at once. Its
// methods take the time as an argument; the Client sleeps.
type limiter struct {
	mu sync.Mutex

	// NOTE: a token bucket of burst B and rate r admits at most B + 60r
	// requests in any 60 s, and the API counts requests in a rolling 60 s
	// window: B + 60r must stay below the limit L. We keep one request of
	// margin, for the API counting a request a little earlier or later than
	// we sent it (network jitter, rounding): B + 60r = L - 1. B is half a
	// second's worth, at least 1, so r = (L - B - 1) / 60 s: 118 a minute
	// at L = 120. A cold start sends B at once and never exceeds the window;
	// a new provider process started right after another (plan, then
	// apply) finds at most 60r of the old one's requests in the window, and
	// its burst still fits. A larger burst would make small runs a little
	// faster and every large one slower by B/L.
	bucket  *rate.Limiter // nil: not paced
	nominal rate.Limit    // the configured pace

	reduced   rate.Limit // the pace set by the last 429
	reducedAt time.Time  // when; the pace recovers from there

	basePause  time.Duration
	pause      time.Duration // length of the last pause
	pauseStart time.Time
	pauseEnd   time.Time

	pacedOnce, pausedOnce bool
}

func newLimiter(perMinute int) *limiter {
	l := &limiter{basePause: unpacedPause}
	if perMinute <= 0 {
		return l
	}
	burst := max(1, perMinute/(2*int(rateWindow/time.Second)))
	if sustained := perMinute - burst - 1; sustained > 0 {
		l.nominal = rate.Limit(float64(sustained) / rateWindow.Seconds())
	} else {
		// NOTE: at one or two requests a minute there is no room for a
		// margin: one request a little more than a minute apart.
		l.nominal = rate.Every(rateWindow + time.Second)
	}
	l.reduced = l.nominal
	l.bucket = rate.NewLimiter(l.nominal, burst)
	l.basePause = max(rateWindow/time.Duration(perMinute), 500*time.Millisecond)
	return l
}

// perMinute returns the current pace in requests per minute, 0 when unpaced.
func (l *limiter) perMinute() float64 {
	if l.bucket == nil {
		return 0
	}
	return float64(l.bucket.Limit()) * rateWindow.Seconds()
}

// recoverAt moves the pace from the last reduction towards the configured one.
func (l *limiter) recoverAt(now time.Time) {
	if l.bucket == nil || l.reduced >= l.nominal {
		return
	}
	elapsed := now.Sub(l.reducedAt)
	if elapsed >= throttleRecovery {
		l.reduced = l.nominal
		l.bucket.SetLimitAt(now, l.nominal)
		return
	}
	share := float64(max(elapsed, 0)) / float64(throttleRecovery)
	l.bucket.SetLimitAt(now, l.reduced+rate.Limit(share)*(l.nominal-l.reduced))
}

// turn is the outcome of asking the limiter for a request's turn.
type turn struct {
	wait     time.Duration
	pauseEnd time.Time         // set when wait is the rest of a pause; ask again after it
	res      *rate.Reservation // the paced turn taken; nil when paused or unpaced
	first    bool              // the client's first pacing wait
	pace     float64
}

// take asks for a turn at now. served is the end of the last pause the
// request has waited out, so that only a pause started since holds it again;
// held says the request already has its paced turn. While paused it
// reserves nothing.
func (l *limiter) take(now, served time.Time, held bool) turn {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.pauseEnd.After(served) && now.Before(l.pauseEnd) {
		return turn{wait: l.pauseEnd.Sub(now), pauseEnd: l.pauseEnd, pace: l.perMinute()}
	}
	if held || l.bucket == nil {
		return turn{}
	}
	l.recoverAt(now)
	res := l.bucket.ReserveN(now, 1)
	t := turn{wait: res.DelayFrom(now), res: res, pace: l.perMinute()}
	if t.wait > 0 && !l.pacedOnce {
		l.pacedOnce, t.first = true, true
	}
	return t
}

// pausedFor returns how much of a pause is left at now.
func (l *limiter) pausedFor(now time.Time) time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	return max(l.pauseEnd.Sub(now), 0)
}

// throttled records a 429 answered at now to a request sent at sent. A 429
// to a request sent before the current pause began says nothing new (it was
// in flight together with the one that started the pause) and changes
// nothing. Otherwise the whole client pauses: for Retry-After (capped at
// maxWait) when given, else for the base pause, doubled while 429s follow
// one another, up to a whole window; and the pace drops, to recover over
// throttleRecovery. It returns the event to log, if any.
func (l *limiter) throttled(sent, now time.Time, retryAfter time.Duration, hasRetryAfter bool, maxWait time.Duration) (LimiterEvent, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if sent.Before(l.pauseStart) {
		return LimiterEvent{}, false
	}
	var p time.Duration
	switch {
	case hasRetryAfter:
		p = min(max(retryAfter, l.basePause), max(maxWait, l.basePause))
	case l.pause > 0 && now.Sub(l.pauseEnd) < rateWindow:
		p = min(2*l.pause, maxPause)
	default:
		p = l.basePause
	}
	l.pause, l.pauseStart = p, now
	l.pauseEnd = now.Add(p)
	if l.bucket != nil {
		l.recoverAt(now)
		l.reduced = max(l.bucket.Limit()*throttleDecrease, l.nominal*minRateShare)
		// NOTE: the pace recovers once requests flow again, so that 429s
		// that keep coming after long pauses keep lowering it.
		l.reducedAt = l.pauseEnd
		l.bucket.SetLimitAt(now, l.reduced)
	}
	e := LimiterEvent{Kind: LimiterPauseStarted, Wait: p, RequestsPerMinute: l.perMinute(),
		RetryAfter: hasRetryAfter, First: !l.pausedOnce}
	l.pausedOnce = true
	return e, true
}

// errWaitPastDeadline: the limiter's wait would outlast the context.
type errWaitPastDeadline struct{ wait time.Duration }

func (e errWaitPastDeadline) Error() string {
	return fmt.Sprintf("the rate limiter's wait of %s would outlast the request's deadline", e.wait)
}

// waitTurn blocks until the rate limiter lets the request go, and returns
// when it did. Cancelling ctx ends the wait at once; a wait that would
// outlast ctx's deadline fails at once.
func (c *Client) waitTurn(ctx context.Context, method, path string) (time.Time, error) {
	var (
		held   *rate.Reservation // the paced turn taken; only a new pause may delay it
		served time.Time         // the end of the last pause waited out
	)
	for {
		if err := ctx.Err(); err != nil {
			return time.Time{}, err
		}
		now := c.now()
		t := c.lim.take(now, served, held != nil)
		if t.wait <= 0 {
			return now, nil
		}
		if held != nil {
			// NOTE: turns taken before a pause would all be sent the moment
			// it ends; give this one back and queue again after the pause.
			held.CancelAt(now)
			held = nil
		}
		if dl, ok := ctx.Deadline(); ok && now.Add(t.wait).After(dl) {
			if t.res != nil {
				t.res.CancelAt(now)
			}
			return time.Time{}, errWaitPastDeadline{t.wait}
		}
		if c.logLimiter != nil {
			kind := LimiterPacing
			if !t.pauseEnd.IsZero() {
				kind = LimiterPaused
			}
			c.logLimiter(ctx, LimiterEvent{Kind: kind, Method: method, Path: path, Wait: t.wait,
				RequestsPerMinute: t.pace, First: t.first})
		}
		if err := c.sleep(ctx, t.wait); err != nil {
			if t.res != nil {
				t.res.CancelAt(c.now())
			}
			return time.Time{}, err
		}
		if !t.pauseEnd.IsZero() {
			served = t.pauseEnd
		}
		held = t.res
	}
}

// noteThrottled tells the limiter that the request sent at sent was answered
// 429, and logs the pause it starts.
func (c *Client) noteThrottled(ctx context.Context, method, path string, sent time.Time, retryAfter time.Duration, hasRetryAfter bool) {
	e, ok := c.lim.throttled(sent, c.now(), retryAfter, hasRetryAfter, c.retry.MaxBackoff)
	if ok && c.logLimiter != nil {
		e.Method, e.Path = method, path
		c.logLimiter(ctx, e)
	}
}
