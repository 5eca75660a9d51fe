// Package apiclient is a small client for the ngrok management API (version 2):
// authentication, a shared rate limiter, retries bounded by time, creates
// that survive cancellation, typed errors and paginated lists. Besides the
// standard library it uses only golang.org/x/time/rate.
package apiclient

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	mrand "math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"
)

// DefaultBaseURL is the base URL of the real ngrok management API.
const DefaultBaseURL = "https://api.ngrok.com"

const (
	defaultUserAgent      = "terraform-provider-ngrok/dev"
	defaultAttemptTimeout = 60 * time.Second
	apiVersion            = "2"

	// defaultReplayTimeout bounds the replay of an interrupted create: the
	// caller has already given up, so it must be short.
	defaultReplayTimeout = 10 * time.Second

	// maxResponseBytes bounds what is read from one response; the largest
	// legitimate body is a page of 100 objects.
	maxResponseBytes = 16 << 20
)

// Client talks to the management API. It is safe for concurrent use.
type Client struct {
	base    *url.URL // scheme, host and path prefix, without trailing slash
	rawBase string   // as given to WithBaseURL, validated by New
	// NOTE: the key sits behind a pointer so that printing a Client with
	// %v or %+v shows an address, never the key.
	key            *secret
	userAgent      string
	httpClient     *http.Client
	retry          RetryPolicy
	attemptTimeout time.Duration
	replayTimeout  time.Duration
	perMinute      int      // as given to WithRequestsPerMinute
	lim            *limiter // shared by every request of this client

	// Injectable for tests.
	randInt64N func(n int64) int64 // in [0, n)
	sleep      func(ctx context.Context, d time.Duration) error
	now        func() time.Time
	newIdemKey func() string

	logRequest func(ctx context.Context, e RequestLog)   // nil: no logging
	logLimiter func(ctx context.Context, e LimiterEvent) // nil: no logging

	lists *listCaches // Gets answered from lists: snapshot.go

	// reached is set by the first attempt that connected to the API,
	// answered or not. Until then a connection that cannot be made fails
	// at once (UnreachableError).
	//
	// NOTE: a wrong base URL or a mock that is not running must not look like
	// a 5-minute outage ("Still creating..."), but an API that stops after
	// it answered must be waited for, as before. A connection cut after it
	// was made counts as reached: something listened at the base URL. A
	// pointer, so that a Client value can be printed (go vet's copylocks).
	reached *atomic.Bool
}

// RequestLog describes one attempt of a request, for debug logging. It holds
// no header or body: those carry the API key and secrets.
type RequestLog struct {
	Method      string
	Path        string
	Attempt     int // 1 for the first attempt
	Status      int // 0 when no response arrived
	Duration    time.Duration
	OperationID string
	Err         error // the transport error when no response arrived
	// Replay: the one attempt that repeats an interrupted create after its
	// caller gave up, to learn whether the API made the object.
	Replay bool
}

// WithRequestLogger calls log after every attempt of every request.
func WithRequestLogger(log func(ctx context.Context, e RequestLog)) Option {
	return func(c *Client) { c.logRequest = log }
}

type secret struct{ value string }

// Option configures a Client.
type Option func(*Client)

// WithBaseURL sets the API base URL (absolute http or https, no query). A
// trailing slash is tolerated.
func WithBaseURL(u string) Option { return func(c *Client) { c.rawBase = u } }

// WithAPIKey sets the API key sent as a bearer token.
func WithAPIKey(key string) Option { return func(c *Client) { c.key = &secret{value: key} } }

// WithUserAgent sets the full User-Agent header. An empty string keeps the default.
func WithUserAgent(ua string) Option {
	return func(c *Client) {
		if ua != "" {
			c.userAgent = ua
		}
	}
}

// WithHTTPClient sets the HTTP client used for requests. nil keeps the default,
// a client with its own clone of the default transport.
func WithHTTPClient(hc *http.Client) Option {
	return func(c *Client) {
		if hc != nil {
			c.httpClient = hc
		}
	}
}

