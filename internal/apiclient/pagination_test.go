package apiclient

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
)

// pagedServer serves 5 authorities, newest first (e, d, c, b, a), two per page,
// and records each request's query. next(srvURL, beforeID, r) returns the
// next_page_uri to send (nil for null); by default a link on the same server.
type pagedServer struct {
	mu      sync.Mutex
	queries []url.Values
	next    func(base, beforeID string, r *http.Request) any
	fail    func(n int) int // status to fail the n-th request with, or 0
}

func (p *pagedServer) start(t *testing.T) string {
	t.Helper()
	ids := []string{"e", "d", "c", "b", "a"}
	var srvURL string
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/ssh_certificate_authorities" || r.Method != http.MethodGet {
			t.Errorf("unexpected request %s %s", r.Method, r.URL)
		}
		q := r.URL.Query()
		p.mu.Lock()
		p.queries = append(p.queries, q)
		n := len(p.queries)
		p.mu.Unlock()
		if p.fail != nil {
			if s := p.fail(n); s != 0 {
				writeAPIError(w, s, "", "failed")
				return
			}
		}
		start := 0
		if b := q.Get("before_id"); b != "" {
			for i, id := range ids {
				if id == b {
					start = i + 1
				}
			}
		}
		end := min(start+2, len(ids))
		items := []map[string]any{}
		for _, id := range ids[start:end] {
			items = append(items, map[string]any{"id": id, "uri": srvURL + "/ssh_certificate_authorities/" + id, "key_type": "ed25519"})
		}
		var next any
		if end < len(ids) {
			if p.next != nil {
				next = p.next(srvURL, ids[end-1], r)
			} else {
				next = srvURL + "/ssh_certificate_authorities?before_id=" + ids[end-1] + "&limit=2"
			}
		}
		writeJSON(w, http.StatusOK, map[string]any{
			"ssh_certificate_authorities": items,
			"uri":                         srvURL + "/ssh_certificate_authorities",
			"next_page_uri":               next,
		})
	})
	srvURL = srv.URL
	return srv.URL
}

func (p *pagedServer) requests() []url.Values {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]url.Values(nil), p.queries...)
}

// collect drains an iterator: the IDs yielded and the first error.
func collect(seq func(func(*SSHCertificateAuthority, error) bool)) ([]string, error) {
	var ids []string
	for ca, err := range seq {
		if err != nil {
			return ids, err
		}
		ids = append(ids, ca.ID)
	}
	return ids, nil
}

func TestListFollowsNextPageURI(t *testing.T) {
	t.Parallel()
	p := &pagedServer{}
	base := p.start(t)
	c, _ := newTestClient(t, base)
	ids, err := collect(c.ListSSHCertificateAuthorities(context.Background(), &ListOptions{Limit: 2, Filter: `obj.key_type == "ed25519"`}))
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(ids, ","); got != "e,d,c,b,a" {
		t.Errorf("ids = %s", got)
	}
	qs := p.requests()
	if len(qs) != 3 {
		t.Fatalf("%d requests, want 3", len(qs))
	}
	if qs[0].Get("limit") != "2" || qs[0].Get("filter") != `obj.key_type == "ed25519"` || qs[0].Has("before_id") {
		t.Errorf("first query = %v", qs[0])
	}
	for i, q := range qs[1:] {
		// NOTE: the links above carry no filter; the client must keep it.
		if q.Get("filter") != `obj.key_type == "ed25519"` || q.Get("limit") != "2" || q.Get("before_id") == "" {
			t.Errorf("query of page %d = %v", i+2, q)
		}
	}
}

func TestListDefaults(t *testing.T) {
	t.Parallel()
	p := &pagedServer{}
	base := p.start(t)
	c, _ := newTestClient(t, base)
	if _, err := collect(c.ListSSHCertificateAuthorities(context.Background(), nil)); err != nil {
		t.Fatal(err)
	}
	if q := p.requests()[0]; len(q) != 0 {
		t.Errorf("nil options sent query %v", q)
	}
	if _, err := collect(c.ListSSHCertificateAuthorities(context.Background(), &ListOptions{Limit: -1})); err == nil {
		t.Error("negative limit: want error")
	}
}

func TestListRelativeNextPageURI(t *testing.T) {
	t.Parallel()
	p := &pagedServer{next: func(_, before string, _ *http.Request) any {
		return "/ssh_certificate_authorities?limit=2&before_id=" + before
	}}
	c, _ := newTestClient(t, p.start(t))
	ids, err := collect(c.ListSSHCertificateAuthorities(context.Background(), nil))
	if err != nil || len(ids) != 5 {
		t.Errorf("ids %v, err %v", ids, err)
	}
}

