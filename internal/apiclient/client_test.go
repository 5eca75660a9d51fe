package apiclient

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"testing/synctest"
	"time"
)

const testKey = "test-secret-key-1234567890"

// sleepRecorder replaces the real sleep and clock: it records each requested
// wait and returns at once (or with the context's error), moving its clock on
// by the wait.
type sleepRecorder struct {
	mu    sync.Mutex
	waits []time.Duration
	clock time.Time
}

func (s *sleepRecorder) sleep(ctx context.Context, d time.Duration) error {
	s.mu.Lock()
	s.waits = append(s.waits, d)
	if ctx.Err() == nil {
		s.clock = s.clock.Add(d)
	}
	s.mu.Unlock()
	return ctx.Err()
}

func (s *sleepRecorder) now() time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.clock
}

func (s *sleepRecorder) setClock(t time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.clock = t
}

func (s *sleepRecorder) get() []time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]time.Duration(nil), s.waits...)
}

func newServer(t *testing.T, h http.HandlerFunc) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv
}

// newTestClient returns a client on baseURL whose waits are recorded, not slept
// (its clock moves by each wait), and whose jitter always picks the top of the
// range.
func newTestClient(t *testing.T, baseURL string, opts ...Option) (*Client, *sleepRecorder) {
	t.Helper()
	all := append([]Option{
		WithBaseURL(baseURL),
		WithAPIKey(testKey),
		WithRetryPolicy(RetryPolicy{MaxRetries: 3, MinBackoff: 100 * time.Millisecond, MaxBackoff: 2 * time.Second}),
	}, opts...)
	c, err := New(all...)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	rec := &sleepRecorder{clock: time.Date(2025, 9, 4, 10, 0, 0, 0, time.UTC)}
	c.sleep, c.now = rec.sleep, rec.now
	c.randInt64N = func(n int64) int64 { return n - 1 }
	return c, rec
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Ngrok-Operation-Id", "op_header")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func writeAPIError(w http.ResponseWriter, status int, code, msg string) {
	body := map[string]any{"status_code": status, "msg": msg, "details": map[string]string{"operation_id": "op_body"}}
	if code != "" {
		body["error_code"] = code
	}
	writeJSON(w, status, body)
}

var testCA = map[string]any{
	"id": "sshca_1", "uri": "https://x/ssh_certificate_authorities/sshca_1", "created_at": "2025-09-04T10:11:14Z",
	"description": "d", "metadata": "m", "public_key": "ssh-ed25519 AAAA", "key_type": "ed25519",
	"some_future_field": map[string]any{"nested": true},
}

func TestNewValidation(t *testing.T) {
	t.Parallel()
	bad := []struct {
		name string
		opts []Option
	}{
		{"no key", []Option{WithBaseURL("https://api.example.com")}},
		{"blank key", []Option{WithAPIKey("  ")}},
		{"key with newline", []Option{WithAPIKey(testKey + "\nX-Evil: 1")}},
		{"relative", []Option{WithAPIKey(testKey), WithBaseURL("api.ngrok.com")}},
		{"empty", []Option{WithAPIKey(testKey), WithBaseURL("")}},
		{"ftp", []Option{WithAPIKey(testKey), WithBaseURL("ftp://api.ngrok.com")}},
		{"query", []Option{WithAPIKey(testKey), WithBaseURL("https://api.ngrok.com/?a=b")}},
		{"empty query", []Option{WithAPIKey(testKey), WithBaseURL("https://api.ngrok.com?")}},
		{"fragment", []Option{WithAPIKey(testKey), WithBaseURL("https://api.ngrok.com/#x")}},
		{"userinfo", []Option{WithAPIKey(testKey), WithBaseURL("https://u:pw@api.ngrok.com")}},
		{"userinfo, bad port", []Option{WithAPIKey(testKey), WithBaseURL("https://u:pw@api.ngrok.com:x")}},
		{"no host", []Option{WithAPIKey(testKey), WithBaseURL("https:///path")}},
	}
	for _, tc := range bad {
		c, err := New(tc.opts...)
		if err == nil || c != nil {
			t.Errorf("%s: New() = %v, %v; want error", tc.name, c, err)
			continue
		}
		if strings.Contains(err.Error(), testKey) || strings.Contains(err.Error(), "pw") {
			t.Errorf("%s: error leaks a secret: %v", tc.name, err)
		}
		// NOTE: CheckBaseURL is New's rule for the base URL alone: it refuses
		// every case but those about the key.
		probe := &Client{rawBase: DefaultBaseURL}
		for _, opt := range tc.opts {
			opt(probe)
		}
		if check := CheckBaseURL(probe.rawBase); (check == nil) != strings.Contains(tc.name, "key") ||
			(check != nil && strings.Contains(check.Error(), "pw")) {
			t.Errorf("%s: CheckBaseURL(%q) = %v", tc.name, probe.rawBase, check)
		}
	}

	c, err := New(WithAPIKey(testKey))
	if err != nil {
		t.Fatal(err)
	}
	if c.BaseURL() != DefaultBaseURL {
		t.Errorf("BaseURL() = %q, want %q", c.BaseURL(), DefaultBaseURL)
	}
	if c.httpClient == http.DefaultClient || c.httpClient.Transport == http.DefaultTransport || c.httpClient.Transport == nil {
		t.Error("default HTTP client must be a new client with its own transport")
	}
	if c.retry != DefaultRetryPolicy() || c.attemptTimeout != 60*time.Second || c.userAgent != "terraform-provider-ngrok/dev" {
		t.Errorf("unexpected defaults: %+v %v %q", c.retry, c.attemptTimeout, c.userAgent)
	}
	for _, s := range []string{fmt.Sprintf("%v", c), fmt.Sprintf("%+v", c), fmt.Sprintf("%#v", c), fmt.Sprintf("%+v", *c)} {
		if strings.Contains(s, testKey) {
			t.Errorf("formatting the client leaks the key: %s", s)
		}
	}

	c, err = New(WithAPIKey(testKey), WithBaseURL("http://localhost:8080/api/v2//"))
	if err != nil {
		t.Fatal(err)
	}
	if got := c.BaseURL(); got != "http://localhost:8080/api/v2" {
		t.Errorf("BaseURL() = %q", got)
	}
	hc := &http.Client{}
	c, err = New(WithAPIKey(testKey), WithHTTPClient(hc))
	if err != nil || c.httpClient != hc {
		t.Errorf("WithHTTPClient not applied: %v", err)
	}
}