// WithRetryPolicy sets how failed requests are retried. Negative durations
// are treated as zero, a MaxBackoff below MinBackoff is raised to MinBackoff,
// any negative MaxRetries means no limit by count, and a policy limited
// neither by count nor by time gets the default MaxElapsed.
func WithRetryPolicy(p RetryPolicy) Option {
	return func(c *Client) {
		if p.MaxRetries < 0 {
			p.MaxRetries = UnlimitedRetries
		}
		p.MinBackoff = max(p.MinBackoff, 0)
		p.MaxBackoff = max(p.MaxBackoff, p.MinBackoff)
		p.MaxElapsed = max(p.MaxElapsed, 0)
		if p.MaxRetries == UnlimitedRetries && p.MaxElapsed == 0 {
			p.MaxElapsed = DefaultRetryPolicy().MaxElapsed
		}
		c.retry = p
	}
}

// WithAttemptTimeout bounds each attempt of a request (default 60s); a
// timed-out attempt is retried. Zero or negative disables the bound.
func WithAttemptTimeout(d time.Duration) Option { return func(c *Client) { c.attemptTimeout = d } }

// UnlimitedRetries as RetryPolicy.MaxRetries leaves the retries bounded by
// MaxElapsed only.
const UnlimitedRetries = -1

// RetryPolicy says how long and how often a request is retried. Requests are
// retried on 502, 503 and 504 and on connection failures, waiting before
// retry n+1 a random duration in [max(MinBackoff, c/2), c] with
// c = min(MaxBackoff, MinBackoff*2^(n+1)) ("equal jitter": never less than
// MinBackoff), or the server's Retry-After clamped to [MinBackoff, MaxBackoff].
// A 429 pauses every request of the client instead (see WithRequestsPerMinute)
// and the request is sent again when the pause ends. Retries stop at the first
// of MaxRetries retries or MaxElapsed since the first attempt was sent: a retry
// whose wait would end past MaxElapsed is not made.
type RetryPolicy struct {
	MaxRetries int           // retries after the first attempt; 0 disables retries; UnlimitedRetries
	MinBackoff time.Duration // the shortest wait, and the base of the exponential backoff
	MaxBackoff time.Duration // cap of one wait, and of Retry-After
	MaxElapsed time.Duration // total time a request may spend; 0 = no limit by time
}

// DefaultRetryPolicy returns retries bounded by 5 minutes only, with waits
// from 500ms up to 30s.
//
// NOTE: 5 minutes rides out, in one request, a rate-limit window taken by
// other clients (60 s of pauses), an outage of 30 s, an attempt hung until
// its 60 s timeout and the overshoot of the last wait (up to 30 s), about 3
// minutes, with room to spare; and a dead API still fails a run within
// minutes. A limit by count could not promise that: the waits are random.
func DefaultRetryPolicy() RetryPolicy {
	return RetryPolicy{MaxRetries: UnlimitedRetries, MinBackoff: 500 * time.Millisecond,
		MaxBackoff: 30 * time.Second, MaxElapsed: 5 * time.Minute}
}

// Ref is a reference to another resource.
type Ref struct {
	ID  string `json:"id"`
	URI string `json:"uri"`
}

// New returns a Client. It fails when the base URL is not an absolute http or
// https URL without query, or when no API key is given.
func New(opts ...Option) (*Client, error) {
	c := &Client{
		rawBase:        DefaultBaseURL,
		userAgent:      defaultUserAgent,
		retry:          DefaultRetryPolicy(),
		attemptTimeout: defaultAttemptTimeout,
		replayTimeout:  defaultReplayTimeout,
		randInt64N:     mrand.Int64N,
		sleep:          sleepContext,
		now:            time.Now,
		newIdemKey:     rand.Text,
		reached:        new(atomic.Bool),
	}
	for _, opt := range opts {
		if opt != nil {
			opt(c)
		}
	}
	base, err := parseBaseURL(c.rawBase)
	if err != nil {
		return nil, err
	}
	c.base = base
	if c.key == nil {
		return nil, ErrMissingAPIKey
	}
	if err := CheckAPIKey(c.key.value); err != nil {
		return nil, err
	}
	if c.httpClient == nil {
		c.httpClient = defaultHTTPClient()
	}
	c.initSnapshots()
	c.lim = newLimiter(c.perMinute)
	return c, nil
}

