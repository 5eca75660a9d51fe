package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"go.etcd.io/bbolt"

	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

var listeningLine = regexp.MustCompile(`^ngrok-mock listening on (http://127\.0\.0\.1:[1-9][0-9]*)\n$`)

// start runs the program on a free port and returns its base URL and a
// function that stops it and returns run's error.
func start(t *testing.T, args []string, env map[string]string) (string, func() error) {
	t.Helper()
	ctx, cancel := context.WithCancel(t.Context())
	out, stdout := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, append([]string{"-addr", "127.0.0.1:0"}, args...), stdout, io.Discard, func(k string) string { return env[k] })
		_ = stdout.Close()
	}()
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		cancel()
		t.Fatalf("reading the listening line: %v (run: %v)", err, <-done)
	}
	m := listeningLine.FindStringSubmatch(line)
	if m == nil {
		cancel()
		t.Fatalf("first line = %q, want %q", line, listeningLine)
	}
	stop := func() error {
		cancel()
		select {
		case err := <-done:
			return err
		case <-time.After(10 * time.Second):
			t.Fatal("run did not return after cancellation")
			return nil
		}
	}
	return m[1], stop
}

func get(t *testing.T, url, apiKey string) int {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Ngrok-Version", "2")
	req.Header.Set("Authorization", "Bearer "+apiKey)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	return resp.StatusCode
}

func TestRunServesUntilCancelled(t *testing.T) {
	t.Parallel()
	base, stop := start(t, nil, nil)
	if got := get(t, base+"/ssh_certificate_authorities", mockserver.DefaultAPIKey); got != http.StatusOK {
		t.Errorf("list status = %d, want 200", got)
	}
	if err := stop(); err != nil {
		t.Errorf("run returned %v after cancellation, want nil", err)
	}
}

func TestRunAPIKeys(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		args     []string
		env      map[string]string
		accepted []string
		refused  []string
	}{
		{"default key", nil, nil, []string{mockserver.DefaultAPIKey}, []string{"other"}},
		{"key from the environment", nil, map[string]string{"NGROK_MOCK_API_KEY": "from-env"},
			[]string{"from-env"}, []string{mockserver.DefaultAPIKey}},
		{"repeated flag wins over the environment", []string{"-api-key", "a", "-api-key", "b"}, map[string]string{"NGROK_MOCK_API_KEY": "from-env"},
			[]string{"a", "b"}, []string{"from-env", mockserver.DefaultAPIKey}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			base, stop := start(t, tt.args, tt.env)
			defer func() {
				if err := stop(); err != nil {
					t.Error(err)
				}
			}()
			for _, k := range tt.accepted {
				if got := get(t, base+"/ssh_certificate_authorities", k); got != http.StatusOK {
					t.Errorf("key %q: status %d, want 200", k, got)
				}
			}
			for _, k := range tt.refused {
				if got := get(t, base+"/ssh_certificate_authorities", k); got != http.StatusForbidden {
					t.Errorf("key %q: status %d, want 403", k, got)
				}
			}
		})
	}
}

func TestRunRejectsBadArguments(t *testing.T) {
	t.Parallel()
	tests := map[string][]string{
		"page size zero":        {"-page-size", "0"},
		"page size above 100":   {"-page-size", "101"},
		"unknown flag":          {"-verbose"},
		"positional argument":   {"serve"},
		"empty api key":         {"-api-key", ""},
		"address not parsable":  {"-addr", "not an address"},
		"negative rate limit":   {"-rate-limit", "-1"},
		"negative journal size": {"-journal-size", "-1"},
		"unknown log level":     {"-log-level", "loud"},
		"cert file without tls": {"-tls-cert-file", "/tmp/x.pem"},
	}
	for name, args := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var out strings.Builder
			err := run(t.Context(), append([]string{"-addr", "127.0.0.1:0"}, args...), &out, io.Discard, func(string) string { return "" })
			if err == nil {
				t.Fatal("run succeeded, want an error")
			}
			if out.Len() != 0 {
				t.Errorf("printed %q before failing", out.String())
			}
		})
	}
}