// Issue 19 item 8: a base URL is quoted without its user information or
// query, whatever its scheme, and the message says what is wrong.
func TestCheckBaseURLQuotesNoSecret(t *testing.T) {
	t.Parallel()
	for raw, want := range map[string]string{
		"ftp://user:s3cretpw@127.0.0.1/":         `ngrok API: invalid base URL "ftp://REDACTED@127.0.0.1/": must be an absolute http or https URL`,
		"https://user:s3cretpw@api.ngrok.com":    `ngrok API: invalid base URL "https://REDACTED@api.ngrok.com": must not carry credentials`,
		"https://api.ngrok.com/?token=s3cretpw":  `ngrok API: invalid base URL "https://api.ngrok.com/?REDACTED": must not have a query`,
		"https://api.ngrok.com/#s3cretpw":        `ngrok API: invalid base URL "https://api.ngrok.com/#REDACTED": must not have a fragment`,
		"user:s3cretpw@api.ngrok.com":            `ngrok API: invalid base URL "REDACTED@api.ngrok.com": must be an absolute http or https URL`,
		"https://u:s3cretpw@api.ngrok.com:x":     `ngrok API: invalid base URL "https://REDACTED@api.ngrok.com:x": invalid port ":x" after host`,
		"ftp://user:s3cretpw@127.0.0.1/?k=s3cre": `ngrok API: invalid base URL "ftp://REDACTED@127.0.0.1/?REDACTED": must be an absolute http or https URL`,
	} {
		err := CheckBaseURL(raw)
		if err == nil || err.Error() != want {
			t.Errorf("CheckBaseURL(%q) = %v, want %s", raw, err, want)
		}
		if _, err := New(WithAPIKey(testKey), WithBaseURL(raw)); err == nil || strings.Contains(err.Error(), "s3cre") {
			t.Errorf("New with %q: %v", raw, err)
		}
	}
}

// Issue 19 item 9: a key an HTTP header cannot carry is refused with what is
// wrong and where, never with the key or a part of it.
func TestCheckAPIKey(t *testing.T) {
	t.Parallel()
	const key = "2abcS3cretKey_x9"
	for in, want := range map[string]string{
		key:                      "",
		"k":                      "",
		"":                       ErrMissingAPIKey.Error(),
		" \n\t":                  ErrMissingAPIKey.Error(),
		key + "\n":               "the API key has a line break after it",
		key + "\r\n":             "the API key has a line break after it",
		"\n" + key:               "the API key has a line break before it",
		key[:4] + "\n" + key[4:]: "the API key has a line break inside it",
		key + "\nX-Evil: 1":      "the API key has a line break inside it",
		" " + key:                "the API key has a space before it",
		key + "\t":               "the API key has a tab after it",
		key[:4] + "\x00" + key:   "the API key has a control character inside it",
		key + "\x7f":             "the API key has a control character after it",
		key + "é":                "the API key has a character outside ASCII after it",
	} {
		err := CheckAPIKey(in)
		switch {
		case want == "" && err != nil:
			t.Errorf("CheckAPIKey(%q) = %v, want nil", in, err)
		case want != "" && (err == nil || !strings.Contains(err.Error(), want)):
			t.Errorf("CheckAPIKey(%q) = %v, want %q", in, err, want)
		case err != nil && (strings.Contains(err.Error(), "S3cret") || strings.Contains(err.Error(), key[:4])):
			t.Errorf("CheckAPIKey(%q) = %v quotes the key", in, err)
		}
		if _, nerr := New(WithAPIKey(in)); (nerr == nil) != (err == nil) || (err != nil && nerr.Error() != err.Error()) {
			t.Errorf("New with key %q: %v; CheckAPIKey: %v", in, nerr, err)
		}
	}
}

func TestDefaultRetryPolicy(t *testing.T) {
	t.Parallel()
	want := RetryPolicy{MaxRetries: UnlimitedRetries, MinBackoff: 500 * time.Millisecond,
		MaxBackoff: 30 * time.Second, MaxElapsed: 5 * time.Minute}
	if got := DefaultRetryPolicy(); got != want {
		t.Errorf("DefaultRetryPolicy() = %+v, want %+v", got, want)
	}
}

func TestRequestHeaders(t *testing.T) {
	t.Parallel()
	type seen struct {
		method, path, auth, version, ua, accept, contentType, idem, body string
		hasCT, hasIdem                                                   bool
	}
	var mu sync.Mutex
	var reqs []seen
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		_, hasCT := r.Header["Content-Type"]
		_, hasIdem := r.Header["Idempotency-Key"]
		mu.Lock()
		reqs = append(reqs, seen{
			method: r.Method, path: r.URL.EscapedPath(), auth: r.Header.Get("Authorization"),
			version: r.Header.Get("Ngrok-Version"), ua: r.Header.Get("User-Agent"), accept: r.Header.Get("Accept"),
			contentType: r.Header.Get("Content-Type"), idem: r.Header.Get("Idempotency-Key"), body: string(b),
			hasCT: hasCT, hasIdem: hasIdem,
		})
		mu.Unlock()
		switch r.Method {
		case http.MethodPost:
			writeJSON(w, http.StatusCreated, testCA)
		case http.MethodDelete:
			w.WriteHeader(http.StatusNoContent)
		default:
			writeJSON(w, http.StatusOK, testCA)
		}
	})
	ctx := context.Background()

	c, _ := newTestClient(t, srv.URL+"/")
	if _, err := c.CreateSSHCertificateAuthority(ctx, &SSHCertificateAuthorityCreate{Description: "d", PrivateKeyType: "ecdsa", EllipticCurve: "p384"}); err != nil {
		t.Fatal(err)
	}
	ca, err := c.GetSSHCertificateAuthority(ctx, "sshca_1")
	if err != nil {
		t.Fatal(err)
	}
	want := SSHCertificateAuthority{ID: "sshca_1", URI: "https://x/ssh_certificate_authorities/sshca_1", CreatedAt: "2025-09-04T10:11:14Z",
		Description: "d", Metadata: "m", PublicKey: "ssh-ed25519 AAAA", KeyType: "ed25519"}
	if *ca != want {
		t.Errorf("Get = %+v, want %+v", *ca, want)
	}
	empty := ""
	if _, err := c.UpdateSSHCertificateAuthority(ctx, "sshca_1", &SSHCertificateAuthorityUpdate{Description: &empty}); err != nil {
		t.Fatal(err)
	}
	if err := c.DeleteSSHCertificateAuthority(ctx, "a/b c"); err != nil {
		t.Fatal(err)
	}
	c2, _ := newTestClient(t, srv.URL, WithUserAgent("terraform-provider-ngrok/1.2.3 (+https://x) Terraform/1.9.0"))
	if _, err := c2.GetSSHCertificateAuthority(ctx, "sshca_1"); err != nil {
		t.Fatal(err)
	}

	mu.Lock()
	defer mu.Unlock()
	if len(reqs) != 5 {
		t.Fatalf("got %d requests, want 5", len(reqs))
	}
	for i, r := range reqs {
		if r.auth != "Bearer "+testKey || r.version != "2" || r.accept != "application/json" {
			t.Errorf("request %d (%s): auth %q version %q accept %q", i, r.method, r.auth, r.version, r.accept)
		}
		wantUA := "terraform-provider-ngrok/dev"
		if i == 4 {
			wantUA = "terraform-provider-ngrok/1.2.3 (+https://x) Terraform/1.9.0"
		}
		if r.ua != wantUA {
			t.Errorf("request %d: User-Agent %q, want %q", i, r.ua, wantUA)
		}
		withBody := r.method == http.MethodPost || r.method == http.MethodPatch
		if withBody != r.hasCT || (withBody && r.contentType != "application/json") {
			t.Errorf("request %d (%s): Content-Type present=%v %q", i, r.method, r.hasCT, r.contentType)
		}
		if !withBody && r.body != "" {
			t.Errorf("request %d (%s): unexpected body %q", i, r.method, r.body)
		}
		if (r.method == http.MethodPost) != r.hasIdem {
			t.Errorf("request %d (%s): Idempotency-Key present=%v", i, r.method, r.hasIdem)
		}
	}
	if got := reqs[0].body; got != `{"description":"d","private_key_type":"ecdsa","elliptic_curve":"p384"}` {
		t.Errorf("create body = %s", got)
	}
	if reqs[0].path != "/ssh_certificate_authorities" || reqs[1].path != "/ssh_certificate_authorities/sshca_1" {
		t.Errorf("paths: %q %q", reqs[0].path, reqs[1].path)
	}
	if got := reqs[2].body; got != `{"description":""}` || reqs[2].method != http.MethodPatch {
		t.Errorf("update: %s %s", reqs[2].method, got)
	}
	if got := reqs[3].path; got != "/ssh_certificate_authorities/a%2Fb%20c" {
		t.Errorf("delete path = %q, want the ID path-escaped", got)
	}
}