func defaultHTTPClient() *http.Client {
	var rt http.RoundTripper
	if t, ok := http.DefaultTransport.(*http.Transport); ok {
		rt = t.Clone()
	} else {
		rt = &http.Transport{Proxy: http.ProxyFromEnvironment}
	}
	return &http.Client{Transport: rt}
}

// ErrMissingAPIKey is the error of New, and of CheckAPIKey, without a key.
var ErrMissingAPIKey = errors.New("ngrok API: missing API key")

// CheckAPIKey reports why key cannot be sent as the API key (WithAPIKey), or
// nil: the rule that New applies, for callers that check a setting before
// they build a client. A key is sent in the Authorization header as a bearer
// token, so it must be printable ASCII without spaces (RFC 6750's token is
// narrower still; every ngrok API key fits it). The error never quotes the
// key, nor any part of it.
func CheckAPIKey(key string) error {
	if strings.TrimSpace(key) == "" {
		return ErrMissingAPIKey
	}
	bad := func(r rune) bool { return r <= ' ' || r >= 0x7f }
	i := strings.IndexFunc(key, bad)
	if i < 0 {
		return nil
	}
	var what string
	switch r := []rune(key[i:])[0]; {
	case r == '\n' || r == '\r':
		what = "a line break"
	case r == '\t':
		what = "a tab"
	case r == ' ':
		what = "a space"
	case r < ' ' || r == 0x7f:
		what = "a control character"
	default:
		what = "a character outside ASCII"
	}
	good := func(r rune) bool { return !bad(r) }
	where := "inside it"
	switch {
	case i == 0:
		where = "before it"
	case !strings.ContainsFunc(key[i:], good):
		where = "after it"
	}
	return &APIKeyError{What: what, Where: where}
}

// APIKeyError says what makes a key unusable, without quoting it.
type APIKeyError struct {
	What  string // "a line break", "a tab", "a space", "a control character", "a character outside ASCII"
	Where string // "before it", "after it" or "inside it"
}

func (e *APIKeyError) Error() string {
	return fmt.Sprintf("ngrok API: the API key has %s %s: an API key is one word of printable ASCII, "+
		"which an HTTP header can carry", e.What, e.Where)
}

// CheckBaseURL reports why raw cannot be the base URL of a client
// (WithBaseURL), or nil: the rule that New applies, for callers that check a
// setting before they build a client. The error never quotes credentials.
func CheckBaseURL(raw string) error {
	_, err := parseBaseURL(raw)
	return err
}

func parseBaseURL(raw string) (*url.URL, error) {
	// NOTE: every message quotes raw through RedactURL only: a base URL
	// from a setting or the environment may carry a password or a token,
	// whatever its scheme, and so may one that does not parse.
	quoted := RedactURL(raw)
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		// NOTE: the *url.Error quotes raw as it is; keep only what it wraps.
		var uerr *url.Error
		if errors.As(err, &uerr) {
			err = uerr.Err
		}
		return nil, fmt.Errorf("ngrok API: invalid base URL %q: %w", quoted, err)
	}
	switch {
	case u.Scheme != "http" && u.Scheme != "https":
		return nil, fmt.Errorf("ngrok API: invalid base URL %q: must be an absolute http or https URL", quoted)
	case u.Host == "" || u.Opaque != "":
		return nil, fmt.Errorf("ngrok API: invalid base URL %q: no host", quoted)
	case u.User != nil:
		return nil, fmt.Errorf("ngrok API: invalid base URL %q: must not carry credentials", quoted)
	case u.RawQuery != "" || u.ForceQuery:
		return nil, fmt.Errorf("ngrok API: invalid base URL %q: must not have a query", quoted)
	case u.Fragment != "":
		return nil, fmt.Errorf("ngrok API: invalid base URL %q: must not have a fragment", quoted)
	}
	u.Path = strings.TrimRight(u.Path, "/")
	u.RawPath = strings.TrimRight(u.RawPath, "/")
	return u, nil
}

// BaseURL returns the base URL in use, without trailing slash.
func (c *Client) BaseURL() string { return c.base.String() }

// RequestsPerMinute returns the pace set by WithRequestsPerMinute; 0 when
// requests are not paced.
func (c *Client) RequestsPerMinute() int { return max(c.perMinute, 0) }

