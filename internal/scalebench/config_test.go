package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

func TestMixOfSharesOutEveryObject(t *testing.T) {
	for _, n := range []int{1, 4, 5, 9, 60, 299, 300, 1000} {
		m := mixOf(n)
		if m.total() != n {
			t.Errorf("mixOf(%d) makes %d objects: %+v", n, m.total(), m)
		}
		if m.authorities == 0 {
			t.Errorf("mixOf(%d) has no authority to sign its certificates", n)
		}
	}
}

func TestObjectsConfigNamesByPrefix(t *testing.T) {
	a, b := objectsConfig(mixOf(10), "scalebench-a"), objectsConfig(mixOf(10), "scalebench-b")
	for _, want := range []string{`"scalebench-a-${count.index}.ngrok.app"`, `"https://scalebench-a-${count.index}.internal"`} {
		if !strings.Contains(a, want) {
			t.Errorf("configuration lacks %s:\n%s", want, a)
		}
	}
	if strings.Contains(b, "scalebench-a-") {
		t.Errorf("prefix b's configuration uses prefix a's names:\n%s", b)
	}
	if only := objectsConfig(mix{authorities: 3}, "x"); strings.Contains(only, "ngrok_reserved_domain") || strings.Contains(only, "locals") {
		t.Errorf("a configuration of authorities only has other objects:\n%s", only)
	}
}

// TestJournalCountsRequestsAnd429s reads the journal of a real mock server:
// the control API's own requests are left out, 429s are counted.
func TestJournalCountsRequestsAnd429s(t *testing.T) {
	const key = "scalebench-test-key"
	srv := httptest.NewServer(mockserver.New(mockserver.WithAPIKeys(key), mockserver.WithRateLimit(2)))
	t.Cleanup(srv.Close)
	m := &mock{baseURL: srv.URL, apiKey: key}
	ctx := context.Background()
	if err := m.clearJournal(ctx); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+"/ssh_certificate_authorities", nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Authorization", "Bearer "+key)
		req.Header.Set("Ngrok-Version", "2")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		_ = resp.Body.Close()
	}
	tr, err := m.journal(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if tr.requests != 3 || tr.tooMany() != 1 || tr.byStatus[http.StatusOK] != 2 || tr.truncated {
		t.Errorf("journal: %d requests, statuses %s, truncated %v; want 3 requests, 200 ×2, 429 ×1", tr.requests, tr.statuses(), tr.truncated)
	}
	if err := m.clearJournal(ctx); err != nil {
		t.Fatal(err)
	}
	if tr, err = m.journal(ctx); err != nil || tr.requests != 0 {
		t.Errorf("journal after clearing: %d requests (%s), %v; want none", tr.requests, tr.routes(), err)
	}
}

func TestMedianTakesWallAndCPUApart(t *testing.T) {
	runs := []phase{
		{name: "a", tfRun: tfRun{wall: 3 * time.Second, cpu: 1 * time.Second}},
		{name: "b", tfRun: tfRun{wall: 1 * time.Second, cpu: 3 * time.Second}},
		{name: "c", tfRun: tfRun{wall: 2 * time.Second, cpu: 2 * time.Second}},
		{name: "d", tfRun: tfRun{wall: 9 * time.Second, cpu: 9 * time.Second}},
	}
	m := median(runs)
	if m.name != "c" || m.wall != 2*time.Second || m.cpu != 2*time.Second {
		t.Errorf("median = %s, wall %v, cpu %v; want c, 2s, 2s", m.name, m.wall, m.cpu)
	}
	if runs[0].name != "a" {
		t.Error("median reordered its argument")
	}
}

func TestIsControl(t *testing.T) {
	for route, want := range map[string]bool{
		"DELETE /_mock/journal":            true,
		"/_mock/journal":                   true,
		"GET /ssh_certificate_authorities": false,
		"GET /endpoints/{id}":              false,
		"GET /endpoints/ep_123":            false,
	} {
		if got := isControl(route); got != want {
			t.Errorf("isControl(%q) = %v, want %v", route, got, want)
		}
	}
}