func TestBaseURLWithPathPrefix(t *testing.T) {
	t.Parallel()
	var path atomic.Value
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		path.Store(r.URL.Path)
		writeAPIError(w, http.StatusNotFound, "", "Resource not found")
	})
	c, _ := newTestClient(t, srv.URL+"/api/")
	_, err := c.GetSSHCertificateAuthority(context.Background(), "sshca_x")
	if got := path.Load(); got != "/api/ssh_certificate_authorities/sshca_x" {
		t.Errorf("server saw %v", got)
	}
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.Path != "/ssh_certificate_authorities/sshca_x" {
		t.Errorf("err = %v; want an APIError whose Path is relative to the base URL", err)
	}
}

func TestEmptyIDRefused(t *testing.T) {
	t.Parallel()
	var hits atomic.Int32
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) { hits.Add(1) })
	c, _ := newTestClient(t, srv.URL)
	ctx := context.Background()
	if _, err := c.GetSSHCertificateAuthority(ctx, ""); err == nil {
		t.Error("Get with empty ID: want error")
	}
	if _, err := c.UpdateSSHCertificateAuthority(ctx, "", &SSHCertificateAuthorityUpdate{}); err == nil {
		t.Error("Update with empty ID: want error")
	}
	if err := c.DeleteSSHCertificateAuthority(ctx, ""); err == nil {
		t.Error("Delete with empty ID: want error")
	}
	if hits.Load() != 0 {
		t.Errorf("%d requests sent for an empty ID", hits.Load())
	}
}

func TestUnexpectedSuccessStatus(t *testing.T) {
	t.Parallel()
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.Method {
		case http.MethodDelete:
			writeJSON(w, http.StatusOK, testCA) // the API answers 204
		case http.MethodPost:
			w.WriteHeader(http.StatusCreated) // no body
		default:
			w.Header().Set("Content-Type", "application/json")
			_, _ = io.WriteString(w, `{"id": 12}`)
		}
	})
	c, _ := newTestClient(t, srv.URL)
	ctx := context.Background()
	if err := c.DeleteSSHCertificateAuthority(ctx, "sshca_1"); err == nil || !strings.Contains(err.Error(), "unexpected status 200 (want 204)") {
		t.Errorf("Delete answered 200: err = %v", err)
	}
	if _, err := c.CreateSSHCertificateAuthority(ctx, nil); err == nil || !strings.Contains(err.Error(), "empty response body") {
		t.Errorf("Create with empty body: err = %v", err)
	}
	if _, err := c.GetSSHCertificateAuthority(ctx, "sshca_1"); err == nil || !strings.Contains(err.Error(), "decoding response") {
		t.Errorf("Get with wrong types: err = %v", err)
	}
}

func TestIdempotencyKey(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var keys []string
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		keys = append(keys, r.Header.Get("Idempotency-Key"))
		n := len(keys)
		mu.Unlock()
		switch n {
		case 1, 2: // the first create call fails twice, then succeeds
			writeAPIError(w, http.StatusServiceUnavailable, "", "unavailable")
		default:
			writeJSON(w, http.StatusCreated, testCA)
		}
	})
	c, _ := newTestClient(t, srv.URL)
	ctx := context.Background()
	for range 2 {
		if _, err := c.CreateSSHCertificateAuthority(ctx, &SSHCertificateAuthorityCreate{}); err != nil {
			t.Fatal(err)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if len(keys) != 4 {
		t.Fatalf("got %d requests, want 4", len(keys))
	}
	if keys[0] == "" || len(keys[0]) < 16 {
		t.Errorf("weak or missing idempotency key %q", keys[0])
	}
	if keys[0] != keys[1] || keys[1] != keys[2] {
		t.Errorf("retries of one create must reuse its key: %q", keys[:3])
	}
	if keys[3] == keys[0] {
		t.Errorf("a new create must use a fresh key, got %q twice", keys[3])
	}
}

func TestRetryOnStatusThenSuccess(t *testing.T) {
	t.Parallel()
	for _, status := range []int{502, 503, 504} {
		t.Run(fmt.Sprint(status), func(t *testing.T) {
			t.Parallel()
			var hits atomic.Int32
			srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
				if hits.Add(1) <= 2 {
					writeAPIError(w, status, "", "unavailable")
					return
				}
				writeJSON(w, http.StatusOK, testCA)
			})
			c, rec := newTestClient(t, srv.URL)
			ca, err := c.GetSSHCertificateAuthority(context.Background(), "sshca_1")
			if err != nil {
				t.Fatalf("err = %v", err)
			}
			if ca.ID != "sshca_1" || hits.Load() != 3 {
				t.Errorf("id %q after %d requests", ca.ID, hits.Load())
			}
			// Equal jitter with the injected rand at the top of each range:
			// MinBackoff*2^(n+1).
			want := []time.Duration{200 * time.Millisecond, 400 * time.Millisecond}
			if got := rec.get(); fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("waits = %v, want %v", got, want)
			}
		})
	}
}

// A 429 pauses the client rather than the one request: the request waits out
// the pause in the limiter, and the pause doubles while 429s follow.
func TestRateLimitedRequestWaitsOutThePause(t *testing.T) {
	t.Parallel()
	var hits atomic.Int32
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		if hits.Add(1) <= 2 {
			writeAPIError(w, http.StatusTooManyRequests, "ERR_NGROK_226", "slow down")
			return
		}
		writeJSON(w, http.StatusOK, testCA)
	})
	c, rec := newTestClient(t, srv.URL)
	if _, err := c.GetSSHCertificateAuthority(context.Background(), "sshca_1"); err != nil {
		t.Fatalf("err = %v", err)
	}
	want := []time.Duration{unpacedPause, 2 * unpacedPause}
	if got := rec.get(); hits.Load() != 3 || fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("%d requests, waits = %v; want 3 and %v", hits.Load(), got, want)
	}
	// The pause is over: the next request goes at once.
	if _, err := c.GetSSHCertificateAuthority(context.Background(), "sshca_1"); err != nil || len(rec.get()) != 2 {
		t.Errorf("after the pause: err %v, waits %v", err, rec.get())
	}
}