// RetryPolicy returns the retry policy in use, normalised.
func (c *Client) RetryPolicy() RetryPolicy { return c.retry }

// ErrNoClient is the error of every request made through a nil *Client.
var ErrNoClient = errors.New("ngrok API: no client: the API key and base URL are not known yet")

// urlFor returns the absolute URL of an API path (already escaped, starting
// with "/") with an optional query.
func (c *Client) urlFor(path string, query url.Values) (*url.URL, error) {
	// NOTE: every request starts here. A provider whose settings are unknown
	// during plan has no client, and a data source read then must fail with
	// an error, not crash the provider.
	if c == nil {
		return nil, ErrNoClient
	}
	s := c.base.String() + path
	if len(query) > 0 {
		s += "?" + query.Encode()
	}
	u, err := url.Parse(s)
	if err != nil {
		// NOTE: the *url.Error would quote the query, a list's filter.
		if uerr, ok := errors.AsType[*url.Error](err); ok {
			err = uerr.Err
		}
		return nil, fmt.Errorf("ngrok API: invalid request path %q: %w", path, err)
	}
	return u, nil
}

// apiPath returns the path of u relative to the base URL, for messages.
func (c *Client) apiPath(u *url.URL) string {
	p := u.EscapedPath()
	if rest, ok := strings.CutPrefix(p, c.base.EscapedPath()); ok && strings.HasPrefix(rest, "/") {
		return rest
	}
	return p
}

// objectPath returns "/<collection>/<escaped id>".
func objectPath(collection, what, id string) (string, error) {
	if id == "" {
		return "", fmt.Errorf("ngrok API: empty %s ID", what)
	}
	return "/" + collection + "/" + url.PathEscape(id), nil
}

// Generic helpers: each object file holds only types and thin methods.

// create POSTs in to path. When ctx ends after the request may have reached
// the API, the create is replayed (see CreateInterruptedError): if the API
// made the object, create returns it together with the error. Every other
// error comes with a nil object.
func create[T any](ctx context.Context, c *Client, path string, in any) (*T, error) {
	out := new(T)
	if err := c.do(ctx, http.MethodPost, path, in, out); err != nil {
		if ie, ok := errors.AsType[*CreateInterruptedError](err); ok && ie.ID != "" {
			return out, err
		}
		return nil, err
	}
	return out, nil
}

func get[T any](ctx context.Context, c *Client, path string) (*T, error) {
	out := new(T)
	if err := c.do(ctx, http.MethodGet, path, nil, out); err != nil {
		return nil, err
	}
	return out, nil
}

func update[T any](ctx context.Context, c *Client, path string, in any) (*T, error) {
	out := new(T)
	if err := c.do(ctx, http.MethodPatch, path, in, out); err != nil {
		return nil, err
	}
	return out, nil
}

// replace sends a PUT, which replaces the whole object at path with in.
func replace[T any](ctx context.Context, c *Client, path string, in any) (*T, error) {
	out := new(T)
	if err := c.do(ctx, http.MethodPut, path, in, out); err != nil {
		return nil, err
	}
	return out, nil
}

func remove(ctx context.Context, c *Client, path string) error {
	return c.do(ctx, http.MethodDelete, path, nil, nil)
}

// do sends one logical request to path (relative to the base URL, escaped)
// and decodes the success body into out (when out is not nil). in, when not
// nil, is sent as the JSON body. POST carries an Idempotency-Key that is
// reused across the retries of this call. The expected success status follows
// the method: POST 201, DELETE 204, otherwise 200.
func (c *Client) do(ctx context.Context, method, path string, in, out any) error {
	u, err := c.urlFor(path, nil)
	if err != nil {
		return err
	}
	return c.doURL(ctx, method, u, in, out)
}

// wantStatus is the success status of a request: a POST answers 201 with
// the object it made, or 204 when it is a verb that makes none (out nil:
// a tunnel session's stop).
func wantStatus(method string, out any) int {
	switch {
	case method == http.MethodPost && out == nil:
		return http.StatusNoContent
	case method == http.MethodPost:
		return http.StatusCreated
	case method == http.MethodDelete:
		return http.StatusNoContent
	default:
		return http.StatusOK
	}
}

