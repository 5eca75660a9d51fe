package apiclient

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

// BenchmarkListAuthorities measures following pages through the whole
// client stack against an in-process mock over real HTTP.
func BenchmarkListAuthorities(b *testing.B) {
	srv := httptest.NewServer(mockserver.New())
	b.Cleanup(srv.Close)
	c, err := New(WithBaseURL(srv.URL), WithAPIKey(mockserver.DefaultAPIKey))
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	for range 500 {
		if _, err := c.CreateSSHCertificateAuthority(ctx, &SSHCertificateAuthorityCreate{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		n := 0
		for _, err := range c.ListSSHCertificateAuthorities(ctx, &ListOptions{Limit: 100}) {
			if err != nil {
				b.Fatal(err)
			}
			n++
		}
		if n != 500 {
			b.Fatalf("listed %d, want 500", n)
		}
	}
}

func BenchmarkGetAuthority(b *testing.B) {
	srv := httptest.NewServer(mockserver.New())
	b.Cleanup(srv.Close)
	c, err := New(WithBaseURL(srv.URL), WithAPIKey(mockserver.DefaultAPIKey))
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	ca, err := c.CreateSSHCertificateAuthority(ctx, &SSHCertificateAuthorityCreate{})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.GetSSHCertificateAuthority(ctx, ca.ID); err != nil {
			b.Fatal(err)
		}
	}
}

// refreshBench is a mock server holding SSH certificate authorities, some of
// which a configuration reads, with an optional delay before each answer
// (the round trip to a real API).
type refreshBench struct {
	url      string
	ids      []string // the configuration's objects
	requests atomic.Int64
	pages    atomic.Int64 // of the requests, list pages
}

// newRefreshBench creates n authorities to read, then others more, so that
// the configuration's objects sit at the end of the newest-first list: the
// worst place for a list.
func newRefreshBench(b *testing.B, n, others int, rtt time.Duration) *refreshBench {
	b.Helper()
	mock := mockserver.New()
	rb := &refreshBench{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rb.requests.Add(1)
		if r.Method == http.MethodGet && r.URL.Path == "/ssh_certificate_authorities" {
			rb.pages.Add(1)
		}
		if rtt > 0 {
			time.Sleep(rtt)
		}
		mock.ServeHTTP(w, r)
	}))
	b.Cleanup(srv.Close)
	rb.url = srv.URL
	setup, err := New(WithBaseURL(srv.URL), WithAPIKey(mockserver.DefaultAPIKey), WithRefreshFromLists(false))
	if err != nil {
		b.Fatal(err)
	}
	created := make([]string, n+others)
	var wg sync.WaitGroup
	errs := make(chan error, 1)
	sem := make(chan struct{}, 16)
	for i := range created {
		// NOTE: ours first, in order, so that they are the oldest.
		if i == n {
			wg.Wait()
		}
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			ca, err := setup.CreateSSHCertificateAuthority(context.Background(), &SSHCertificateAuthorityCreate{Description: "bench"})
			if err != nil {
				select {
				case errs <- err:
				default:
				}
				return
			}
			created[i] = ca.ID
		}()
	}
	wg.Wait()
	select {
	case err := <-errs:
		b.Fatal(err)
	default:
	}
	rb.ids = created[:n]
	return rb
}

// refresh reads every object of the configuration once, in a shuffled order,
// ten at a time (Terraform's default parallelism), through a new client as
// a new provider process would.
func (rb *refreshBench) refresh(b *testing.B, opts ...Option) {
	// NOTE: a transport of its own, as a new process has, closed at the end:
	// thousands of iterations would otherwise keep thousands of idle
	// connections open and run out of file descriptors.
	hc := defaultHTTPClient()
	defer hc.CloseIdleConnections()
	c, err := New(append([]Option{WithBaseURL(rb.url), WithAPIKey(mockserver.DefaultAPIKey), WithHTTPClient(hc)}, opts...)...)
	if err != nil {
		b.Fatal(err)
	}
	ids := append([]string(nil), rb.ids...)
	rand.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
	work := make(chan string)
	var wg sync.WaitGroup
	var failed atomic.Value
	for range 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for id := range work {
				ca, err := c.GetSSHCertificateAuthority(context.Background(), id)
				if err != nil || ca.ID != id {
					failed.Store(fmt.Errorf("get %s: %v, %w", id, ca, err))
				}
			}
		}()
	}
	for _, id := range ids {
		work <- id
	}
	close(work)
	wg.Wait()
	if err, ok := failed.Load().(error); ok {
		b.Fatal(err)
	}
}

// BenchmarkRefreshFromLists measures a refresh of N authorities by GET and
// through lists with several triggers: wall time (ns/op) and requests/op.
// "others" puts N authorities among 2,000 more that the configuration does
// not manage, as in an account shared by many configurations.
//
//	go test ./internal/apiclient/ -run '^$' -bench RefreshFromLists -benchtime 3x
func BenchmarkRefreshFromLists(b *testing.B) {
	def := defaultSnapshotTuning()
	variants := []struct {
		name string
		opts []Option
	}{
		{"get", []Option{WithRefreshFromLists(false)}},
		{"default", nil},
		{"count0", []Option{withSnapshotTuning(snapshotTuning{threshold: 0, ttl: def.ttl, slack: def.slack})}},
		{"count3", []Option{withSnapshotTuning(snapshotTuning{threshold: 3, ttl: def.ttl, slack: def.slack})}},
		{"slack2", []Option{withSnapshotTuning(snapshotTuning{threshold: def.threshold, ttl: def.ttl, slack: 2})}},
	}
	type scenario struct {
		n, others int
		rtt       time.Duration
	}
	var scenarios []scenario
	for _, rtt := range []time.Duration{0, 30 * time.Millisecond} {
		for _, n := range []int{1, 5, 20, 100, 1000} {
			scenarios = append(scenarios, scenario{n, 0, rtt})
		}
		for _, n := range []int{1, 5, 20} {
			scenarios = append(scenarios, scenario{n, 2000, rtt})
		}
	}
	for _, sc := range scenarios {
		name := fmt.Sprintf("rtt=%s/n=%d", sc.rtt, sc.n)
		if sc.others > 0 {
			name += fmt.Sprintf("+others=%d", sc.others)
		}
		b.Run(name, func(b *testing.B) {
			rb := newRefreshBench(b, sc.n, sc.others, sc.rtt)
			for _, v := range variants {
				b.Run(v.name, func(b *testing.B) {
					rb.requests.Store(0)
					rb.pages.Store(0)
					for b.Loop() {
						rb.refresh(b, v.opts...)
					}
					b.ReportMetric(float64(rb.requests.Load())/float64(b.N), "requests/op")
					b.ReportMetric(float64(rb.pages.Load())/float64(b.N), "pages/op")
				})
			}
		})
	}
}
