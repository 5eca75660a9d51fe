package provider

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sync"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

// crashingMock stands for ngrok-mock -state being killed with SIGKILL: after
// the n-th change it has committed (and saved), it drops the answer, is down
// for the next few requests, and comes back as a new server that knows only
// what the state file holds.
type crashingMock struct {
	t         *testing.T
	stateFile string
	crashAt   int // the change (POST, PATCH, PUT, DELETE) after which it dies
	downFor   int // requests refused while it is down

	mu       sync.Mutex
	server   *mockserver.Server
	changes  int
	down     int
	restarts int
}

func newCrashingMock(t *testing.T, crashAt, downFor int) *crashingMock {
	m := &crashingMock{t: t, stateFile: filepath.Join(t.TempDir(), "state.json"), crashAt: crashAt, downFor: downFor}
	m.server = m.start()
	t.Cleanup(func() {
		m.mu.Lock()
		defer m.mu.Unlock()
		_ = m.server.Close()
	})
	return m
}

func (m *crashingMock) start() *mockserver.Server {
	s := mockserver.New(mockserver.WithAPIKeys(testAPIKey), mockserver.WithStateFile(m.stateFile),
		mockserver.WithCertificateIssueDelay(0))
	if err := s.LoadStateFile(); err != nil {
		m.t.Errorf("restart: %v", err)
	}
	return s
}

func (m *crashingMock) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	m.mu.Lock()
	if m.down > 0 {
		m.down--
		m.mu.Unlock()
		dropConnection(w)
		return
	}
	server, generation := m.server, m.restarts
	crash := false
	if r.Method != http.MethodGet {
		m.changes++
		crash = m.changes == m.crashAt
	}
	m.mu.Unlock()

	rec := httptest.NewRecorder()
	server.ServeHTTP(rec, r)
	m.mu.Lock()
	if crash {
		// NOTE: closing adds nothing to the state file (every change was
		// committed before it was answered); it releases the file's lock
		// for the new server, as the death of the process would.
		_ = m.server.Close()
		m.server = m.start() // the old server's memory is gone with it
		m.down = m.downFor
		m.restarts++
	}
	// NOTE: requests that were in flight when the server died get no
	// answer either, whatever they committed.
	died := m.restarts != generation
	m.mu.Unlock()
	if died {
		dropConnection(w)
		return
	}
	for k, v := range rec.Header() {
		w.Header()[k] = v
	}
	w.WriteHeader(rec.Code)
	_, _ = w.Write(rec.Body.Bytes())
}

func dropConnection(w http.ResponseWriter) {
	conn, _, err := http.NewResponseController(w).Hijack()
	if err != nil {
		panic(http.ErrAbortHandler)
	}
	_ = conn.Close()
}

func TestAccProvider_mockKilledMidApplyConverges(t *testing.T) {
	t.Parallel()
	const authorities = 4
	// The third create dies with the server, which stays down for two more
	// requests; the provider's retries carry the apply across the restart.
	crashing := newCrashingMock(t, 3, 2)
	srv := httptest.NewServer(crashing)
	t.Cleanup(srv.Close)
	client, err := apiclient.New(apiclient.WithBaseURL(srv.URL), apiclient.WithAPIKey(testAPIKey), apiclient.WithRefreshFromLists(false))
	if err != nil {
		t.Fatal(err)
	}
	mock := &testMock{url: srv.URL, client: client}
	config := mock.config(fmt.Sprintf(`
resource "ngrok_ssh_certificate_authority" "test" {
  count       = %d
  description = "authority ${count.index}"
}

resource "ngrok_reserved_domain" "test" {
  domain = "restart-demo.ngrok.app"
}
`, authorities))
	countAuthorities := func(*terraform.State) error {
		var n int
		for _, err := range client.ListSSHCertificateAuthorities(context.Background(), &apiclient.ListOptions{}) {
			if err != nil {
				return err
			}
			n++
		}
		if n != authorities {
			return fmt.Errorf("the mock holds %d authorities after the restart, want %d (no duplicates, none lost)", n, authorities)
		}
		return nil
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config,
				Check:  countAuthorities,
			},
			{
				// A second apply after the restart has nothing left to do.
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				Check: countAuthorities,
			},
		},
	})
	crashing.mu.Lock()
	defer crashing.mu.Unlock()
	if crashing.restarts != 1 {
		t.Errorf("the mock restarted %d times, want 1: the crash was never reached", crashing.restarts)
	}
}