// attemptResult is the response of one attempt, its body read in full.
type attemptResult struct {
	status int
	header http.Header
	body   []byte
}

func (c *Client) doURL(ctx context.Context, method string, u *url.URL, in, out any) error {
	path := c.apiPath(u)
	var body []byte
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return fmt.Errorf("ngrok API: %s %s: encoding request: %w", method, path, err)
		}
		body = b
	}
	var idemKey string
	if method == http.MethodPost {
		idemKey = c.newIdemKey()
	}
	want := wantStatus(method, out)

	var first time.Time // when the first attempt was sent; zero until then
	// NOTE: only an attempt that connected may have reached the API: a
	// create whose every attempt was refused made nothing, and must not be
	// reported as one that may have (CreateInterruptedError).
	var mayHaveReached bool
	for attempt := 0; ; attempt++ {
		// NOTE: never start an attempt, first or retry, once the context is done.
		sent, err := c.waitTurn(ctx, method, path)
		if err != nil {
			if ctx.Err() != nil {
				return c.interrupted(ctx, method, u, body, idemKey, attempt, mayHaveReached, out)
			}
			return fmt.Errorf("ngrok API: %s %s: %w", method, path, err)
		}
		if first.IsZero() {
			first = sent
		}
		res, err := c.attempt(ctx, method, u, body, idemKey)
		c.logAttempt(ctx, method, path, attempt+1, sent, res, err, false)
		if err == nil || !notConnected(err) {
			mayHaveReached = true
			c.reached.Store(true)
		}
		var (
			final      error
			retryable  bool
			retryAfter time.Duration
			hasRA      bool
			wait       time.Duration
		)
		switch {
		case err != nil:
			if ctx.Err() != nil {
				// Cancelled or expired by the caller: not a connection failure.
				return c.interrupted(ctx, method, u, body, idemKey, attempt+1, mayHaveReached, out)
			}
			if !c.reached.Load() && unreachable(err) {
				return &UnreachableError{Method: method, Path: path, BaseURL: RedactURL(c.BaseURL()), Err: transportCause(err)}
			}
			retryable = isRetryableTransportError(err)
			n := attempt + 1
			final = fmt.Errorf("ngrok API: %s %s: giving up after %d attempt%s in %s: %w",
				method, path, n, plural(n), c.now().Sub(first).Round(time.Millisecond), err)
		case res.status == want:
			return decodeSuccess(method, path, res, out)
		case res.status >= 200 && res.status < 300:
			return fmt.Errorf("ngrok API: %s %s: unexpected status %d (want %d)", method, path, res.status, want)
		default:
			final = c.parseAPIError(method, path, res)
			retryable = isRetryableStatus(res.status)
			retryAfter, hasRA = parseRetryAfter(res.header.Get("Retry-After"), c.now())
		}
		// NOTE: a create without its key could make a second object.
		if method == http.MethodPost && idemKey == "" {
			retryable = false
		}
		if !retryable || (c.retry.MaxRetries != UnlimitedRetries && attempt >= c.retry.MaxRetries) {
			return final
		}
		if res != nil && res.status == http.StatusTooManyRequests {
			// NOTE: the pause holds every request of the client, this one
			// included; waitTurn serves it.
			c.noteThrottled(ctx, method, path, sent, retryAfter, hasRA)
			wait = c.lim.pausedFor(c.now())
		} else {
			wait = c.backoff(attempt, retryAfter, hasRA)
		}
		if c.retry.MaxElapsed > 0 && c.now().Add(wait).Sub(first) > c.retry.MaxElapsed {
			return final
		}
		if res == nil || res.status != http.StatusTooManyRequests {
			if err := c.sleep(ctx, wait); err != nil {
				return c.interrupted(ctx, method, u, body, idemKey, attempt+1, mayHaveReached, out)
			}
		}
	}
}

func (c *Client) logAttempt(ctx context.Context, method, path string, n int, start time.Time, res *attemptResult, err error, replay bool) {
	if c.logRequest == nil {
		return
	}
	e := RequestLog{Method: method, Path: path, Attempt: n, Duration: c.now().Sub(start), Err: err, Replay: replay}
	if res != nil {
		e.Status, e.OperationID = res.status, res.header.Get("Ngrok-Operation-Id")
	}
	c.logRequest(ctx, e)
}

