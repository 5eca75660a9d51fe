package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

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