func TestBackoffIsEqualJitterWithAFloor(t *testing.T) {
	t.Parallel()
	c, _ := newTestClient(t, "http://127.0.0.1:1", WithRetryPolicy(RetryPolicy{MaxRetries: 10, MinBackoff: 500 * time.Millisecond, MaxBackoff: 3 * time.Second}))
	var ns []int64
	c.randInt64N = func(n int64) int64 { ns = append(ns, n); return n - 1 }
	var top []time.Duration
	for i := range 5 {
		top = append(top, c.backoff(i, 0, false))
	}
	if want := []time.Duration{time.Second, 2 * time.Second, 3 * time.Second, 3 * time.Second, 3 * time.Second}; fmt.Sprint(top) != fmt.Sprint(want) {
		t.Errorf("top of range = %v, want %v", top, want)
	}
	// The range starts at half its top, never below MinBackoff: no wait is
	// ever zero.
	c.randInt64N = func(int64) int64 { return 0 }
	var bottom []time.Duration
	for i := range 5 {
		bottom = append(bottom, c.backoff(i, 0, false))
	}
	want := []time.Duration{500 * time.Millisecond, time.Second, 1500 * time.Millisecond, 1500 * time.Millisecond, 1500 * time.Millisecond}
	if fmt.Sprint(bottom) != fmt.Sprint(want) {
		t.Errorf("bottom of range = %v, want %v", bottom, want)
	}
	for i, n := range ns {
		if span := top[i] - bottom[i]; time.Duration(n-1) != span {
			t.Errorf("rand range %d = [0,%d), want inclusive top %v", i, n, span)
		}
	}
	// No overflow with a huge retry count or cap.
	c.retry = RetryPolicy{MaxRetries: 100, MinBackoff: time.Hour, MaxBackoff: 1<<63 - 1}
	c.randInt64N = func(n int64) int64 { return n - 1 }
	if d := c.backoff(90, 0, false); d <= 0 {
		t.Errorf("backoff overflowed: %v", d)
	}
	// Zero policy: no wait at all.
	c.retry = RetryPolicy{MaxRetries: 1}
	if d := c.backoff(0, 0, false); d != 0 {
		t.Errorf("zero policy wait = %v", d)
	}
}

// A server that restarts within three seconds cannot swallow the default
// retries: the first three waits alone take longer.
func TestDefaultWaitsOutlastAShortRestart(t *testing.T) {
	t.Parallel()
	c, _ := newTestClient(t, "http://127.0.0.1:1", WithRetryPolicy(DefaultRetryPolicy()))
	c.randInt64N = func(int64) int64 { return 0 }
	var sum time.Duration
	for i := range 3 {
		sum += c.backoff(i, 0, false)
	}
	if sum <= 3*time.Second {
		t.Errorf("the shortest first three waits sum to %v, want more than 3s", sum)
	}
}

func TestRetryPolicyNormalised(t *testing.T) {
	t.Parallel()
	// NOTE: a negative MaxRetries used to mean 0 (no retries); it now
	// means no limit by count, bounded by the default MaxElapsed.
	for _, tc := range []struct{ in, want RetryPolicy }{
		{RetryPolicy{MaxRetries: -1, MinBackoff: time.Second, MaxBackoff: time.Millisecond},
			RetryPolicy{MaxRetries: UnlimitedRetries, MinBackoff: time.Second, MaxBackoff: time.Second, MaxElapsed: 5 * time.Minute}},
		{RetryPolicy{MaxRetries: -7, MaxElapsed: time.Minute},
			RetryPolicy{MaxRetries: UnlimitedRetries, MaxElapsed: time.Minute}},
		{RetryPolicy{MaxRetries: 3, MinBackoff: -time.Second, MaxElapsed: -time.Second},
			RetryPolicy{MaxRetries: 3}},
	} {
		c, err := New(WithAPIKey(testKey), WithRetryPolicy(tc.in))
		if err != nil {
			t.Fatal(err)
		}
		if c.retry != tc.want {
			t.Errorf("WithRetryPolicy(%+v): policy = %+v, want %+v", tc.in, c.retry, tc.want)
		}
	}
}

func TestRetryAfterHonoured(t *testing.T) {
	t.Parallel()
	now := time.Date(2025, 9, 4, 10, 0, 0, 0, time.UTC)
	cases := []struct {
		status int
		header string
		want   time.Duration
	}{
		{503, "7", 7 * time.Second},
		{503, "0", 100 * time.Millisecond}, // raised to MinBackoff
		{503, "120", 2 * time.Second},      // capped at MaxBackoff
		{503, now.Add(1500 * time.Millisecond).Format(http.TimeFormat), time.Second}, // HTTP dates have whole seconds
		{503, now.Add(-time.Hour).Format(http.TimeFormat), 100 * time.Millisecond},
		{503, "garbage", 200 * time.Millisecond}, // ignored: own backoff
		// A 429 pauses the whole client for Retry-After, within
		// [first pause, MaxBackoff].
		{429, "7", 7 * time.Second},
		{429, "0", unpacedPause},
		{429, "120", 2 * time.Second},
		{429, "garbage", unpacedPause},
	}
	for _, tc := range cases {
		t.Run(fmt.Sprint(tc.status, " ", tc.header), func(t *testing.T) {
			t.Parallel()
			var hits atomic.Int32
			srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
				if hits.Add(1) == 1 {
					w.Header().Set("Retry-After", tc.header)
					writeAPIError(w, tc.status, "", "not now")
					return
				}
				writeJSON(w, http.StatusOK, testCA)
			})
			c, rec := newTestClient(t, srv.URL, WithRetryPolicy(RetryPolicy{MaxRetries: 3, MinBackoff: 100 * time.Millisecond, MaxBackoff: 10 * time.Second}))
			if tc.header == "120" {
				c.retry.MaxBackoff = 2 * time.Second
			}
			rec.setClock(now)
			if _, err := c.GetSSHCertificateAuthority(context.Background(), "sshca_1"); err != nil {
				t.Fatal(err)
			}
			if got := rec.get(); len(got) != 1 || got[0] != tc.want {
				t.Errorf("waits = %v, want [%v]", got, tc.want)
			}
		})
	}
}