func TestListRefusesForeignNextPage(t *testing.T) {
	t.Parallel()
	cases := map[string]func(base, before string) string{
		"other host": func(_, b string) string { return "http://evil.example.com/ssh_certificate_authorities?before_id=" + b },
		"other scheme": func(base, b string) string {
			return strings.Replace(base, "http://", "https://", 1) + "/x?before_id=" + b
		},
		"other port": func(base, b string) string { return base + "1/x?before_id=" + b },
		"credentials": func(base, b string) string {
			return strings.Replace(base, "http://", "http://u:p@", 1) + "/x?before_id=" + b
		},
		"scheme-relative": func(_, b string) string {
			return "//evil.example.com/ssh_certificate_authorities?before_id=" + b
		},
	}
	for name, next := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			p := &pagedServer{next: func(base, before string, _ *http.Request) any { return next(base, before) }}
			c, _ := newTestClient(t, p.start(t))
			ids, err := collect(c.ListSSHCertificateAuthorities(context.Background(), nil))
			if err == nil || !strings.Contains(err.Error(), "refusing next_page_uri") {
				t.Errorf("err = %v", err)
			}
			// NOTE: the link's query (a cursor) and user information are the
			// server's, and never quoted.
			if err != nil && (strings.Contains(err.Error(), "before_id") || strings.Contains(err.Error(), "u:p")) {
				t.Errorf("err = %v quotes the link's query or credentials", err)
			}
			if strings.Join(ids, ",") != "e,d" || len(p.requests()) != 1 {
				t.Errorf("ids %v after %d requests; want the first page only", ids, len(p.requests()))
			}
		})
	}
}

func TestListDetectsPageLoop(t *testing.T) {
	t.Parallel()
	// Page 2 links back to page 1.
	p := &pagedServer{next: func(base, before string, r *http.Request) any {
		if r.URL.Query().Get("before_id") == "" {
			return base + "/ssh_certificate_authorities?before_id=" + before
		}
		return base + "/ssh_certificate_authorities" // back to the first page
	}}
	c, _ := newTestClient(t, p.start(t))
	ids, err := collect(c.ListSSHCertificateAuthorities(context.Background(), nil))
	if err == nil || !strings.Contains(err.Error(), "repeats a page") {
		t.Errorf("err = %v", err)
	}
	if err != nil && strings.Contains(err.Error(), "before_id") {
		t.Errorf("err = %v quotes the link's query", err)
	}
	if strings.Join(ids, ",") != "e,d,c,b" || len(p.requests()) != 2 {
		t.Errorf("ids %v after %d requests", ids, len(p.requests()))
	}

	// A page that links to itself.
	p = &pagedServer{next: func(base, _ string, r *http.Request) any { return base + r.URL.RequestURI() }}
	c, _ = newTestClient(t, p.start(t))
	if _, err := collect(c.ListSSHCertificateAuthorities(context.Background(), &ListOptions{Limit: 2})); err == nil {
		t.Error("self link: want error")
	}
}

func TestListStopsWhenConsumerBreaks(t *testing.T) {
	t.Parallel()
	p := &pagedServer{}
	c, _ := newTestClient(t, p.start(t))
	for ca, err := range c.ListSSHCertificateAuthorities(context.Background(), nil) {
		if err != nil || ca.ID != "e" {
			t.Fatalf("first = %v, %v", ca, err)
		}
		break
	}
	if n := len(p.requests()); n != 1 {
		t.Errorf("%d requests after breaking on the first item", n)
	}
}

func TestListErrorOnLaterPage(t *testing.T) {
	t.Parallel()
	p := &pagedServer{fail: func(n int) int {
		if n >= 2 {
			return http.StatusInternalServerError
		}
		return 0
	}}
	c, _ := newTestClient(t, p.start(t))
	ids, err := collect(c.ListSSHCertificateAuthorities(context.Background(), nil))
	var e *APIError
	if !errors.As(err, &e) || e.StatusCode != http.StatusInternalServerError || strings.Join(ids, ",") != "e,d" {
		t.Errorf("ids %v, err %v", ids, err)
	}
}

func TestListRetriesAPage(t *testing.T) {
	t.Parallel()
	p := &pagedServer{fail: func(n int) int {
		if n == 2 {
			return http.StatusTooManyRequests
		}
		return 0
	}}
	c, rec := newTestClient(t, p.start(t))
	ids, err := collect(c.ListSSHCertificateAuthorities(context.Background(), nil))
	if err != nil || len(ids) != 5 || len(rec.get()) != 1 {
		t.Errorf("ids %v, err %v, waits %v", ids, err, rec.get())
	}
}

func TestListBadEnvelope(t *testing.T) {
	t.Parallel()
	for name, body := range map[string]string{
		"missing collection": `{"uri":"x","next_page_uri":null}`,
		"wrong type":         `{"ssh_certificate_authorities":{"id":"x"},"next_page_uri":null}`,
		"bad next":           `{"ssh_certificate_authorities":[],"next_page_uri":7}`,
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				_, _ = fmt.Fprint(w, body)
			})
			c, _ := newTestClient(t, srv.URL)
			if _, err := collect(c.ListSSHCertificateAuthorities(context.Background(), nil)); err == nil {
				t.Error("want error")
			}
		})
	}
	// An empty collection is fine, null items are skipped.
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		_, _ = fmt.Fprint(w, `{"ssh_certificate_authorities":[null,{"id":"x"}],"uri":"u","next_page_uri":""}`)
	})
	c, _ := newTestClient(t, srv.URL)
	if ids, err := collect(c.ListSSHCertificateAuthorities(context.Background(), nil)); err != nil || strings.Join(ids, ",") != "x" {
		t.Errorf("ids %v, err %v", ids, err)
	}
}
