package apiclient

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
	"github.com/tfedge/terraform-provider-ngrok/internal/specvalidate"
)

const (
	routeGetCA   = "GET /ssh_certificate_authorities/{id}"
	routeListCAs = "GET /ssh_certificate_authorities"
)

// snapMock is a mock server, a client that arranges objects on it behind
// the back of the client under test (as a previous run or a colleague
// would), and an optional hook run before each list request of authorities.
type snapMock struct {
	server *mockserver.Server
	url    string
	setup  *Client

	mu     sync.Mutex
	onList func()
}

func newSnapMock(t *testing.T, opts ...mockserver.Option) *snapMock {
	t.Helper()
	m := &snapMock{server: mockserver.New(append([]mockserver.Option{mockserver.WithAPIKeys(mockKey)}, opts...)...)}
	validated := specvalidate.Handler(t, m.server)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet && r.URL.Path == "/ssh_certificate_authorities" {
			m.mu.Lock()
			hook := m.onList
			m.mu.Unlock()
			if hook != nil {
				hook()
			}
		}
		validated.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	m.url = srv.URL
	m.setup = m.client(t, WithRefreshFromLists(false))
	return m
}

func (m *snapMock) setOnList(f func()) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.onList = f
}

// client is the client under test: one provider process.
func (m *snapMock) client(t *testing.T, opts ...Option) *Client {
	t.Helper()
	c, err := New(append([]Option{WithBaseURL(m.url), WithAPIKey(mockKey), WithRetryPolicy(RetryPolicy{})}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// authorities creates n authorities out of band, oldest first.
func (m *snapMock) authorities(t *testing.T, n int) []*SSHCertificateAuthority {
	t.Helper()
	out := make([]*SSHCertificateAuthority, n)
	for i := range out {
		ca, err := m.setup.CreateSSHCertificateAuthority(context.Background(), &SSHCertificateAuthorityCreate{Description: fmt.Sprint("ca ", i)})
		if err != nil {
			t.Fatal(err)
		}
		out[i] = ca
	}
	m.server.ClearJournal()
	return out
}

// requests counts the requests served per route since the journal was cleared.
func (m *snapMock) requests() map[string]int {
	_, counts := m.server.Journal()
	return counts
}

// gets is the number of GETs of each authority since the journal was cleared.
func (m *snapMock) gets() map[string]int {
	entries, _ := m.server.Journal()
	out := map[string]int{}
	for _, e := range entries {
		if e.Route == routeGetCA {
			out[e.Path[len("/ssh_certificate_authorities/"):]]++
		}
	}
	return out
}

func mustGetCA(t *testing.T, c *Client, id string) *SSHCertificateAuthority {
	t.Helper()
	ca, err := c.GetSSHCertificateAuthority(context.Background(), id)
	if err != nil {
		t.Fatalf("get %s: %v", id, err)
	}
	if ca.ID != id {
		t.Fatalf("get %s answered %s", id, ca.ID)
	}
	return ca
}

func TestSnapshotHit(t *testing.T) {
	t.Parallel()
	m := newSnapMock(t)
	cas := m.authorities(t, 3)
	c := m.client(t)

	// The first authority is one GET: a plan of one object costs what it did.
	mustGetCA(t, c, cas[0].ID)
	if got := m.requests(); got[routeGetCA] != 1 || got[routeListCAs] != 0 {
		t.Fatalf("after one get: %v", got)
	}
	// The second reads the list, which then answers the third.
	for _, ca := range cas[1:] {
		if got := mustGetCA(t, c, ca.ID); *got != *ca {
			t.Errorf("from the list: %+v\nwant %+v", got, ca)
		}
	}
	got := m.requests()
	if got[routeGetCA] != 1 || got[routeListCAs] != 1 || len(got) != 2 {
		t.Errorf("requests = %v, want one GET and one list", got)
	}
	if gets := m.gets(); gets[cas[1].ID] != 0 || gets[cas[2].ID] != 0 {
		t.Errorf("GETs of listed authorities: %v", gets)
	}

	// A second read of an object wants its current state: it is a GET.
	mustGetCA(t, c, cas[2].ID)
	if gets := m.gets(); gets[cas[2].ID] != 1 {
		t.Errorf("repeated read: GETs %v, want one of %s", gets, cas[2].ID)
	}
}

// TestSnapshotSameObjectAsGet reads objects of the five types, with every
// field set that the provider reads, once by GET and once from the list:
// the answers must be equal, or the type must not use lists.
func TestSnapshotSameObjectAsGet(t *testing.T) {
	t.Parallel()
	clock := &rdTestClock{now: time.Date(2025, 9, 4, 10, 11, 14, 0, time.UTC)}
	m := newSnapMock(t, mockserver.WithClock(clock.Now), mockserver.WithCertificateIssueDelay(time.Minute))
	ctx := context.Background()
	s := m.setup

	ecID, err := m.server.SeedEndpointConfiguration(mockserver.EndpointConfigurationSeed{Type: "https"})
	if err != nil {
		t.Fatal(err)
	}
	issued, err := s.CreateReservedDomain(ctx, &ReservedDomainCreate{Domain: "issued.example.com", Description: "d", Metadata: "m",
		CertificateManagementPolicy: &ReservedDomainCertPolicy{Authority: "letsencrypt", PrivateKeyType: "rsa"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.UpdateReservedDomain(ctx, issued.ID, &ReservedDomainUpdate{HTTPSEndpointConfigurationID: &ecID}); err != nil {
		t.Fatal(err)
	}
	clock.Advance(2 * time.Minute) // issued; the next two stay in progress or failing
	domainIDs := []string{issued.ID}
	for _, name := range []string{"*.pending.example.com", "broken.example.invalid", "plain.ngrok.app"} {
		in := &ReservedDomainCreate{Domain: name}
		if name != "plain.ngrok.app" {
			in.CertificateManagementPolicy = &ReservedDomainCertPolicy{}
		}
		d, err := s.CreateReservedDomain(ctx, in)
		if err != nil {
			t.Fatal(err)
		}
		domainIDs = append(domainIDs, d.ID)
	}
	clock.Advance(10 * time.Second)

	var endpointIDs []string
	for _, in := range []EndpointCreate{
		{URL: "https://issued.example.com", TrafficPolicy: yamlPolicy, Description: "e", Metadata: "m", PoolingEnabled: true},
		{URL: "tcp://api.internal:9000", TrafficPolicy: `{"on_tcp_connect":[]}`, Bindings: []string{"internal"}},
	} {
		ep, err := s.CreateEndpoint(ctx, &in)
		if err != nil {
			t.Fatal(err)
		}
		endpointIDs = append(endpointIDs, ep.ID)
	}
	agent, err := m.server.SeedAgentEndpoint(mockserver.AgentEndpointSeed{URL: "https://agent.example.com"})
	if err != nil {
		t.Fatal(err)
	}
	endpointIDs = append(endpointIDs, agent)

	var caIDs []string
	for _, in := range []SSHCertificateAuthorityCreate{
		{Description: "a", Metadata: "m", PrivateKeyType: "ecdsa", EllipticCurve: "p384"},
		{PrivateKeyType: "ed25519"},
	} {
		ca, err := s.CreateSSHCertificateAuthority(ctx, &in)
		if err != nil {
			t.Fatal(err)
		}
		caIDs = append(caIDs, ca.ID)
	}

	var hostIDs, userIDs []string
	for i := range 2 {
		h, err := s.CreateSSHHostCertificate(ctx, &SSHHostCertificateCreate{SSHCertificateAuthorityID: caIDs[i],
			PublicKey: testSubjectKey(t), Principals: []string{"a.example.com", "10.0.0.1"}, Description: "h", Metadata: "m"})
		if err != nil {
			t.Fatal(err)
		}
		hostIDs = append(hostIDs, h.ID)
		u, err := s.CreateSSHUserCertificate(ctx, &SSHUserCertificateCreate{
			SSHCertificateCreate: SSHCertificateCreate{SSHCertificateAuthorityID: caIDs[i], PublicKey: testSubjectKey(t),
				Principals: []string{"alice"}, ValidUntil: "2026-01-01T00:00:00Z", Description: "u"},
			CriticalOptions: map[string]string{"force-command": "ls"},
			Extensions:      map[string]string{"permit-pty": ""},
		})
		if err != nil {
			t.Fatal(err)
		}
		userIDs = append(userIDs, u.ID)
	}

	// NOTE: a threshold of 0 lists from the first Get, so that every object
	// below comes from a list.
	c := m.client(t, withSnapshotTuning(snapshotTuning{threshold: 0, ttl: time.Hour, slack: 3}))
	m.server.ClearJournal()
	compare(t, "reserved domain", domainIDs, c.GetReservedDomain, s.GetReservedDomain)
	compare(t, "endpoint", endpointIDs, c.GetEndpoint, s.GetEndpoint)
	compare(t, "SSH certificate authority", caIDs, c.GetSSHCertificateAuthority, s.GetSSHCertificateAuthority)
	compare(t, "SSH host certificate", hostIDs, c.GetSSHHostCertificate, s.GetSSHHostCertificate)
	compare(t, "SSH user certificate", userIDs, c.GetSSHUserCertificate, s.GetSSHUserCertificate)

	entries, _ := m.server.Journal()
	var listed []string
	for _, e := range entries {
		if e.Route == http.MethodGet+" "+e.Path { // a collection, not an object
			listed = append(listed, e.Path)
		}
	}
	want := []string{"/reserved_domains", "/endpoints", "/ssh_certificate_authorities", "/ssh_host_certificates", "/ssh_user_certificates"}
	if !reflect.DeepEqual(listed, want) {
		t.Errorf("the client under test made these list requests: %v, want %v", listed, want)
	}
}

// compare reads ids through the snapshot (first, and recorded in the
// journal) and by GET, and wants the same objects.
func compare[T any](t *testing.T, what string, ids []string, fromList, byGet func(context.Context, string) (*T, error)) {
	t.Helper()
	for _, id := range ids {
		a, err := fromList(context.Background(), id)
		if err != nil {
			t.Fatalf("%s %s from the list: %v", what, id, err)
		}
		b, err := byGet(context.Background(), id)
		if err != nil {
			t.Fatalf("%s %s by GET: %v", what, id, err)
		}
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%s %s:\nfrom the list %+v\nby GET        %+v", what, id, a, b)
		}
	}
}

func TestSnapshotMissGoesToAPI(t *testing.T) {
	t.Parallel()
	m := newSnapMock(t)
	cas := m.authorities(t, 3)
	c := m.client(t)
	mustGetCA(t, c, cas[0].ID)
	mustGetCA(t, c, cas[1].ID) // reads the whole list: 3 authorities

	later := m.authorities(t, 1)[0]
	if got := mustGetCA(t, c, later.ID); *got != *later {
		t.Errorf("created after the list: %+v, want %+v", got, later)
	}
	if got := m.requests(); got[routeGetCA] != 1 || got[routeListCAs] != 0 {
		t.Errorf("requests = %v, want one GET of the object the list did not hold", got)
	}
}

func TestSnapshotNotFoundIsConfirmedByGet(t *testing.T) {
	t.Parallel()
	m := newSnapMock(t)
	cas := m.authorities(t, 3)
	if err := m.setup.DeleteSSHCertificateAuthority(context.Background(), cas[2].ID); err != nil {
		t.Fatal(err)
	}
	m.server.ClearJournal()
	c := m.client(t)
	mustGetCA(t, c, cas[0].ID)
	mustGetCA(t, c, cas[1].ID)

	_, err := c.GetSSHCertificateAuthority(context.Background(), cas[2].ID)
	if !IsNotFound(err) {
		t.Fatalf("deleted authority: err = %v, want not found", err)
	}
	entries, _ := m.server.Journal()
	last := entries[len(entries)-1]
	if last.Route != routeGetCA || last.Status != http.StatusNotFound || last.Path != "/ssh_certificate_authorities/"+cas[2].ID {
		t.Errorf("the 404 came from %+v, want a GET of the object", last)
	}
}

func TestSnapshotInvalidatedByWrites(t *testing.T) {
	t.Parallel()
	m := newSnapMock(t)
	cas := m.authorities(t, 5)
	c := m.client(t)
	ctx := context.Background()
	mustGetCA(t, c, cas[0].ID)
	mustGetCA(t, c, cas[1].ID) // the list now holds cas[2:] unread

	desc := "changed by this client"
	if _, err := c.UpdateSSHCertificateAuthority(ctx, cas[2].ID, &SSHCertificateAuthorityUpdate{Description: &desc}); err != nil {
		t.Fatal(err)
	}
	if got := mustGetCA(t, c, cas[2].ID); got.Description != desc {
		t.Errorf("after update: description %q, want %q", got.Description, desc)
	}
	if err := c.DeleteSSHCertificateAuthority(ctx, cas[3].ID); err != nil {
		t.Fatal(err)
	}
	if _, err := c.GetSSHCertificateAuthority(ctx, cas[3].ID); !IsNotFound(err) {
		t.Errorf("after delete: err = %v, want not found (the list still holds it)", err)
	}
	created, err := c.CreateSSHCertificateAuthority(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustGetCA(t, c, created.ID)

	gets := m.gets()
	for _, id := range []string{cas[2].ID, cas[3].ID, created.ID} {
		if gets[id] != 1 {
			t.Errorf("GETs of %s = %d, want 1 (written by this client)", id, gets[id])
		}
	}
	// An object nobody wrote is still answered from the list.
	mustGetCA(t, c, cas[4].ID)
	if got := m.gets()[cas[4].ID]; got != 0 {
		t.Errorf("GETs of an unwritten listed authority = %d, want 0", got)
	}
}

// TestSnapshotPageStartedBeforeWrite: a Get waits on a list page whose
// request started before this client updated the object; the page's copy of
// the object must not answer it.
func TestSnapshotPageStartedBeforeWrite(t *testing.T) {
	t.Parallel()
	m := newSnapMock(t)
	cas := m.authorities(t, 3)
	c := m.client(t)
	mustGetCA(t, c, cas[0].ID)

	arrived, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	m.setOnList(func() {
		once.Do(func() {
			close(arrived)
			<-release
		})
	})
	type result struct {
		ca  *SSHCertificateAuthority
		err error
	}
	done := make(chan result, 1)
	go func() {
		ca, err := c.GetSSHCertificateAuthority(context.Background(), cas[1].ID)
		done <- result{ca, err}
	}()
	<-arrived // the page request has started; its answer is held
	desc := "written while the page was read"
	// NOTE: the mock serves the PATCH at once while the list waits before
	// reading the store, so the page shows the new description; sending the
	// page's stale copy is what the rule forbids, which the GET count shows.
	if _, err := c.UpdateSSHCertificateAuthority(context.Background(), cas[1].ID, &SSHCertificateAuthorityUpdate{Description: &desc}); err != nil {
		t.Fatal(err)
	}
	close(release)
	r := <-done
	if r.err != nil || r.ca.Description != desc {
		t.Fatalf("get = %+v, %v; want description %q", r.ca, r.err, desc)
	}
	if gets := m.gets(); gets[cas[1].ID] != 1 {
		t.Errorf("GETs of the written authority = %d, want 1: a page that started before the write must not answer", gets[cas[1].ID])
	}
	// Objects the write did not touch come from the same page.
	mustGetCA(t, c, cas[2].ID)
	if got := m.requests(); got[routeListCAs] != 1 || m.gets()[cas[2].ID] != 0 {
		t.Errorf("requests = %v, gets = %v", got, m.gets())
	}
}

func TestSnapshotConcurrentGetsShareOneList(t *testing.T) {
	t.Parallel()
	m := newSnapMock(t)
	cas := m.authorities(t, 50)
	c := m.client(t)

	var wg sync.WaitGroup
	errs := make(chan error, 2*len(cas))
	for _, want := range cas {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Each object is read twice, as a refresh and a data source might.
			for range 2 {
				got, err := c.GetSSHCertificateAuthority(context.Background(), want.ID)
				if err != nil {
					errs <- err
					return
				}
				if *got != *want {
					errs <- fmt.Errorf("got %+v, want %+v", got, want)
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	got := m.requests()
	// One list; one GET for the first object (the threshold); one GET for
	// every second read.
	if got[routeListCAs] != 1 || got[routeGetCA] != 1+len(cas) {
		t.Errorf("requests = %v, want 1 list and %d GETs", got, 1+len(cas))
	}
}

func TestSnapshotExpires(t *testing.T) {
	t.Parallel()
	m := newSnapMock(t)
	cas := m.authorities(t, 4)
	c := m.client(t)
	clock := &rdTestClock{now: time.Date(2025, 9, 4, 10, 0, 0, 0, time.UTC)}
	c.now = clock.Now

	mustGetCA(t, c, cas[0].ID)
	mustGetCA(t, c, cas[1].ID)
	clock.Advance(defaultSnapshotTuning().ttl)
	mustGetCA(t, c, cas[2].ID) // still fresh: served by the first list
	if got := m.requests(); got[routeListCAs] != 1 {
		t.Fatalf("requests = %v, want 1 list", got)
	}
	clock.Advance(time.Second)
	desc := "changed behind the client's back"
	if _, err := m.setup.UpdateSSHCertificateAuthority(context.Background(), cas[3].ID, &SSHCertificateAuthorityUpdate{Description: &desc}); err != nil {
		t.Fatal(err)
	}
	if got := mustGetCA(t, c, cas[3].ID); got.Description != desc {
		t.Errorf("after the ttl: description %q, want %q", got.Description, desc)
	}
	if got := m.requests(); got[routeListCAs] != 2 || m.gets()[cas[3].ID] != 0 {
		t.Errorf("requests = %v: want a second list after the ttl", got)
	}
}

func TestSnapshotOff(t *testing.T) {
	t.Parallel()
	m := newSnapMock(t)
	cas := m.authorities(t, 3)
	c := m.client(t, WithRefreshFromLists(false))
	for _, ca := range cas {
		mustGetCA(t, c, ca.ID)
	}
	if got := m.requests(); got[routeGetCA] != 3 || got[routeListCAs] != 0 {
		t.Errorf("requests = %v, want 3 GETs and no list", got)
	}
}

func TestSnapshotListFailureFallsBack(t *testing.T) {
	t.Parallel()
	m := newSnapMock(t)
	cas := m.authorities(t, 4)
	if _, err := m.server.AddFault(mockserver.FaultRule{Method: http.MethodGet, Path: "/ssh_certificate_authorities", Status: 500}); err != nil {
		t.Fatal(err)
	}
	c := m.client(t)
	for _, ca := range cas {
		if got := mustGetCA(t, c, ca.ID); *got != *ca {
			t.Errorf("got %+v, want %+v", got, ca)
		}
	}
	if got := m.requests(); got[routeListCAs] != 1 || got[routeGetCA] != 4 {
		t.Errorf("requests = %v, want the failed list once and 4 GETs", got)
	}
}

// TestSnapshotPagesPayOff: a few objects at the end of a long list cost at
// most slack pages more than GETs.
func TestSnapshotPagesPayOff(t *testing.T) {
	t.Parallel()
	m := newSnapMock(t, mockserver.WithPageSize(2))
	ours := m.authorities(t, 4)
	m.authorities(t, 20) // newer: listed first
	c := m.client(t)
	for _, ca := range ours {
		mustGetCA(t, c, ca.ID)
	}
	slack := defaultSnapshotTuning().slack
	if got := m.requests(); got[routeListCAs] != slack || got[routeGetCA] != len(ours) {
		t.Errorf("requests = %v, want %d pages and %d GETs", got, slack, len(ours))
	}
}

func TestSnapshotCancelledWait(t *testing.T) {
	t.Parallel()
	m := newSnapMock(t)
	cas := m.authorities(t, 3)
	c := m.client(t)
	mustGetCA(t, c, cas[0].ID)

	arrived, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	m.setOnList(func() {
		once.Do(func() {
			close(arrived)
			<-release // a slow page, answered after the caller gave up
		})
	})
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-arrived
		cancel()
	}()
	if _, err := c.GetSSHCertificateAuthority(ctx, cas[1].ID); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled get: err = %v, want context.Canceled", err)
	}
	close(release)
	// The abandoned read is not a failure: the next Get lists again.
	mustGetCA(t, c, cas[2].ID)
	if gets := m.gets(); gets[cas[2].ID] != 0 {
		t.Errorf("GETs = %v: after a cancelled wait, lists must still be used", gets)
	}
}

// TestSnapshotRepeatedReadGoesToAPI: reading an object again (a poll, a read
// after a read) goes to the API at once, even while the list has pages left.
func TestSnapshotRepeatedReadGoesToAPI(t *testing.T) {
	t.Parallel()
	m := newSnapMock(t, mockserver.WithPageSize(2))
	cas := m.authorities(t, 6) // listed newest first, two a page
	c := m.client(t)
	mustGetCA(t, c, cas[0].ID)
	mustGetCA(t, c, cas[5].ID) // on the first page
	for range 3 {
		mustGetCA(t, c, cas[5].ID)
	}
	if got, gets := m.requests(), m.gets(); got[routeListCAs] != 1 || gets[cas[5].ID] != 3 {
		t.Errorf("requests = %v, GETs = %v; want 1 page and 3 GETs of the object read again", got, gets)
	}
}

func TestSnapshotMayRead(t *testing.T) {
	t.Parallel()
	lc := newListCache[SSHCertificateAuthority](nil, snapshotTuning{threshold: 1, ttl: time.Minute, slack: 3}, "x",
		func(o *SSHCertificateAuthority) string { return o.ID })
	waiting := func(n int) map[string]chan *SSHCertificateAuthority {
		m := map[string]chan *SSHCertificateAuthority{}
		for i := range n {
			m[fmt.Sprint(i)] = nil
		}
		return m
	}
	for _, tc := range []struct {
		pages, hits, waiting int
		broken               bool
		want                 bool
	}{
		{pages: 0, hits: 0, waiting: 1, want: true},
		{pages: 2, hits: 0, waiting: 9, want: true},
		{pages: 3, hits: 0, waiting: 9, want: false}, // nothing answered: the slack only
		{pages: 3, hits: 1, waiting: 0, want: true},
		{pages: 4, hits: 1, waiting: 0, want: false},
		{pages: 8, hits: 1, waiting: 5, want: true}, // answered once: the waiting Gets count
		{pages: 9, hits: 1, waiting: 5, want: false},
		{pages: 0, hits: 0, waiting: 1, broken: true, want: false},
	} {
		lc.broken = tc.broken
		s := &snapshot[SSHCertificateAuthority]{pages: tc.pages, hits: tc.hits, waiting: waiting(tc.waiting)}
		if got := lc.mayRead(s); got != tc.want {
			t.Errorf("%d pages, %d answered, %d waiting, broken %v: mayRead = %v, want %v",
				tc.pages, tc.hits, tc.waiting, tc.broken, got, tc.want)
		}
	}
}
