package main

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
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

// TestFloorValues reads the values of a new authority from a real mock
// server, and leaves none behind.
func TestFloorValues(t *testing.T) {
	const key = "scalebench-test-key"
	srv := httptest.NewServer(specvalidate.Handler(t, mockserver.New(mockserver.WithAPIKeys(key))))
	t.Cleanup(srv.Close)
	m := &mock{baseURL: srv.URL, apiKey: key}
	ctx := context.Background()
	raw, err := m.floorValues(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var values map[string]string
	if err := json.Unmarshal([]byte(raw), &values); err != nil {
		t.Fatalf("%s: %v", raw, err)
	}
	if id := values["id"]; !strings.HasPrefix(id, "sshca_") || values["uri"] != srv.URL+"/ssh_certificate_authorities/"+id ||
		!strings.HasPrefix(values["public_key"], "ssh-ed25519 ") || values["key_type"] != "ed25519" || values["created_at"] == "" {
		t.Errorf("values %v: want an ed25519 authority's id, uri, created_at, public_key and key_type", values)
	}
	resp, err := m.request(ctx, http.MethodGet, "/ssh_certificate_authorities", "")
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = resp.Body.Close() }()
	var list struct {
		Authorities []json.RawMessage `json:"ssh_certificate_authorities"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&list); err != nil || len(list.Authorities) != 0 {
		t.Errorf("authorities left: %d, %v; want none", len(list.Authorities), err)
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
