package mockserver

import (
	"net/http"
	"strings"
	"testing"
)

// A seed file's backends are read as created ones are, failover and weighted
// ones naming backends seeded before them; a seed naming an unknown backend
// seeds nothing.
func TestSeedBackends(t *testing.T) {
	t.Parallel()
	s := New()
	f, err := ParseSeedFile([]byte(`
tunnel_group_backends:
  - id: bkdtg_2hHHCX2lOd6jOb4c1aUAuQqGRqZ
    labels: {app: web}
http_response_backends:
  - id: bkdhr_2hHHCX2lOd6jOb4c1aUAuQqGRqZ
    status_code: 503
    headers: {Retry-After: "60"}
static_backends:
  - id: bkdsc_2hHHCX2lOd6jOb4c1aUAuQqGRqZ
    address: example.com:443
    tls_enabled: true
failover_backends:
  - id: bkdfo_2hHHCX2lOd6jOb4c1aUAuQqGRqZ
    backends: [bkdtg_2hHHCX2lOd6jOb4c1aUAuQqGRqZ, bkdhr_2hHHCX2lOd6jOb4c1aUAuQqGRqZ]
weighted_backends:
  - backends: {bkdfo_2hHHCX2lOd6jOb4c1aUAuQqGRqZ: 1, bkdsc_2hHHCX2lOd6jOb4c1aUAuQqGRqZ: 2}
`))
	if err != nil {
		t.Fatal(err)
	}
	counts, err := s.Seed(f)
	if err != nil || counts["weighted_backends"] != 1 || counts["failover_backends"] != 1 {
		t.Fatalf("Seed = %v, %v", counts, err)
	}
	if got := jsonOf(t, backendAnswer(t, s, collHTTPResponseBackends, "bkdhr_2hHHCX2lOd6jOb4c1aUAuQqGRqZ")); !strings.Contains(got, `"retry-after":"60"`) {
		t.Errorf("seeded HTTP response backend %s", got)
	}
	if got := jsonOf(t, backendAnswer(t, s, collStaticBackends, "bkdsc_2hHHCX2lOd6jOb4c1aUAuQqGRqZ")); !strings.Contains(got, `"enabled":true`) {
		t.Errorf("seeded static backend %s", got)
	}
	// Seeded while edges refuse writes, they cannot be deleted through the API.
	wantError(t, do(t, s, http.MethodDelete, "/"+collStaticBackends+"/bkdsc_2hHHCX2lOd6jOb4c1aUAuQqGRqZ", ""), http.StatusBadRequest, "ERR_NGROK_7008")

	bad, err := ParseSeedFile([]byte(`
static_backends:
  - address: example.net:443
failover_backends:
  - backends: [bkdhr_2RfSBcv0nsy71XCHWOegjx1OoKh]
`))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Seed(bad); err == nil || !strings.Contains(err.Error(), "bkdhr_2RfSBcv0nsy71XCHWOegjx1OoKh") {
		t.Errorf("Seed of an unknown child = %v", err)
	}
	if n := s.backends.static.len(); n != 1 {
		t.Errorf("a failed seed left %d static backends, want 1", n)
	}
}
