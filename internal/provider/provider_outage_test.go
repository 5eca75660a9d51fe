package provider

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

// outageMock serves the mock until it has answered downAfter creates; the
// next request finds it gone: its listener closed, so that connections are
// refused, for outage; then it listens again on the same address, with the
// same objects.
type outageMock struct {
	t         *testing.T
	mock      *mockserver.Server
	addr      string
	downAfter int
	outage    time.Duration

	mu      sync.Mutex
	srv     *http.Server
	creates int
	downAt  time.Time
	upAt    time.Time
}

func newOutageMock(t *testing.T, downAfter int, outage time.Duration) *outageMock {
	m := &outageMock{t: t, mock: mockserver.New(mockserver.WithAPIKeys(testAPIKey)), downAfter: downAfter, outage: outage}
	ln, err := new(net.ListenConfig).Listen(t.Context(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	m.addr = ln.Addr().String()
	m.serve(ln)
	t.Cleanup(func() {
		m.mu.Lock()
		defer m.mu.Unlock()
		_ = m.srv.Close()
	})
	return m
}

func (m *outageMock) serve(ln net.Listener) {
	m.srv = &http.Server{Handler: m, ReadHeaderTimeout: 10 * time.Second}
	go func(srv *http.Server) {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			m.t.Errorf("mock server: %v", err)
		}
	}(m.srv)
}

func (m *outageMock) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	m.mu.Lock()
	if m.creates >= m.downAfter && m.downAt.IsZero() {
		m.downAt = time.Now()
		srv := m.srv
		m.mu.Unlock()
		dropConnection(w)
		// NOTE: Close, not Shutdown: every open connection dies with the
		// listener, as when the API's process stops.
		go func() {
			_ = srv.Close()
			time.AfterFunc(m.outage, m.restart)
		}()
		return
	}
	if r.Method == http.MethodPost {
		m.creates++
	}
	m.mu.Unlock()
	m.mock.ServeHTTP(w, r)
}

func (m *outageMock) restart() {
	ln, err := new(net.ListenConfig).Listen(context.Background(), "tcp", m.addr)
	if err != nil {
		m.t.Errorf("the mock could not listen again on %s: %v", m.addr, err)
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.upAt = time.Now()
	m.serve(ln)
}

// The API goes away for 30 seconds in the middle of an apply (connections
// refused), and the apply, with the provider's default settings, rides it
// out: every object is created once.
func TestAccProvider_thirtySecondOutageRiddenOut(t *testing.T) {
	t.Parallel()
	const authorities = 4
	m := newOutageMock(t, 2, 30*time.Second)
	url := "http://" + m.addr
	client, err := apiclient.New(apiclient.WithBaseURL(url), apiclient.WithAPIKey(testAPIKey))
	if err != nil {
		t.Fatal(err)
	}
	// NOTE: default settings: no max_retries, retry_timeout or
	// requests_per_minute.
	config := fmt.Sprintf(`provider "ngrok" {
  api_key      = %q
  api_base_url = %q
}

resource "ngrok_ssh_certificate_authority" "test" {
  count       = %d
  description = "authority ${count.index}"
}
`, testAPIKey, url, authorities)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: config,
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
			},
			Check: func(*terraform.State) error {
				var n int
				for _, err := range client.ListSSHCertificateAuthorities(context.Background(), nil) {
					if err != nil {
						return err
					}
					n++
				}
				if n != authorities {
					return fmt.Errorf("the mock holds %d authorities, want %d", n, authorities)
				}
				return nil
			},
		}},
	})
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.downAt.IsZero() || m.upAt.Sub(m.downAt) < m.outage || m.creates != authorities {
		t.Errorf("down at %v, up at %v, %d creates: the outage did not happen in the middle of the apply", m.downAt, m.upAt, m.creates)
	}
}