func TestNoRetryOnOtherErrors(t *testing.T) {
	t.Parallel()
	for _, status := range []int{400, 401, 403, 404, 409, 500} {
		t.Run(fmt.Sprint(status), func(t *testing.T) {
			t.Parallel()
			var hits atomic.Int32
			srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
				hits.Add(1)
				writeAPIError(w, status, "ERR_NGROK_1", "no")
			})
			c, rec := newTestClient(t, srv.URL)
			_, err := c.CreateSSHCertificateAuthority(context.Background(), &SSHCertificateAuthorityCreate{})
			var apiErr *APIError
			if !errors.As(err, &apiErr) || apiErr.StatusCode != status {
				t.Fatalf("err = %v, want *APIError %d", err, status)
			}
			if hits.Load() != 1 || len(rec.get()) != 0 {
				t.Errorf("%d requests, %d waits; want 1 and 0", hits.Load(), len(rec.get()))
			}
		})
	}
}

func TestBoundedAttempts(t *testing.T) {
	t.Parallel()
	var hits atomic.Int32
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		n := hits.Add(1)
		writeAPIError(w, http.StatusServiceUnavailable, "", fmt.Sprintf("attempt %d", n))
	})
	c, rec := newTestClient(t, srv.URL)
	_, err := c.GetSSHCertificateAuthority(context.Background(), "sshca_1")
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.StatusCode != http.StatusServiceUnavailable || apiErr.Msg != "attempt 4" {
		t.Fatalf("err = %v, want the last attempt's *APIError", err)
	}
	if hits.Load() != 4 || len(rec.get()) != 3 {
		t.Errorf("%d requests, %d waits; want 4 and 3", hits.Load(), len(rec.get()))
	}

	// MaxRetries 0 disables retries.
	hits.Store(0)
	c0, rec0 := newTestClient(t, srv.URL, WithRetryPolicy(RetryPolicy{}))
	if _, err := c0.GetSSHCertificateAuthority(context.Background(), "sshca_1"); err == nil {
		t.Fatal("want error")
	}
	if hits.Load() != 1 || len(rec0.get()) != 0 {
		t.Errorf("MaxRetries 0: %d requests, %d waits", hits.Load(), len(rec0.get()))
	}
}

// Retries stop at MaxElapsed since the first attempt: a retry whose wait
// would end past it is not made. With MaxRetries as well, the first bound
// reached ends them.
func TestRetriesBoundedByTime(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name      string
		status    int
		policy    RetryPolicy
		wantWaits []time.Duration
	}{
		{"time only", 503, RetryPolicy{MaxRetries: UnlimitedRetries, MinBackoff: time.Second, MaxBackoff: 4 * time.Second, MaxElapsed: 10 * time.Second},
			[]time.Duration{2 * time.Second, 4 * time.Second, 4 * time.Second}},
		{"count first", 503, RetryPolicy{MaxRetries: 2, MinBackoff: time.Second, MaxBackoff: 4 * time.Second, MaxElapsed: 10 * time.Second},
			[]time.Duration{2 * time.Second, 4 * time.Second}},
		// 429s wait out the client's pauses (1s, doubling), within the
		// same budget.
		{"429", 429, RetryPolicy{MaxRetries: UnlimitedRetries, MinBackoff: time.Second, MaxBackoff: 30 * time.Second, MaxElapsed: 10 * time.Second},
			[]time.Duration{time.Second, 2 * time.Second, 4 * time.Second}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var hits atomic.Int32
			srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
				hits.Add(1)
				writeAPIError(w, tc.status, "", "no")
			})
			c, rec := newTestClient(t, srv.URL, WithRetryPolicy(tc.policy))
			_, err := c.GetSSHCertificateAuthority(context.Background(), "sshca_1")
			if apiErr, ok := errors.AsType[*APIError](err); !ok || apiErr.StatusCode != tc.status {
				t.Fatalf("err = %v, want the last *APIError", err)
			}
			if got := rec.get(); fmt.Sprint(got) != fmt.Sprint(tc.wantWaits) || int(hits.Load()) != len(tc.wantWaits)+1 {
				t.Errorf("%d requests, waits %v; want %d and %v", hits.Load(), got, len(tc.wantWaits)+1, tc.wantWaits)
			}
		})
	}
}

// A create without an Idempotency-Key is never retried: a retry could make a
// second object.
func TestCreateWithoutKeyIsNotRetried(t *testing.T) {
	t.Parallel()
	var hits atomic.Int32
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		writeAPIError(w, http.StatusServiceUnavailable, "", "down")
	})
	c, _ := newTestClient(t, srv.URL)
	c.newIdemKey = func() string { return "" }
	if _, err := c.CreateSSHCertificateAuthority(context.Background(), &SSHCertificateAuthorityCreate{}); err == nil || hits.Load() != 1 {
		t.Errorf("err %v after %d requests; want the 503 after one", err, hits.Load())
	}
}

// hijackAndClose drops the connection without answering.
func hijackAndClose(t *testing.T, w http.ResponseWriter) {
	hj, ok := w.(http.Hijacker)
	if !ok {
		t.Error("response writer cannot hijack")
		return
	}
	conn, _, err := hj.Hijack()
	if err != nil {
		t.Error(err)
		return
	}
	_ = conn.Close()
}

func TestConnectionFailureRetried(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var keys []string
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		keys = append(keys, r.Header.Get("Idempotency-Key"))
		n := len(keys)
		mu.Unlock()
		if n == 1 {
			hijackAndClose(t, w)
			return
		}
		writeJSON(w, http.StatusCreated, testCA)
	})
	c, rec := newTestClient(t, srv.URL)
	if _, err := c.CreateSSHCertificateAuthority(context.Background(), &SSHCertificateAuthorityCreate{}); err != nil {
		t.Fatalf("err = %v", err)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(keys) != 2 || keys[0] != keys[1] {
		t.Errorf("requests' idempotency keys = %q; want two identical", keys)
	}
	if len(rec.get()) != 1 {
		t.Errorf("waits = %v, want one", rec.get())
	}
}

func TestConnectionFailureExhausted(t *testing.T) {
	t.Parallel()
	var hits atomic.Int32
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		hijackAndClose(t, w)
	})
	c, _ := newTestClient(t, srv.URL, WithRetryPolicy(RetryPolicy{MaxRetries: 2}))
	_, err := c.GetSSHCertificateAuthority(context.Background(), "sshca_1")
	var apiErr *APIError
	if err == nil || errors.As(err, &apiErr) {
		t.Fatalf("err = %v, want a transport error", err)
	}
	if !strings.Contains(err.Error(), "after 3 attempts") || hits.Load() != 3 {
		t.Errorf("err = %v after %d requests", err, hits.Load())
	}
}

// refusingAfter returns an HTTP client whose first n dials reach srv and
// whose later dials are refused, and the count of dials made.
func refusingAfter(srv *httptest.Server, n int32) (*http.Client, *atomic.Int32) {
	var dials atomic.Int32
	hc := &http.Client{Transport: &http.Transport{
		DisableKeepAlives: true,
		DialContext: func(ctx context.Context, network, _ string) (net.Conn, error) {
			if dials.Add(1) <= n {
				return new(net.Dialer).DialContext(ctx, network, srv.Listener.Addr().String())
			}
			return nil, &net.OpError{Op: "dial", Net: "tcp", Err: os.NewSyscallError("connect", syscall.ECONNREFUSED)}
		},
	}}
	return hc, &dials
}

