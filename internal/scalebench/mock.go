package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// mock is an ngrok-mock process of the benchmark.
type mock struct {
	cmd     *exec.Cmd
	baseURL string
	apiKey  string
	done    chan error
	log     io.Closer
}

// startMock starts bin/ngrok-mock on a free port with the given rate limit
// (0: none) and waits for its "listening on" line.
func startMock(ctx context.Context, bin string, rateLimit int, apiKey string, stderr io.WriteCloser) (*mock, error) {
	cmd := exec.CommandContext(context.WithoutCancel(ctx), bin, "-addr", "127.0.0.1:0", "-api-key", apiKey,
		"-rate-limit", fmt.Sprint(rateLimit), "-log-level", "off")
	cmd.Stderr = stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		_ = stderr.Close()
		return nil, fmt.Errorf("starting %s: %w", bin, err)
	}
	m := &mock{cmd: cmd, apiKey: apiKey, done: make(chan error, 1), log: stderr}
	lines := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		if sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
		_, _ = io.Copy(io.Discard, out)
	}()
	go func() { m.done <- cmd.Wait() }()
	select {
	case line, ok := <-lines:
		const prefix = "ngrok-mock listening on "
		if !ok || !strings.HasPrefix(line, prefix) {
			m.stop()
			return nil, fmt.Errorf("ngrok-mock did not start (first line %q)", line)
		}
		m.baseURL = strings.TrimPrefix(line, prefix)
		return m, nil
	case <-time.After(30 * time.Second):
		m.stop()
		return nil, errors.New("ngrok-mock did not start within 30 s")
	case <-ctx.Done():
		m.stop()
		return nil, ctx.Err()
	}
}

// stop ends the mock with SIGTERM (it shuts down cleanly), then kills it.
func (m *mock) stop() {
	_ = m.cmd.Process.Signal(syscall.SIGTERM)
	var exit error
	select {
	case exit = <-m.done:
	case <-time.After(10 * time.Second):
		_ = m.cmd.Process.Kill()
		exit = <-m.done
	}
	_ = exit // NOTE: the exit status of a mock stopped by a signal tells nothing
	_ = m.log.Close()
}

// cpu is the CPU time the mock process has used so far (Linux only; zero
// elsewhere).
func (m *mock) cpu() time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", m.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	// NOTE: the fields after the command name, which is in parentheses
	// and may hold spaces; utime and stime are the 14th and 15th fields,
	// in clock ticks (100 a second on Linux).
	_, rest, ok := strings.Cut(string(b), ") ")
	f := strings.Fields(rest)
	if !ok || len(f) < 13 {
		return 0
	}
	utime, err1 := strconv.ParseInt(f[11], 10, 64)
	stime, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0
	}
	return time.Duration(utime+stime) * 10 * time.Millisecond
}

// traffic is what the mock's journal holds about one phase.
type traffic struct {
	requests  int            // API requests, the control API's own left out
	byStatus  map[int]int    // from the journal's entries
	byRoute   map[string]int // from the journal's counts
	truncated bool           // more requests than the journal keeps entries of
}

func (t traffic) tooMany() int { return t.byStatus[http.StatusTooManyRequests] }

func (m *mock) control(ctx context.Context, method, path string) (*http.Response, error) {
	return m.request(ctx, method, path, "")
}

// request sends a request to the mock, with a JSON body unless body is
// empty; it fails on any status but a success.
func (m *mock) request(ctx context.Context, method, path, body string) (*http.Response, error) {
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, m.baseURL+path, rd)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+m.apiKey)
	req.Header.Set("Ngrok-Version", "2")
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode >= 300 {
		body, _ := io.ReadAll(resp.Body)
		_ = resp.Body.Close()
		return nil, fmt.Errorf("%s %s: HTTP %d %s", method, path, resp.StatusCode, body)
	}
	return resp, nil
}