// decodeSuccess decodes the body of an expected success into out.
func decodeSuccess(method, path string, res *attemptResult, out any) error {
	if out == nil {
		return nil
	}
	if len(bytes.TrimSpace(res.body)) == 0 {
		return fmt.Errorf("ngrok API: %s %s: empty response body with status %d", method, path, res.status)
	}
	if err := json.Unmarshal(res.body, out); err != nil {
		return fmt.Errorf("ngrok API: %s %s: decoding response: %w", method, path, err)
	}
	return nil
}

// interrupted returns the error of a request whose context ended after
// attempts attempts. A create that may have reached the API (sent) is
// replayed once, with the same Idempotency-Key and body, on a context of its
// own: the API answers a replay of a create it made with that object, and
// Terraform must learn of it, or it is left behind untracked.
func (c *Client) interrupted(ctx context.Context, method string, u *url.URL, body []byte, idemKey string, attempts int, sent bool, out any) error {
	path := c.apiPath(u)
	cause := context.Cause(ctx)
	// NOTE: a verb (out nil) makes nothing to track: no replay.
	if method != http.MethodPost || idemKey == "" || !sent || out == nil {
		return fmt.Errorf("ngrok API: %s %s: %w", method, path, cause)
	}
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), c.replayTimeout)
	defer cancel()
	ie := &CreateInterruptedError{Method: method, Path: path, Err: cause}
	sentAt, err := c.waitTurn(rctx, method, path)
	if err != nil {
		ie.ReplayErr = err
		return ie
	}
	res, err := c.attempt(rctx, method, u, body, idemKey)
	c.logAttempt(ctx, method, path, attempts+1, sentAt, res, err, true)
	switch {
	case err != nil:
		ie.ReplayErr = err
	case res.status == http.StatusCreated:
		var obj struct {
			ID string `json:"id"`
		}
		if err := decodeSuccess(method, path, res, out); err != nil {
			ie.ReplayErr = err
		} else if err := json.Unmarshal(res.body, &obj); err != nil || obj.ID == "" {
			ie.ReplayErr = fmt.Errorf("the replay's answer has no object ID")
		} else {
			ie.ID = obj.ID
		}
	case res.status >= 400 && res.status < 500 && res.status != http.StatusTooManyRequests:
		// NOTE: the API answers a replay of a create it made with that
		// create's answer; a refusal means this key made nothing.
		return fmt.Errorf("ngrok API: %s %s: %w", method, path, cause)
	default:
		if res.status == http.StatusTooManyRequests {
			ra, hasRA := parseRetryAfter(res.header.Get("Retry-After"), c.now())
			c.noteThrottled(ctx, method, path, sentAt, ra, hasRA)
		}
		ie.ReplayErr = c.parseAPIError(method, path, res)
	}
	return ie
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// attempt performs one HTTP exchange under the per-attempt timeout and reads
// the whole body before that timeout's context is released.
func (c *Client) attempt(ctx context.Context, method string, u *url.URL, body []byte, idemKey string) (*attemptResult, error) {
	actx := ctx
	if c.attemptTimeout > 0 {
		var cancel context.CancelFunc
		actx, cancel = context.WithTimeout(ctx, c.attemptTimeout)
		defer cancel()
	}
	var rdr io.Reader
	if body != nil {
		rdr = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(actx, method, u.String(), rdr)
	if err != nil {
		return nil, redactURLError(err)
	}
	req.Header.Set("Authorization", "Bearer "+c.key.value)
	req.Header.Set("Ngrok-Version", apiVersion)
	req.Header.Set("User-Agent", c.userAgent)
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if idemKey != "" {
		req.Header.Set("Idempotency-Key", idemKey)
	}
	resp, err := c.httpClient.Do(req)
	if err != nil {
		return nil, redactURLError(err)
	}
	defer func() { _ = resp.Body.Close() }()
	b, err := io.ReadAll(io.LimitReader(resp.Body, maxResponseBytes+1))
	if err != nil {
		return nil, fmt.Errorf("reading response body: %w", err)
	}
	if len(b) > maxResponseBytes {
		return nil, fmt.Errorf("response body larger than %d bytes", maxResponseBytes)
	}
	return &attemptResult{status: resp.StatusCode, header: resp.Header, body: b}, nil
}

func isRetryableStatus(code int) bool {
	switch code {
	case http.StatusTooManyRequests, http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout:
		return true
	}
	return false
}

// isRetryableTransportError reports whether err is a connection failure or a
// timed-out attempt. Certificate, protocol and URL errors are not: repeating
// them cannot help.
func isRetryableTransportError(err error) bool {
	// NOTE: *url.Error itself implements net.Error; look at what it wraps.
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	if errors.Is(err, context.DeadlineExceeded) ||
		errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.ECONNREFUSED) ||
		errors.Is(err, syscall.ECONNABORTED) || errors.Is(err, syscall.EPIPE) {
		return true
	}
	var dnsErr *net.DNSError
	if errors.As(err, &dnsErr) {
		return !dnsErr.IsNotFound
	}
	var opErr *net.OpError
	if errors.As(err, &opErr) {
		return true
	}
	var netErr net.Error
	if errors.As(err, &netErr) && netErr.Timeout() {
		return true
	}
	msg := err.Error()
	for _, s := range []string{"connection reset", "broken pipe", "server closed", "GOAWAY", "connection refused"} {
		if strings.Contains(msg, s) {
			return true
		}
	}
	return false
}