// After the API has answered once, a refused connection is an outage,
// retried as any other.
func TestDialFailureRetriedAfterFirstAnswer(t *testing.T) {
	t.Parallel()
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) { writeJSON(w, http.StatusOK, testCA) })
	hc, dials := refusingAfter(srv, 1)
	c, rec := newTestClient(t, "http://api.invalid", WithHTTPClient(hc), WithRetryPolicy(RetryPolicy{MaxRetries: 2}))
	if _, err := c.GetSSHCertificateAuthority(context.Background(), "sshca_1"); err != nil {
		t.Fatal(err)
	}
	_, err := c.GetSSHCertificateAuthority(context.Background(), "sshca_1")
	if err == nil || !strings.Contains(err.Error(), "after 3 attempts") || !errors.Is(err, syscall.ECONNREFUSED) {
		t.Errorf("err = %v", err)
	}
	if _, ok := errors.AsType[*UnreachableError](err); ok {
		t.Errorf("err = %v, want an outage's error, not an unreachable base URL's", err)
	}
	if dials.Load() != 4 || len(rec.get()) != 2 {
		t.Errorf("%d dials, waits %v; want 4 and 2", dials.Load(), rec.get())
	}
}

// Before the API has answered at all, a connection refused or a name that
// does not resolve fails at once, naming the base URL: waiting cannot fix a
// wrong URL.
func TestUnreachableBeforeFirstAnswerFailsFast(t *testing.T) {
	t.Parallel()
	// A port where nothing listens: a real refused connection.
	ln, err := new(net.ListenConfig).Listen(t.Context(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + ln.Addr().String() + "/api"
	_ = ln.Close()
	noSuchHost := &http.Client{Transport: &http.Transport{
		DialContext: func(context.Context, string, string) (net.Conn, error) {
			return nil, &net.OpError{Op: "dial", Net: "tcp", Err: &net.DNSError{Err: "no such host", Name: "api.invalid", IsNotFound: true}}
		},
	}}
	for name, tc := range map[string]struct {
		base string
		hc   *http.Client
		is   error
	}{
		"connection refused": {base: closed, is: syscall.ECONNREFUSED},
		"no such host":       {base: "http://api.invalid", hc: noSuchHost},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			c, rec := newTestClient(t, tc.base, WithHTTPClient(tc.hc), WithRetryPolicy(RetryPolicy{MaxElapsed: time.Hour}))
			ca, err := c.CreateSSHCertificateAuthority(context.Background(), &SSHCertificateAuthorityCreate{})
			ue, ok := errors.AsType[*UnreachableError](err)
			if !ok || ca != nil || ue.BaseURL != tc.base || !strings.Contains(err.Error(), tc.base) {
				t.Fatalf("object %v, err %v; want an *UnreachableError naming %s", ca, err, tc.base)
			}
			if tc.is != nil && !errors.Is(err, tc.is) {
				t.Errorf("err = %v, want it to wrap %v", err, tc.is)
			}
			if len(rec.get()) != 0 {
				t.Errorf("waits %v, want none", rec.get())
			}
		})
	}
}

func TestUnreachableClassifiesConnectionErrors(t *testing.T) {
	t.Parallel()
	dial := func(err error) error {
		return &url.Error{Op: "Get", URL: "http://x/y?filter=secret", Err: &net.OpError{Op: "dial", Net: "tcp", Err: err}}
	}
	timeout := &net.DNSError{Err: "i/o timeout", Name: "x", IsTimeout: true}
	for _, tc := range []struct {
		name                      string
		err                       error
		notConnected, unreachable bool
	}{
		{"refused", dial(os.NewSyscallError("connect", syscall.ECONNREFUSED)), true, true},
		{"no route", dial(os.NewSyscallError("connect", syscall.EHOSTUNREACH)), true, true},
		{"no such host", dial(&net.DNSError{Err: "no such host", Name: "x", IsNotFound: true}), true, true},
		{"lookup timed out", dial(timeout), true, true},
		{"dial timed out", dial(os.ErrDeadlineExceeded), true, false},
		{"reset after connecting", &url.Error{Op: "Get", URL: "http://x", Err: &net.OpError{Op: "read", Err: syscall.ECONNRESET}}, false, false},
		{"EOF", &url.Error{Op: "Get", URL: "http://x", Err: io.EOF}, false, false},
	} {
		if got := notConnected(tc.err); got != tc.notConnected {
			t.Errorf("%s: notConnected = %v, want %v", tc.name, got, tc.notConnected)
		}
		if got := unreachable(tc.err); got != tc.unreachable {
			t.Errorf("%s: unreachable = %v, want %v", tc.name, got, tc.unreachable)
		}
	}
	if msg := transportCause(dial(syscall.ECONNREFUSED)).Error(); strings.Contains(msg, "secret") {
		t.Errorf("transportCause quotes the request URL: %s", msg)
	}
}

// A create whose every attempt was refused made nothing: cancelled while it
// waits to retry, it is not replayed and not reported as one that may have
// made the object.
func TestCreateRefusedThenCancelledIsNotReplayed(t *testing.T) {
	t.Parallel()
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) { writeJSON(w, http.StatusOK, testCA) })
	hc, dials := refusingAfter(srv, 1)
	c, _ := newTestClient(t, "http://api.invalid", WithHTTPClient(hc))
	if _, err := c.GetSSHCertificateAuthority(context.Background(), "sshca_1"); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c.sleep = func(ctx context.Context, d time.Duration) error {
		cancel() // the user presses Ctrl-C during the outage
		return ctx.Err()
	}
	ca, err := c.CreateSSHCertificateAuthority(ctx, &SSHCertificateAuthorityCreate{})
	if _, ok := errors.AsType[*CreateInterruptedError](err); ok || !errors.Is(err, context.Canceled) || ca != nil {
		t.Errorf("object %v, err %v; want no object and context.Canceled", ca, err)
	}
	if dials.Load() != 2 {
		t.Errorf("%d dials, want 2: the first answer and the refused create, no replay", dials.Load())
	}
}

func TestAttemptTimeoutRetried(t *testing.T) {
	t.Parallel()
	var hits atomic.Int32
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		if hits.Add(1) == 1 {
			<-r.Context().Done() // hang until the client gives up on this attempt
			return
		}
		writeJSON(w, http.StatusOK, testCA)
	})
	c, rec := newTestClient(t, srv.URL, WithAttemptTimeout(200*time.Millisecond))
	ca, err := c.GetSSHCertificateAuthority(context.Background(), "sshca_1")
	if err != nil {
		t.Fatalf("err = %v", err)
	}
	if ca.ID != "sshca_1" || hits.Load() != 2 || len(rec.get()) != 1 {
		t.Errorf("%q after %d requests and waits %v", ca.ID, hits.Load(), rec.get())
	}
}