// floorValues are the string fields of an ed25519 SSH certificate authority
// as the mock answers them, as a JSON object: the values the floor writes
// where ours writes what the API answered (see envFloorValues). The
// authority is deleted again, and the journal cleared by the next phase.
func (m *mock) floorValues(ctx context.Context) (string, error) {
	resp, err := m.request(ctx, http.MethodPost, "/ssh_certificate_authorities", `{"private_key_type":"ed25519"}`)
	if err != nil {
		return "", err
	}
	var obj map[string]any
	err = json.NewDecoder(resp.Body).Decode(&obj)
	_ = resp.Body.Close()
	if err != nil {
		return "", fmt.Errorf("reading a new SSH certificate authority: %w", err)
	}
	values := map[string]string{}
	for k, v := range obj {
		if s, ok := v.(string); ok && s != "" {
			values[k] = s
		}
	}
	if values["id"] == "" {
		return "", fmt.Errorf("a new SSH certificate authority without an id: %v", obj)
	}
	if resp, err = m.request(ctx, http.MethodDelete, "/ssh_certificate_authorities/"+values["id"], ""); err != nil {
		return "", err
	}
	_ = resp.Body.Close()
	out, err := json.Marshal(values)
	return string(out), err
}

// clearJournal forgets the requests so far, so that the next phase counts
// only its own.
func (m *mock) clearJournal(ctx context.Context) error {
	resp, err := m.control(ctx, http.MethodDelete, "/_mock/journal")
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

type journalEntry struct {
	Path   string `json:"path"`
	Status int    `json:"status"`
}

// journal reads the requests since the last clearJournal.
func (m *mock) journal(ctx context.Context) (traffic, error) {
	resp, err := m.control(ctx, http.MethodGet, "/_mock/journal")
	if err != nil {
		return traffic{}, err
	}
	defer func() { _ = resp.Body.Close() }()
	var body struct {
		Requests []journalEntry `json:"requests"`
		Counts   map[string]int `json:"counts"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
		return traffic{}, fmt.Errorf("reading the journal: %w", err)
	}
	t := traffic{byStatus: map[int]int{}, byRoute: map[string]int{}}
	entries := 0
	for _, e := range body.Requests {
		if isControl(e.Path) {
			continue
		}
		entries++
		t.byStatus[e.Status]++
	}
	for route, n := range body.Counts {
		if isControl(route) {
			continue
		}
		t.byRoute[route] += n
		t.requests += n
	}
	t.truncated = entries < t.requests
	return t, nil
}

// isControl tells the control API's own requests (the journal's clear
// request, recorded after it cleared) from the provider's.
func isControl(pathOrRoute string) bool {
	_, p, _ := strings.Cut(pathOrRoute, " ")
	if p == "" {
		p = pathOrRoute
	}
	return strings.HasPrefix(p, "/_mock/")
}

// routes is the per-route breakdown, busiest first.
func (t traffic) routes() string {
	type rc struct {
		route string
		n     int
	}
	var all []rc
	for r, n := range t.byRoute {
		all = append(all, rc{r, n})
	}
	sort.Slice(all, func(i, j int) bool {
		if all[i].n != all[j].n {
			return all[i].n > all[j].n
		}
		return all[i].route < all[j].route
	})
	parts := make([]string, len(all))
	for i, x := range all {
		parts[i] = fmt.Sprintf("%s ×%d", x.route, x.n)
	}
	return strings.Join(parts, ", ")
}

// statuses is the per-status breakdown, in status order.
func (t traffic) statuses() string {
	codes := make([]int, 0, len(t.byStatus))
	for c := range t.byStatus {
		codes = append(codes, c)
	}
	sort.Ints(codes)
	parts := make([]string, len(codes))
	for i, c := range codes {
		parts[i] = fmt.Sprintf("%d ×%d", c, t.byStatus[c])
	}
	return strings.Join(parts, ", ")
}

// ensureExecutable fails early, with the make target to run, when a binary
// the benchmark needs is missing.
func ensureExecutable(path, hint string) error {
	st, err := os.Stat(path)
	if err != nil {
		return fmt.Errorf("%s not found (%s)", path, hint)
	}
	if st.IsDir() || st.Mode()&0o111 == 0 {
		return fmt.Errorf("%s is not an executable (%s)", path, hint)
	}
	return nil
}