func TestRunSettingsFromEnvironment(t *testing.T) {
	t.Parallel()
	env := map[string]string{"NGROK_MOCK_API_KEY": "one, two", "NGROK_MOCK_RATE_LIMIT": "2"}
	base, stop := start(t, nil, env)
	defer func() {
		if err := stop(); err != nil {
			t.Error(err)
		}
	}()
	for _, k := range []string{"one", "two"} {
		if got := get(t, base+"/ssh_certificate_authorities", k); got != http.StatusOK {
			t.Errorf("key %q: status %d, want 200", k, got)
		}
	}
	// The third request of the minute (per key) is over the limit of 2.
	get(t, base+"/ssh_certificate_authorities", "one")
	if got := get(t, base+"/ssh_certificate_authorities", "one"); got != http.StatusTooManyRequests {
		t.Errorf("status over the rate limit = %d, want 429", got)
	}
}

// With -tls, a client that trusts only the written certificate reaches the
// printed URL, also when the server listens on every address.
func TestRunTLS(t *testing.T) {
	t.Parallel()
	for _, addr := range []string{"127.0.0.1:0", "0.0.0.0:0"} {
		t.Run(addr, func(t *testing.T) {
			t.Parallel()
			testRunTLS(t, addr)
		})
	}
}

func testRunTLS(t *testing.T, addr string) {
	certFile := filepath.Join(t.TempDir(), "mock.pem")
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	out, stdout := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"-addr", addr, "-tls", "-tls-cert-file", certFile}, stdout, io.Discard, func(string) string { return "" })
		_ = stdout.Close()
	}()
	rd := bufio.NewReader(out)
	line, _ := rd.ReadString('\n')
	m := regexp.MustCompile(`^ngrok-mock listening on (https://127\.0\.0\.1:\d+)\n$`).FindStringSubmatch(line)
	if m == nil {
		t.Fatalf("first line = %q", line)
	}
	fpLine, _ := rd.ReadString('\n')
	if !regexp.MustCompile(`^ngrok-mock TLS certificate SHA-256 fingerprint ([0-9A-F]{2}:){31}[0-9A-F]{2}\n$`).MatchString(fpLine) {
		t.Errorf("second line = %q, want the fingerprint", fpLine)
	}
	pemBytes, err := os.ReadFile(certFile)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(pemBytes) {
		t.Fatal("the certificate file holds no PEM certificate")
	}
	client := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}}}
	req, _ := http.NewRequestWithContext(t.Context(), http.MethodGet, m[1]+"/ssh_certificate_authorities", nil)
	req.Header.Set("Ngrok-Version", "2")
	req.Header.Set("Authorization", "Bearer "+mockserver.DefaultAPIKey)
	resp, err := client.Do(req)
	if err != nil {
		t.Fatalf("a client trusting only the written certificate failed: %v", err)
	}
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("status = %d, want 200", resp.StatusCode)
	}
	cancel()
	if err := <-done; err != nil {
		t.Error(err)
	}
}

func TestRunLogsRequests(t *testing.T) {
	t.Parallel()
	var logs syncBuffer
	ctx, cancel := context.WithCancel(t.Context())
	out, stdout := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"-addr", "127.0.0.1:0", "-api-key", "secret-key"}, stdout, &logs, func(string) string { return "" })
		_ = stdout.Close()
	}()
	line, _ := bufio.NewReader(out).ReadString('\n')
	m := listeningLine.FindStringSubmatch(line)
	if m == nil {
		cancel()
		t.Fatalf("first line = %q", line)
	}
	get(t, m[1]+"/ssh_certificate_authorities", "secret-key")
	cancel()
	if err := <-done; err != nil {
		t.Error(err)
	}
	got := logs.String()
	if !strings.Contains(got, "path=/ssh_certificate_authorities") || !strings.Contains(got, "status=200") {
		t.Errorf("log = %q, want a line for the request", got)
	}
	if strings.Contains(got, "secret-key") {
		t.Errorf("log contains the API key: %q", got)
	}
}