func TestContextCancelDuringBackoff(t *testing.T) {
	t.Parallel()
	var hits atomic.Int32
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.Header().Set("Retry-After", "3600")
		writeAPIError(w, http.StatusServiceUnavailable, "", "down")
	})
	c, _ := newTestClient(t, srv.URL, WithRetryPolicy(RetryPolicy{MaxRetries: 5, MinBackoff: time.Second, MaxBackoff: 2 * time.Hour}))
	waiting := make(chan time.Duration, 1)
	c.sleep = func(ctx context.Context, d time.Duration) error {
		waiting <- d
		return sleepContext(ctx, d) // the real, hour-long wait
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() {
		_, err := c.GetSSHCertificateAuthority(ctx, "sshca_1")
		done <- err
	}()
	if d := <-waiting; d != time.Hour {
		t.Errorf("wait = %v, want the Retry-After of 1h", d)
	}
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("err = %v, want context.Canceled", err)
		}
	case <-time.After(30 * time.Second): // only a guard against a hang
		t.Fatal("cancellation did not interrupt the backoff wait")
	}
	if hits.Load() != 1 {
		t.Errorf("%d requests, want 1 (no retry after cancel)", hits.Load())
	}
}

func TestContextCancelDuringRequest(t *testing.T) {
	t.Parallel()
	var hits atomic.Int32
	inHandler := make(chan struct{})
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		close(inHandler)
		<-r.Context().Done()
	})
	c, rec := newTestClient(t, srv.URL)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() {
		_, err := c.GetSSHCertificateAuthority(ctx, "sshca_1")
		done <- err
	}()
	<-inHandler
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("err = %v, want context.Canceled", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("cancellation did not interrupt the request")
	}
	if hits.Load() != 1 || len(rec.get()) != 0 {
		t.Errorf("%d requests and waits %v after cancel; want 1 and none", hits.Load(), rec.get())
	}
}

func TestContextAlreadyDone(t *testing.T) {
	t.Parallel()
	var hits atomic.Int32
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) { hits.Add(1) })
	c, _ := newTestClient(t, srv.URL)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := c.GetSSHCertificateAuthority(ctx, "sshca_1"); !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v", err)
	}
	if hits.Load() != 0 {
		t.Errorf("%d requests sent with a done context", hits.Load())
	}
}

func TestRetryableTransportErrors(t *testing.T) {
	t.Parallel()
	if isRetryableTransportError(errors.New("x509: certificate signed by unknown authority")) {
		t.Error("certificate errors must not be retried")
	}
	if !isRetryableTransportError(fmt.Errorf("wrapped: %w", io.ErrUnexpectedEOF)) {
		t.Error("unexpected EOF must be retried")
	}
	if !isRetryableTransportError(context.DeadlineExceeded) {
		t.Error("an attempt timeout must be retried")
	}
}

func TestRequestLoggerSeesEveryAttemptButNoSecrets(t *testing.T) {
	t.Parallel()
	var calls int
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls++
		w.Header().Set("Ngrok-Operation-Id", fmt.Sprintf("op_%d", calls))
		if calls == 1 {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		w.WriteHeader(http.StatusOK)
		_, _ = w.Write([]byte(`{"id":"sshca_x"}`))
	}))
	t.Cleanup(srv.Close)
	var logs []RequestLog
	c, err := New(WithBaseURL(srv.URL), WithAPIKey("secret-key"),
		WithRetryPolicy(RetryPolicy{MaxRetries: 2}),
		WithRequestLogger(func(_ context.Context, e RequestLog) { logs = append(logs, e) }))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.GetSSHCertificateAuthority(t.Context(), "sshca_x"); err != nil {
		t.Fatal(err)
	}
	if len(logs) != 2 {
		t.Fatalf("%d log entries, want one per attempt (2): %+v", len(logs), logs)
	}
	if logs[0].Status != http.StatusServiceUnavailable || logs[0].Attempt != 1 || logs[0].OperationID != "op_1" {
		t.Errorf("first entry = %+v", logs[0])
	}
	if logs[1].Status != http.StatusOK || logs[1].Attempt != 2 || logs[1].Path != "/ssh_certificate_authorities/sshca_x" {
		t.Errorf("second entry = %+v", logs[1])
	}
	if strings.Contains(fmt.Sprintf("%+v", logs), "secret-key") {
		t.Error("a log entry contains the API key")
	}
}

// A provider whose settings are unknown during plan hands out a nil client;
// every call through it must fail with ErrNoClient, never panic.
func TestNilClientFailsWithoutPanic(t *testing.T) {
	t.Parallel()
	var c *Client
	if _, err := c.GetSSHCertificateAuthority(t.Context(), "sshca_x"); !errors.Is(err, ErrNoClient) {
		t.Errorf("get: error = %v, want ErrNoClient", err)
	}
	if err := c.DeleteReservedDomainCertificate(t.Context(), "rd_x"); !errors.Is(err, ErrNoClient) {
		t.Errorf("delete: error = %v, want ErrNoClient", err)
	}
	var yielded int
	for _, err := range c.ListEndpoints(t.Context(), &ListOptions{Filter: `obj.type == "cloud"`}) {
		yielded++
		if !errors.Is(err, ErrNoClient) {
			t.Errorf("list: error = %v, want ErrNoClient", err)
		}
	}
	if yielded != 1 {
		t.Errorf("list yielded %d times, want once (the error)", yielded)
	}
}

// createServer answers creates of SSH certificate authorities the way the API
// does with an Idempotency-Key: the first request with a key runs, later
// requests with the same key and body get the first answer again. onFirst
// decides what the first request does after the object is made: answer
// (return true) or hold the answer (return false) until the client gives up.
type createServer struct {
	onFirst func(r *http.Request) (answer bool)
	status  int // when set, every request after the first is answered with it

	mu    sync.Mutex
	keys  []string
	bodys []string
	made  map[string]string // key -> body of the object made
}

func (s *createServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	key := r.Header.Get("Idempotency-Key")
	s.mu.Lock()
	s.keys = append(s.keys, key)
	s.bodys = append(s.bodys, string(b))
	n := len(s.keys)
	if s.made == nil {
		s.made = map[string]string{}
	}
	s.mu.Unlock()
	if n > 1 && s.status != 0 {
		writeAPIError(w, s.status, "", "no")
		return
	}
	s.mu.Lock()
	body, replay := s.made[key]
	if !replay && n == 1 && s.onFirst != nil {
		s.made[key] = string(b)
	}
	s.mu.Unlock()
	switch {
	case replay && body != string(b):
		writeAPIError(w, http.StatusConflict, "ERR_NGROK_1", "key reused with another body")
	case replay:
		writeJSON(w, http.StatusCreated, testCA)
	case n == 1 && s.onFirst != nil && !s.onFirst(r):
		<-r.Context().Done()
	default:
		s.mu.Lock()
		s.made[key] = string(b)
		s.mu.Unlock()
		writeJSON(w, http.StatusCreated, testCA)
	}
}

func (s *createServer) seen() (keys, bodies []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.keys...), append([]string(nil), s.bodys...)
}

