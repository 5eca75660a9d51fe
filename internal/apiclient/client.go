// Package apiclient is a small client for the ngrok management API (version 2):
// authentication, retries with backoff, typed errors and paginated lists.
// It uses only the standard library.
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
	"syscall"
	"time"
)

// DefaultBaseURL is the base URL of the real ngrok management API.
const DefaultBaseURL = "https://api.ngrok.com"

const (
	defaultUserAgent      = "terraform-provider-ngrok/dev"
	defaultAttemptTimeout = 60 * time.Second
	apiVersion            = "2"

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

	// Injectable for tests.
	randInt64N func(n int64) int64 // in [0, n)
	sleep      func(ctx context.Context, d time.Duration) error
	now        func() time.Time
	newIdemKey func() string

	logRequest func(ctx context.Context, e RequestLog) // nil: no logging

	lists *listCaches // Gets answered from lists: snapshot.go
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

// WithRetryPolicy sets how failed requests are retried. Negative values are
// treated as zero, and a MaxBackoff below MinBackoff is raised to MinBackoff.
func WithRetryPolicy(p RetryPolicy) Option {
	return func(c *Client) {
		p.MaxRetries = max(p.MaxRetries, 0)
		p.MinBackoff = max(p.MinBackoff, 0)
		p.MaxBackoff = max(p.MaxBackoff, p.MinBackoff)
		c.retry = p
	}
}

// WithAttemptTimeout bounds each attempt of a request (default 60s); a
// timed-out attempt is retried. Zero or negative disables the bound.
func WithAttemptTimeout(d time.Duration) Option { return func(c *Client) { c.attemptTimeout = d } }

// RetryPolicy says how often and how long to back off. Requests are retried on
// 429, 502, 503 and 504 and on connection failures, waiting a random duration
// in [0, min(MaxBackoff, MinBackoff*2^n)] before retry n+1, or the server's
// Retry-After (capped at MaxBackoff) when it sends one.
type RetryPolicy struct {
	MaxRetries int           // retries after the first attempt; 0 disables retries
	MinBackoff time.Duration // base of the exponential backoff
	MaxBackoff time.Duration // cap of one wait
}

// DefaultRetryPolicy returns 5 retries with backoff from 500ms up to 30s.
func DefaultRetryPolicy() RetryPolicy {
	return RetryPolicy{MaxRetries: 5, MinBackoff: 500 * time.Millisecond, MaxBackoff: 30 * time.Second}
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
		randInt64N:     mrand.Int64N,
		sleep:          sleepContext,
		now:            time.Now,
		newIdemKey:     rand.Text,
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
	if c.key == nil || strings.TrimSpace(c.key.value) == "" {
		return nil, errors.New("ngrok API: missing API key")
	}
	// NOTE: the message must not quote the key.
	if strings.ContainsFunc(c.key.value, func(r rune) bool { return r <= ' ' || r == 0x7f }) {
		return nil, errors.New("ngrok API: the API key contains whitespace or control characters")
	}
	if c.httpClient == nil {
		c.httpClient = defaultHTTPClient()
	}
	c.initSnapshots()
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

func parseBaseURL(raw string) (*url.URL, error) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		return nil, fmt.Errorf("ngrok API: invalid base URL %q: %w", raw, err)
	}
	switch {
	case u.Scheme != "http" && u.Scheme != "https":
		return nil, fmt.Errorf("ngrok API: invalid base URL %q: must be an absolute http or https URL", raw)
	case u.Host == "" || u.Opaque != "":
		return nil, fmt.Errorf("ngrok API: invalid base URL %q: no host", raw)
	case u.User != nil:
		return nil, fmt.Errorf("ngrok API: invalid base URL %q: must not carry credentials", redactUserinfo(u))
	case u.RawQuery != "" || u.ForceQuery:
		return nil, fmt.Errorf("ngrok API: invalid base URL %q: must not have a query", raw)
	case u.Fragment != "":
		return nil, fmt.Errorf("ngrok API: invalid base URL %q: must not have a fragment", raw)
	}
	u.Path = strings.TrimRight(u.Path, "/")
	u.RawPath = strings.TrimRight(u.RawPath, "/")
	return u, nil
}

func redactUserinfo(u *url.URL) string {
	v := *u
	v.User = url.User("REDACTED")
	return v.String()
}

// BaseURL returns the base URL in use, without trailing slash.
func (c *Client) BaseURL() string { return c.base.String() }

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

func create[T any](ctx context.Context, c *Client, path string, in any) (*T, error) {
	out := new(T)
	if err := c.do(ctx, http.MethodPost, path, in, out); err != nil {
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

func wantStatus(method string) int {
	switch method {
	case http.MethodPost:
		return http.StatusCreated
	case http.MethodDelete:
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
	want := wantStatus(method)

	for attempt := 0; ; attempt++ {
		// NOTE: never start an attempt, first or retry, once the context is done.
		if err := ctx.Err(); err != nil {
			return err
		}
		start := c.now()
		res, err := c.attempt(ctx, method, u, body, idemKey)
		if c.logRequest != nil {
			e := RequestLog{Method: method, Path: path, Attempt: attempt + 1, Duration: c.now().Sub(start), Err: err}
			if res != nil {
				e.Status, e.OperationID = res.status, res.header.Get("Ngrok-Operation-Id")
			}
			c.logRequest(ctx, e)
		}
		var (
			final      error
			retryable  bool
			retryAfter time.Duration
			hasRA      bool
		)
		switch {
		case err != nil:
			if ctx.Err() != nil {
				// Cancelled or expired by the caller: not a connection failure.
				return fmt.Errorf("ngrok API: %s %s: %w", method, path, err)
			}
			retryable = isRetryableTransportError(err)
			n := attempt + 1
			final = fmt.Errorf("ngrok API: %s %s: giving up after %d attempt%s: %w", method, path, n, plural(n), err)
		case res.status == want:
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
		case res.status >= 200 && res.status < 300:
			return fmt.Errorf("ngrok API: %s %s: unexpected status %d (want %d)", method, path, res.status, want)
		default:
			final = c.parseAPIError(method, path, res)
			retryable = isRetryableStatus(res.status)
			retryAfter, hasRA = parseRetryAfter(res.header.Get("Retry-After"), c.now())
		}
		if !retryable || attempt >= c.retry.MaxRetries {
			return final
		}
		if err := c.sleep(ctx, c.backoff(attempt, retryAfter, hasRA)); err != nil {
			return err
		}
	}
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
		return nil, err
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
		return nil, err
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

// backoff returns the wait before retry number retry+1: the server's
// Retry-After when given, otherwise full jitter over the exponential ceiling;
// both capped at MaxBackoff.
func (c *Client) backoff(retry int, retryAfter time.Duration, hasRetryAfter bool) time.Duration {
	p := c.retry
	if hasRetryAfter {
		return min(max(retryAfter, 0), p.MaxBackoff)
	}
	ceil := p.MinBackoff
	for i := 0; i < retry && ceil < p.MaxBackoff; i++ {
		if ceil > p.MaxBackoff/2 {
			ceil = p.MaxBackoff
			break
		}
		ceil *= 2
	}
	ceil = min(ceil, p.MaxBackoff)
	if ceil <= 0 {
		return 0
	}
	if ceil == math.MaxInt64 {
		return time.Duration(c.randInt64N(int64(ceil)))
	}
	return time.Duration(c.randInt64N(int64(ceil) + 1))
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