type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestRunStateSurvivesRestart(t *testing.T) {
	t.Parallel()
	state := filepath.Join(t.TempDir(), "state.json")
	base, stop := start(t, []string{"-state", state}, nil)
	req, _ := http.NewRequestWithContext(t.Context(), http.MethodPost, base+"/ssh_certificate_authorities", strings.NewReader(`{"description":"survivor"}`))
	req.Header.Set("Ngrok-Version", "2")
	req.Header.Set("Authorization", "Bearer "+mockserver.DefaultAPIKey)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	if err := stop(); err != nil {
		t.Fatal(err)
	}

	base, stop = start(t, []string{"-state", state}, nil)
	defer func() { _ = stop() }()
	req, _ = http.NewRequestWithContext(t.Context(), http.MethodGet, base+"/ssh_certificate_authorities", nil)
	req.Header.Set("Ngrok-Version", "2")
	req.Header.Set("Authorization", "Bearer "+mockserver.DefaultAPIKey)
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	_ = resp.Body.Close()
	if !strings.Contains(string(body), `"description":"survivor"`) {
		t.Errorf("after restart the list is %s, want the authority created before", body)
	}
}

func TestRunRefusesCorruptState(t *testing.T) {
	t.Parallel()
	state := filepath.Join(t.TempDir(), "state.json")
	if err := os.WriteFile(state, []byte("{"), 0o600); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	err := run(t.Context(), []string{"-addr", "127.0.0.1:0", "-state", state}, &out, io.Discard, func(string) string { return "" })
	if err == nil || !strings.Contains(err.Error(), "-state") {
		t.Errorf("run = %v, want an error naming -state", err)
	}
}