// createWhileCancelling starts a create and cancels its context when cancelAt
// is closed.
func createWhileCancelling(c *Client, cancelAt <-chan struct{}) (*SSHCertificateAuthority, error) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		<-cancelAt
		cancel()
	}()
	return c.CreateSSHCertificateAuthority(ctx, &SSHCertificateAuthorityCreate{Description: "d", PrivateKeyType: "ed25519"})
}

// The server commits the create, then holds the answer; the caller cancels.
// The client replays the create with the same key and body, and returns the
// object the API made together with the error.
func TestInterruptedCreateReturnsTheCommittedObject(t *testing.T) {
	t.Parallel()
	committed := make(chan struct{})
	srv := &createServer{onFirst: func(*http.Request) bool { close(committed); return false }}
	var logs []RequestLog
	var logMu sync.Mutex
	c, _ := newTestClient(t, newServer(t, srv.ServeHTTP).URL, WithRequestLogger(func(_ context.Context, e RequestLog) {
		logMu.Lock()
		logs = append(logs, e)
		logMu.Unlock()
	}))
	ca, err := createWhileCancelling(c, committed)

	ie, ok := errors.AsType[*CreateInterruptedError](err)
	if !ok || ie.ID != "sshca_1" || !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v; want a *CreateInterruptedError for sshca_1 that is context.Canceled", err)
	}
	if ca == nil || ca.ID != "sshca_1" || ca.PublicKey != "ssh-ed25519 AAAA" {
		t.Errorf("object = %+v, want the authority the API made", ca)
	}
	keys, bodies := srv.seen()
	if len(keys) != 2 || keys[0] == "" || keys[0] != keys[1] || bodies[0] != bodies[1] {
		t.Errorf("requests: keys %q, bodies %q; want the create and its replay with the same key and body", keys, bodies)
	}
	logMu.Lock()
	defer logMu.Unlock()
	if len(logs) != 2 || logs[0].Replay || !logs[1].Replay || logs[1].Status != http.StatusCreated || logs[1].Attempt != 2 {
		t.Errorf("request logs = %+v; want the attempt, then the replay answered 201", logs)
	}
}

// Cancelled while waiting to retry a failed attempt: the attempt may have
// been made, so the create is replayed as well.
func TestCreateCancelledBetweenRetriesIsReplayed(t *testing.T) {
	t.Parallel()
	srv := &createServer{onFirst: func(r *http.Request) bool { return true }}
	var first sync.Once
	h := func(w http.ResponseWriter, r *http.Request) {
		failed := false
		first.Do(func() {
			failed = true
			_, _ = io.ReadAll(r.Body)
			writeAPIError(w, http.StatusServiceUnavailable, "", "down")
		})
		if !failed {
			srv.ServeHTTP(w, r)
		}
	}
	c, _ := newTestClient(t, newServer(t, h).URL)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c.sleep = func(ctx context.Context, d time.Duration) error {
		cancel() // the user presses Ctrl-C during the backoff
		return ctx.Err()
	}
	ca, err := c.CreateSSHCertificateAuthority(ctx, &SSHCertificateAuthorityCreate{PrivateKeyType: "ed25519"})
	if ie, ok := errors.AsType[*CreateInterruptedError](err); !ok || ie.ID != "sshca_1" || ca == nil {
		t.Fatalf("object %v, err %v; want the object made by the replay", ca, err)
	}
	if keys, _ := srv.seen(); len(keys) != 1 {
		t.Errorf("%d requests after the failed attempt, want the replay only", len(keys))
	}
}

// A create that never left the client (cancelled while it waited for its
// turn) is not replayed and returns no object.
func TestCreateCancelledBeforeSendingReturnsNoObject(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		srv := &createServer{}
		// Two a minute: the first create takes the only turn for a minute.
		c := newBubbleClient(t, srv, WithRequestsPerMinute(2))
		if _, err := c.CreateSSHCertificateAuthority(context.Background(), &SSHCertificateAuthorityCreate{}); err != nil {
			t.Fatal(err)
		}
		cancelAt := make(chan struct{})
		done := make(chan struct{})
		var (
			ca  *SSHCertificateAuthority
			err error
		)
		go func() {
			ca, err = createWhileCancelling(c, cancelAt)
			close(done)
		}()
		synctest.Wait()
		close(cancelAt)
		<-done
		if _, ok := errors.AsType[*CreateInterruptedError](err); ok || !errors.Is(err, context.Canceled) || ca != nil {
			t.Errorf("object %v, err %v; want no object and context.Canceled", ca, err)
		}
		if keys, _ := srv.seen(); len(keys) != 1 {
			t.Errorf("%d requests, want only the first create's", len(keys))
		}
	})
}

// A replay the API refuses (here 409: the first request never ran, and the
// replay, running afresh, conflicts) proves that nothing was made.
func TestInterruptedCreateRefusedOnReplayReturnsNoObject(t *testing.T) {
	t.Parallel()
	reached := make(chan struct{})
	srv := &createServer{status: http.StatusConflict, onFirst: func(*http.Request) bool { close(reached); return false }}
	c, _ := newTestClient(t, newServer(t, srv.ServeHTTP).URL)
	ca, err := createWhileCancelling(c, reached)
	if _, ok := errors.AsType[*CreateInterruptedError](err); ok || !errors.Is(err, context.Canceled) || ca != nil {
		t.Errorf("object %v, err %v; want no object and context.Canceled", ca, err)
	}
}

// A replay that fails, or that the server holds past its own budget, cannot
// tell: the error says the object may exist, and no object is returned.
func TestInterruptedCreateReplayFailure(t *testing.T) {
	t.Parallel()
	for name, status := range map[string]int{"503": http.StatusServiceUnavailable, "held": 0} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			reached := make(chan struct{})
			var once sync.Once
			srv := &createServer{status: status, onFirst: func(*http.Request) bool {
				once.Do(func() { close(reached) })
				return false
			}}
			c, _ := newTestClient(t, newServer(t, func(w http.ResponseWriter, r *http.Request) {
				if status == 0 {
					// NOTE: hold every request, the replay too. The body is
					// read first: until then net/http cannot notice that the
					// client went away.
					_, _ = io.ReadAll(r.Body)
					srv.onFirst(r)
					<-r.Context().Done()
					return
				}
				srv.ServeHTTP(w, r)
			}).URL)
			c.replayTimeout = 100 * time.Millisecond
			ca, err := createWhileCancelling(c, reached)
			ie, ok := errors.AsType[*CreateInterruptedError](err)
			if !ok || ie.ID != "" || ie.ReplayErr == nil || ca != nil || !errors.Is(err, context.Canceled) {
				t.Fatalf("object %v, err %v; want no object and a *CreateInterruptedError without ID", ca, err)
			}
			if status != 0 {
				if apiErr, ok := errors.AsType[*APIError](ie.ReplayErr); !ok || apiErr.StatusCode != status {
					t.Errorf("replay error = %v, want the API's %d", ie.ReplayErr, status)
				}
			} else if !errors.Is(ie.ReplayErr, context.DeadlineExceeded) {
				t.Errorf("replay error = %v, want its own deadline", ie.ReplayErr)
			}
		})
	}
}
