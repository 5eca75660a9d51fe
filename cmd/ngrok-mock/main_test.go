package main

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

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
		done <- run(ctx, append([]string{"-addr", "127.0.0.1:0"}, args...), stdout, func(k string) string { return env[k] })
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
		{"key from the environment", nil, map[string]string{envAPIKey: "from-env"},
			[]string{"from-env"}, []string{mockserver.DefaultAPIKey}},
		{"repeated flag wins over the environment", []string{"-api-key", "a", "-api-key", "b"}, map[string]string{envAPIKey: "from-env"},
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
		"page size zero":       {"-page-size", "0"},
		"page size above 100":  {"-page-size", "101"},
		"unknown flag":         {"-verbose"},
		"positional argument":  {"serve"},
		"empty api key":        {"-api-key", ""},
		"address not parsable": {"-addr", "not an address"},
	}
	for name, args := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var out strings.Builder
			err := run(t.Context(), append([]string{"-addr", "127.0.0.1:0"}, args...), &out, func(string) string { return "" })
			if err == nil {
				t.Fatal("run succeeded, want an error")
			}
			if out.Len() != 0 {
				t.Errorf("printed %q before failing", out.String())
			}
		})
	}
}
