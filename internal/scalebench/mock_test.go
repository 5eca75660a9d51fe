package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
	"github.com/tfedge/terraform-provider-ngrok/internal/specvalidate"
)

// TestJournalCountsRequestsAnd429s reads the journal of a real mock server:
// the control API's own requests are left out, 429s are counted.
func TestJournalCountsRequestsAnd429s(t *testing.T) {
	const key = "scalebench-test-key"
	srv := httptest.NewServer(specvalidate.Handler(t, mockserver.New(mockserver.WithAPIKeys(key), mockserver.WithRateLimit(2))))
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