// notConnected reports whether err, an attempt's error, came before a
// connection to the API was made (a failed name lookup or dial): such an
// attempt cannot have reached the API.
func notConnected(err error) bool {
	err = transportCause(err)
	if _, ok := errors.AsType[*net.DNSError](err); ok {
		return true
	}
	opErr, ok := errors.AsType[*net.OpError](err)
	return ok && opErr.Op == "dial"
}

// unreachable reports whether err says that the API cannot be reached at
// the base URL and waiting will not help while it has never answered: the
// name does not resolve, or the connection is refused or has no route.
// A dial that timed out is not: the network may be slow.
func unreachable(err error) bool {
	if !notConnected(err) {
		return false
	}
	if _, ok := errors.AsType[*net.DNSError](err); ok {
		return true
	}
	return errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.EHOSTUNREACH) ||
		errors.Is(err, syscall.ENETUNREACH)
}

// transportCause returns what a *url.Error wraps: the error without the
// request URL, which UnreachableError names by its base URL instead.
func transportCause(err error) error {
	if ue, ok := errors.AsType[*url.Error](err); ok {
		return ue.Err
	}
	return err
}

// backoff returns the wait before retry number retry+1: the server's
// Retry-After when given, clamped to [MinBackoff, MaxBackoff]; otherwise
// equal jitter: a random duration in [max(MinBackoff, c/2), c] with
// c = min(MaxBackoff, MinBackoff*2^(retry+1)). A wait is never shorter than
// MinBackoff, so that a short outage cannot swallow every retry.
func (c *Client) backoff(retry int, retryAfter time.Duration, hasRetryAfter bool) time.Duration {
	p := c.retry
	if hasRetryAfter {
		return min(max(retryAfter, p.MinBackoff), p.MaxBackoff)
	}
	ceil := p.MinBackoff
	for i := 0; i <= retry && ceil < p.MaxBackoff; i++ {
		if ceil > p.MaxBackoff/2 {
			ceil = p.MaxBackoff
			break
		}
		ceil *= 2
	}
	ceil = min(ceil, p.MaxBackoff)
	floor := max(p.MinBackoff, ceil/2)
	if ceil <= floor {
		return floor
	}
	span := int64(ceil - floor)
	if span == math.MaxInt64 {
		return floor + time.Duration(c.randInt64N(span))
	}
	return floor + time.Duration(c.randInt64N(span+1))
}

// parseRetryAfter reads a Retry-After value in seconds or as an HTTP date.
func parseRetryAfter(v string, now time.Time) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if secs, err := strconv.ParseInt(v, 10, 64); err == nil {
		if secs < 0 {
			return 0, true
		}
		if secs > int64(math.MaxInt64/time.Second) {
			return math.MaxInt64, true
		}
		return time.Duration(secs) * time.Second, true
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(t.Sub(now), 0), true
	}
	return 0, false
}

func sleepContext(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