func TestRunSeedsOnlyAFreshState(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	seed := filepath.Join(dir, "seed.yaml")
	if err := os.WriteFile(seed, []byte("agent_endpoints:\n  - id: ep_2hHHJmY6yq0a8ZqN1rQ3yWc4TtB\n    url: https://seeded.ngrok.app\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	state := filepath.Join(dir, "state.json")
	for range 2 {
		// The second start finds the state file and must not seed the fixed ID again.
		base, stop := start(t, []string{"-seed", seed, "-state", state}, nil)
		if got := get(t, base+"/endpoints/ep_2hHHJmY6yq0a8ZqN1rQ3yWc4TtB", mockserver.DefaultAPIKey); got != http.StatusOK {
			t.Errorf("seeded endpoint: status %d, want 200", got)
		}
		if err := stop(); err != nil {
			t.Fatal(err)
		}
	}
}

func TestRunRefusesBadSeed(t *testing.T) {
	t.Parallel()
	seed := filepath.Join(t.TempDir(), "seed.yaml")
	if err := os.WriteFile(seed, []byte("widgets: []"), 0o600); err != nil {
		t.Fatal(err)
	}
	err := run(t.Context(), []string{"-addr", "127.0.0.1:0", "-seed", seed}, io.Discard, io.Discard, func(string) string { return "" })
	if err == nil || !strings.Contains(err.Error(), "-seed") {
		t.Errorf("run = %v, want an error naming -seed", err)
	}
}

// A wildcard address is no address to dial, and the certificate of -tls
// does not name it: the printed URL must be one a local client can use.
func TestRunWildcardAddressPrintsLoopback(t *testing.T) {
	t.Parallel()
	for _, addr := range []string{":0", "0.0.0.0:0", "[::]:0"} {
		t.Run(addr, func(t *testing.T) {
			t.Parallel()
			base, stop := start(t, []string{"-addr", addr}, nil)
			defer func() {
				if err := stop(); err != nil {
					t.Error(err)
				}
			}()
			if got := get(t, base+"/ssh_certificate_authorities", mockserver.DefaultAPIKey); got != http.StatusOK {
				t.Errorf("GET through the printed URL = %d, want 200", got)
			}
		})
	}
}

// A state file that cannot be written stops the start, rather than every
// change answering 500 once the server runs.
func TestRunRefusesUnwritableState(t *testing.T) {
	t.Parallel()
	state := filepath.Join(t.TempDir(), "missing-dir", "state.json")
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	var out syncBuffer
	// NOTE: a start that goes through prints the listening line; stopping
	// it then turns a regression into a failure instead of a hang.
	stdout := writerFunc(func(p []byte) (int, error) { cancel(); return out.Write(p) })
	err := run(ctx, []string{"-addr", "127.0.0.1:0", "-state", state}, stdout, io.Discard, func(string) string { return "" })
	if err == nil || !strings.Contains(err.Error(), "-state") {
		t.Errorf("run = %v, want an error naming -state", err)
	}
	if got := out.String(); got != "" {
		t.Errorf("printed %q before failing", got)
	}
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

func TestRunHelpGoesToItsOwnStderr(t *testing.T) {
	t.Parallel()
	var stderr strings.Builder
	if err := run(t.Context(), []string{"-h"}, io.Discard, &stderr, func(string) string { return "" }); err != nil {
		t.Fatalf("run -h = %v, want nil", err)
	}
	if !strings.Contains(stderr.String(), "-page-size") {
		t.Errorf("stderr = %q, want the flags' usage", stderr.String())
	}
}

// A request held by a long latency fault must not hold up the shutdown: run
// returns nil at once, and the held request gets an answer.
func TestRunStopsDespiteALatencyFault(t *testing.T) {
	t.Parallel()
	base, stop := start(t, nil, nil)
	admin := func(method, path, body string) string {
		req, _ := http.NewRequestWithContext(t.Context(), method, base+path, strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+mockserver.DefaultAPIKey)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer func() { _ = resp.Body.Close() }()
		b, _ := io.ReadAll(resp.Body)
		return string(b)
	}
	admin(http.MethodPost, "/_mock/faults", `{"latency":"1h"}`)
	held := make(chan int, 1)
	heldCtx, giveUp := context.WithCancel(context.Background())
	defer giveUp()
	go func() {
		req, _ := http.NewRequestWithContext(heldCtx, http.MethodGet, base+"/ssh_certificate_authorities", nil)
		req.Header.Set("Ngrok-Version", "2")
		req.Header.Set("Authorization", "Bearer "+mockserver.DefaultAPIKey)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			held <- 0
			return
		}
		_ = resp.Body.Close()
		held <- resp.StatusCode
	}()
	// The rule is spent once the request is being held.
	for admin(http.MethodGet, "/_mock/faults", "") != `{"faults":{}}` {
		runtime.Gosched()
	}
	if err := stop(); err != nil {
		// NOTE: the held request would otherwise wait out its hour.
		giveUp()
		t.Errorf("run = %v after cancellation with a request held by a latency fault, want nil", err)
	}
	if got := <-held; got != http.StatusServiceUnavailable {
		t.Errorf("the held request got %d, want 503", got)
	}
}

// A connection that never sends a request (an HTTP client's spare dial, a
// port probe) must not hold up the shutdown: net/http counts it as active
// for its first five seconds, as long as the shutdown may take.
func TestRunStopsDespiteAnUnusedConnection(t *testing.T) {
	t.Parallel()
	base, stop := start(t, nil, nil)
	conn, err := new(net.Dialer).DialContext(t.Context(), "tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = conn.Close() }()
	// NOTE: a request on another connection, so that the server has
	// accepted the unused one before it stops.
	req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, base+"/_mock/journal", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	if err := stop(); err != nil {
		t.Errorf("run = %v after cancellation with an unused connection open, want nil", err)
	}
}

// journalLength reads how many requests GET /_mock/journal shows.
func journalLength(t *testing.T, base string) int {
	t.Helper()
	req, _ := http.NewRequestWithContext(t.Context(), http.MethodGet, base+"/_mock/journal", nil)
	req.Header.Set("Authorization", "Bearer "+mockserver.DefaultAPIKey)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = resp.Body.Close() }()
	var body struct {
		Requests []mockserver.JournalEntry `json:"requests"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
		t.Fatal(err)
	}
	return len(body.Requests)
}

func TestRunJournalSize(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		args []string
		env  map[string]string
	}{
		"flag":        {args: []string{"-journal-size", "3"}},
		"environment": {env: map[string]string{"NGROK_MOCK_JOURNAL_SIZE": "3"}},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			base, stop := start(t, tc.args, tc.env)
			defer func() {
				if err := stop(); err != nil {
					t.Error(err)
				}
			}()
			for range 5 {
				get(t, base+"/ssh_certificate_authorities", mockserver.DefaultAPIKey)
			}
			if got := journalLength(t, base); got != 3 {
				t.Errorf("the journal shows %d requests, want 3", got)
			}
		})
	}
}

func TestParsePprofFlag(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		args []string
		env  map[string]string
		want string
	}{
		"off by default":                 {want: ""},
		"flag":                           {args: []string{"-pprof", "127.0.0.1:6060"}, want: "127.0.0.1:6060"},
		"environment":                    {env: map[string]string{"NGROK_MOCK_PPROF": "127.0.0.1:6061"}, want: "127.0.0.1:6061"},
		"flag wins over the environment": {args: []string{"-pprof", "127.0.0.1:6060"}, env: map[string]string{"NGROK_MOCK_PPROF": "127.0.0.1:6061"}, want: "127.0.0.1:6060"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			c, err := parseConfig(tc.args, io.Discard, func(k string) string { return tc.env[k] })
			if err != nil {
				t.Fatal(err)
			}
			if c.pprofAddr != tc.want {
				t.Errorf("pprof address %q, want %q", c.pprofAddr, tc.want)
			}
		})
	}
}

// startLines runs the program and returns the lines it prints once it
// listens (without their newlines), and a function that stops it.
func startLines(t *testing.T, args []string) ([]string, func() error) {
	t.Helper()
	ctx, cancel := context.WithCancel(t.Context())
	out, stdout := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, append([]string{"-addr", "127.0.0.1:0"}, args...), stdout, io.Discard, func(string) string { return "" })
		_ = stdout.Close()
	}()
	// NOTE: run prints its lines in one write, which one read receives whole.
	buf := make([]byte, 4096)
	n, err := out.Read(buf)
	if err != nil {
		cancel()
		t.Fatalf("reading the listening lines: %v (run: %v)", err, <-done)
	}
	stop := func() error {
		cancel()
		return <-done
	}
	return strings.Split(strings.TrimSuffix(string(buf[:n]), "\n"), "\n"), stop
}

func getBody(t *testing.T, url string, headers ...string) (int, string) {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = resp.Body.Close() }()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

var pprofLine = regexp.MustCompile(`^ngrok-mock pprof listening on (http://127\.0\.0\.1:[1-9][0-9]*)/debug/pprof/$`)

// The profiler answers on its own listener, never on the API's.
func TestRunPprofOnItsOwnListener(t *testing.T) {
	t.Parallel()
	lines, stop := startLines(t, []string{"-pprof", "127.0.0.1:0"})
	defer func() {
		if err := stop(); err != nil {
			t.Error(err)
		}
	}()
	if len(lines) != 2 {
		t.Fatalf("printed %q, want the API's line and the profiler's", lines)
	}
	api := listeningLine.FindStringSubmatch(lines[0] + "\n")
	prof := pprofLine.FindStringSubmatch(lines[1])
	if api == nil || prof == nil {
		t.Fatalf("printed %q, want the API's line then the profiler's", lines)
	}
	if api[1] == prof[1] {
		t.Fatalf("the profiler shares the API's address %s", api[1])
	}
	if status, body := getBody(t, prof[1]+"/debug/pprof/"); status != http.StatusOK || !strings.Contains(body, "goroutine") {
		t.Errorf("profiler index: %d %.200q, want 200 and the list of profiles", status, body)
	}
	if status, _ := getBody(t, prof[1]+"/debug/pprof/goroutine?debug=1"); status != http.StatusOK {
		t.Errorf("goroutine profile: %d, want 200", status)
	}
	for _, path := range []string{"/debug/pprof/", "/debug/pprof/goroutine", "/debug/pprof/cmdline"} {
		status, body := getBody(t, api[1]+path, "Ngrok-Version", "2", "Authorization", "Bearer "+mockserver.DefaultAPIKey)
		if status != http.StatusNotFound || !strings.Contains(body, `"msg":"Not Found"`) {
			t.Errorf("API listener %s: %d %.200q, want the API's 404", path, status, body)
		}
	}
}

func TestRunWithoutPprofPrintsOneLine(t *testing.T) {
	t.Parallel()
	lines, stop := startLines(t, nil)
	if err := stop(); err != nil {
		t.Error(err)
	}
	if len(lines) != 1 || !listeningLine.MatchString(lines[0]+"\n") {
		t.Errorf("printed %q, want only the listening line", lines)
	}
}

func TestRunRefusesAnUnusablePprofAddress(t *testing.T) {
	t.Parallel()
	var out strings.Builder
	err := run(t.Context(), []string{"-addr", "127.0.0.1:0", "-pprof", "not an address"}, &out, io.Discard, func(string) string { return "" })
	if err == nil || !strings.Contains(err.Error(), "-pprof") {
		t.Errorf("run = %v, want an error naming -pprof", err)
	}
	if out.Len() != 0 {
		t.Errorf("printed %q before failing", out.String())
	}
}

// buildProgram compiles ngrok-mock into dir, for tests that need a real
// process to kill.
func buildProgram(t *testing.T, dir string) string {
	t.Helper()
	bin := filepath.Join(dir, "ngrok-mock")
	out, err := exec.CommandContext(t.Context(), "go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// startProgram runs the compiled program on a free port and returns its
// process and base URL.
func startProgram(t *testing.T, bin string, args ...string) (*exec.Cmd, string) {
	t.Helper()
	cmd := exec.CommandContext(t.Context(), bin, append([]string{"-addr", "127.0.0.1:0", "-log-level", "off"}, args...)...)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
	line, err := bufio.NewReader(stdout).ReadString('\n')
	m := listeningLine.FindStringSubmatch(line)
	if err != nil || m == nil {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		t.Fatalf("first line = %q (%v); stderr: %s", line, err, stderr.String())
	}
	go func() { _, _ = io.Copy(io.Discard, stdout) }()
	return cmd, m[1]
}

func apiRequest(t *testing.T, method, url, body string) (*http.Response, error) {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequestWithContext(t.Context(), method, url, rd)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Ngrok-Version", "2")
	req.Header.Set("Authorization", "Bearer "+mockserver.DefaultAPIKey)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	return http.DefaultClient.Do(req)
}

// SIGKILL in the middle of a stream of concurrent creates with -state:
// every create that was answered 201 is there after the restart.
func TestKilledDuringCreatesKeepsEveryAcknowledgedObject(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	bin := buildProgram(t, dir)
	state := filepath.Join(dir, "state.db")
	cmd, base := startProgram(t, bin, "-state", state)

	const workers, killAfter = 8, 300
	var (
		mu    sync.Mutex
		acked []string
		kill  = make(chan struct{})
		once  sync.Once
		wg    sync.WaitGroup
	)
	for w := range workers {
		wg.Go(func() {
			for i := 0; ; i++ {
				resp, err := apiRequest(t, http.MethodPost, base+"/ssh_certificate_authorities",
					fmt.Sprintf(`{"description":"worker %d create %d"}`, w, i))
				if err != nil {
					return // the server is gone
				}
				var ca struct {
					ID string `json:"id"`
				}
				decodeErr := json.NewDecoder(resp.Body).Decode(&ca)
				_ = resp.Body.Close()
				if resp.StatusCode != http.StatusCreated || decodeErr != nil {
					// NOTE: an answer cut short by the kill is not an
					// acknowledgement; anything else is a failure.
					select {
					case <-kill:
						return
					default:
					}
					t.Errorf("create: status %d, decoding: %v", resp.StatusCode, decodeErr)
					return
				}
				mu.Lock()
				acked = append(acked, ca.ID)
				if len(acked) == killAfter {
					once.Do(func() {
						close(kill)
						// NOTE: SIGKILL, while the other workers' creates are in flight.
						_ = cmd.Process.Kill()
					})
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	_ = cmd.Wait()
	if t.Failed() {
		return
	}
	select {
	case <-kill:
	default:
		t.Fatalf("the server stopped before %d creates were acknowledged (%d were)", killAfter, len(acked))
	}

	_, base = startProgram(t, bin, "-state", state)
	missing := 0
	for _, id := range acked {
		resp, err := apiRequest(t, http.MethodGet, base+"/ssh_certificate_authorities/"+id, "")
		if err != nil {
			t.Fatal(err)
		}
		_ = resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			missing++
			if missing <= 5 {
				t.Errorf("acknowledged %s: status %d after the restart, want 200", id, resp.StatusCode)
			}
		}
	}
	t.Logf("%d creates acknowledged before the kill, %d missing after the restart", len(acked), missing)
}

// damagedStateFiles writes, into dir, a good state file of many pages and
// each way issue 19 found to damage one (items 5, 6 and 7), and returns
// their paths by name.
func damagedStateFiles(t *testing.T, dir string) map[string]string {
	t.Helper()
	good := filepath.Join(dir, "good")
	seed := filepath.Join(dir, "seed.yaml")
	var yaml strings.Builder
	yaml.WriteString("ip_policies:\n")
	for i := range 300 {
		fmt.Fprintf(&yaml, "  - description: policy %d %s\n", i, strings.Repeat("x", 200))
	}
	if err := os.WriteFile(seed, []byte(yaml.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := mockserver.Open(mockserver.StartFiles{State: good, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	undecodable := filepath.Join(dir, "undecodable")
	if err := os.WriteFile(undecodable, data, 0o600); err != nil {
		t.Fatal(err)
	}
	db, err := bbolt.Open(undecodable, 0o600, nil)
	if err == nil {
		err = db.Update(func(tx *bbolt.Tx) error {
			return tx.Bucket([]byte("idempotency")).Put([]byte("k"), []byte(`{"fingerprint":"!!"}`))
		})
		err = errors.Join(err, db.Close())
	}
	if err != nil {
		t.Fatal(err)
	}
	zeroed := bytes.Clone(data)
	clear(zeroed[8192:])
	paths := map[string]string{"illegal base64 in an idempotency record": undecodable}
	for name, b := range map[string][]byte{
		"cut to half its size": data[:len(data)/2],
		"cut to 8192 bytes":    data[:8192],
		"data pages zeroed":    zeroed,
		"empty":                nil,
	} {
		path := filepath.Join(dir, strings.ReplaceAll(name, " ", "-"))
		if err := os.WriteFile(path, b, 0o600); err != nil {
			t.Fatal(err)
		}
		paths[name] = path
	}
	return paths
}

// Each damaged state file stops the start with one line that says what
// is wrong, that the file was left untouched and how to start fresh, and
// leaves the file byte for byte as it was.
func TestRunRefusesDamagedStateUntouched(t *testing.T) {
	t.Parallel()
	for name, path := range damagedStateFiles(t, t.TempDir()) {
		before, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		err = run(t.Context(), []string{"-addr", "127.0.0.1:0", "-state", path}, io.Discard, io.Discard, func(string) string { return "" })
		switch {
		case err == nil:
			t.Errorf("%s: the start succeeded", name)
		case strings.Contains(err.Error(), "\n"), !strings.Contains(err.Error(), "-state "+path),
			!strings.Contains(err.Error(), "left untouched"), !strings.Contains(err.Error(), "delete it"):
			t.Errorf("%s: error %q, want one line naming -state, saying the file was left untouched and how to start fresh", name, err)
		}
		if after, err := os.ReadFile(path); err != nil || !bytes.Equal(after, before) {
			t.Errorf("%s: the refused file changed (%v)", name, err)
		}
	}
}

// The program exits 1 with one line on stderr, never a panic, for each
// damaged state file, and leaves it unchanged; -init-state starts from an
// empty one.
func TestProgramRefusesDamagedState(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	bin := buildProgram(t, dir)
	for name, path := range damagedStateFiles(t, dir) {
		before, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var stderr strings.Builder
		cmd := exec.CommandContext(t.Context(), bin, "-addr", "127.0.0.1:0", "-state", path)
		cmd.Stderr = &stderr
		err = cmd.Run()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 1 {
			t.Errorf("%s: %v, want exit status 1", name, err)
		}
		if msg := stderr.String(); strings.Count(msg, "\n") != 1 || !strings.HasPrefix(msg, "ngrok-mock: -state ") ||
			strings.Contains(msg, "panic") || !strings.Contains(msg, "left untouched") {
			t.Errorf("%s: stderr %q, want one line saying the file was left untouched", name, msg)
		}
		if after, err := os.ReadFile(path); err != nil || !bytes.Equal(after, before) {
			t.Errorf("%s: the refused file changed (%v)", name, err)
		}
	}
	empty := filepath.Join(dir, "empty")
	startProgram(t, bin, "-state", empty, "-init-state")
	if fi, err := os.Stat(empty); err != nil || fi.Size() == 0 {
		t.Errorf("-init-state: the state file is still empty (%v)", err)
	}
}

// Two programs started at once on one new state path: one serves, the
// other exits 1, and after a kill -9 of the one serving the file holds
// what it acknowledged (issue 19, item 4).
func TestProgramsRacingOnANewStateFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	bin := buildProgram(t, dir)
	for try := range 10 {
		state := filepath.Join(dir, fmt.Sprintf("state-%d", try))
		type started struct {
			cmd    *exec.Cmd
			base   string
			stderr *strings.Builder
		}
		results := make(chan started, 2)
		for range 2 {
			go func() {
				cmd := exec.CommandContext(t.Context(), bin, "-addr", "127.0.0.1:0", "-log-level", "off", "-state", state)
				stdout, err := cmd.StdoutPipe()
				if err != nil {
					results <- started{}
					return
				}
				stderr := &strings.Builder{}
				cmd.Stderr = stderr
				if err := cmd.Start(); err != nil {
					results <- started{}
					return
				}
				line, _ := bufio.NewReader(stdout).ReadString('\n')
				if m := listeningLine.FindStringSubmatch(line); m != nil {
					go func() { _, _ = io.Copy(io.Discard, stdout) }()
					results <- started{cmd: cmd, base: m[1]}
					return
				}
				_ = cmd.Wait()
				results <- started{cmd: cmd, stderr: stderr}
			}()
		}
		var winner started
		for range 2 {
			r := <-results
			switch {
			case r.cmd == nil:
				t.Fatal("a program did not start")
			case r.base == "":
				if r.cmd.ProcessState.ExitCode() != 1 {
					t.Errorf("try %d: the losing program exited %d: %s", try, r.cmd.ProcessState.ExitCode(), r.stderr)
				}
			case winner.cmd != nil:
				t.Fatalf("try %d: both programs serve one state file", try)
			default:
				winner = r
				t.Cleanup(func() { _ = r.cmd.Process.Kill(); _ = r.cmd.Wait() })
			}
		}
		if winner.cmd == nil {
			t.Fatalf("try %d: neither program serves", try)
		}
		resp, err := apiRequest(t, http.MethodPost, winner.base+"/ssh_certificate_authorities", `{"description":"acknowledged"}`)
		if err != nil {
			t.Fatal(err)
		}
		_ = resp.Body.Close()
		if resp.StatusCode != http.StatusCreated {
			t.Fatalf("try %d: create answered %d", try, resp.StatusCode)
		}
		_ = winner.cmd.Process.Kill()
		_ = winner.cmd.Wait()
		_, base := startProgram(t, bin, "-state", state)
		resp, err = apiRequest(t, http.MethodGet, base+"/ssh_certificate_authorities", "")
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		_ = resp.Body.Close()
		if !strings.Contains(string(body), `"description":"acknowledged"`) {
			t.Errorf("try %d: after the restart the list is %s, want the acknowledged authority", try, body)
		}
	}
}

func TestParseInitStateFlag(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		args    []string
		env     map[string]string
		want    bool
		wantErr string
	}{
		"off by default":         {args: []string{"-state", "s"}},
		"flag":                   {args: []string{"-state", "s", "-init-state"}, want: true},
		"environment":            {args: []string{"-state", "s"}, env: map[string]string{"NGROK_MOCK_INIT_STATE": "true"}, want: true},
		"without -state":         {args: []string{"-init-state"}, wantErr: "-init-state needs -state"},
		"environment, no -state": {env: map[string]string{"NGROK_MOCK_INIT_STATE": "1"}, wantErr: "-init-state needs -state"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			c, err := parseConfig(tc.args, io.Discard, func(k string) string { return tc.env[k] })
			switch {
			case tc.wantErr != "":
				if err == nil || err.Error() != tc.wantErr {
					t.Errorf("parseConfig = %v, want %q", err, tc.wantErr)
				}
			case err != nil:
				t.Fatal(err)
			case c.initState != tc.want:
				t.Errorf("initState = %v, want %v", c.initState, tc.want)
			}
		})
	}
}

// -edges-read-only, -edges-writable and -endpoint-configurations-deprecated turn the settings
// on; without them all are off.
func TestRunEdgeSettings(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, `{"edges_read_only":false,"edges_writable":false,"endpoint_configurations_deprecated":false}`},
		{[]string{"-edges-read-only", "-endpoint-configurations-deprecated"}, `{"edges_read_only":true,"edges_writable":false,"endpoint_configurations_deprecated":true}`},
		{[]string{"-edges-writable"}, `{"edges_read_only":false,"edges_writable":true,"endpoint_configurations_deprecated":false}`},
	} {
		base, stop := start(t, tc.args, nil)
		req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, base+"/_mock/settings", nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Authorization", "Bearer "+mockserver.DefaultAPIKey)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(resp.Body)
		_ = resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.TrimSpace(string(body)); got != tc.want {
			t.Errorf("%v: settings %s, want %s", tc.args, got, tc.want)
		}
		if err := stop(); err != nil {
			t.Error(err)
		}
	}
}
