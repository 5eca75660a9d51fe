package apiclient

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"

	"golang.org/x/net/idna"
)

// FuzzNextPageURL checks next_page_uri, which the server chooses: whatever
// it says, the client sends its API key to no other host than the base
// URL's (compared as net/http dials: the host in ASCII, the port made
// explicit), over the same scheme, and never drops the filter of the first
// request. Both the resolution of one link and a whole list whose every
// page links to it are checked. Seeds: the links of the pagination tests.
func FuzzNextPageURL(f *testing.F) {
	for _, next := range []string{
		"https://api.example.com/reserved_domains?before_id=rd_2&limit=2", "/reserved_domains?before_id=rd_2",
		"?before_id=rd_2", "reserved_domains?x=1#frag", "//evil.example.com/reserved_domains", "https://evil.example.com/",
		"http://api.example.com/reserved_domains", "https://API.EXAMPLE.COM:443/x", "https://api.example.com:444/",
		"https://user:pw@api.example.com/", "https://api.example.com.evil.com/", "https://api.example.com@evil.com/",
		"https://\u212Aapi.example.com/", "x/", "../../", "https:evil.com", "%zz", "", "https://127.0.0.1:8080/x",
	} {
		for base := range fuzzBases {
			f.Add(uint8(base), next)
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, next string) {
		base := fuzzBases[int(which)%len(fuzzBases)]
		rt := &linkingTransport{next: next}
		c, err := New(WithBaseURL(base), WithAPIKey(testKey), WithHTTPClient(&http.Client{Transport: rt}), WithRetryPolicy(RetryPolicy{}))
		if err != nil {
			t.Fatal(err)
		}
		want := dialTarget(c.base)

		first := url.Values{"filter": {`obj.domain == "a"`}, "limit": {"2"}}
		page, err := c.urlFor("/reserved_domains", first)
		if err != nil {
			t.Fatal(err)
		}
		if u, err := c.nextPageURL(page, next, first); err == nil {
			checkSameOrigin(t, c, next, u, want)
		}

		for _, err := range c.ListReservedDomains(context.Background(), &ListOptions{Filter: `obj.domain == "a"`, Limit: 2}) {
			_ = err
		}
		rt.mu.Lock()
		defer rt.mu.Unlock()
		if len(rt.requests) == 0 {
			t.Fatal("no request was sent")
		}
		for _, r := range rt.requests {
			checkSameOrigin(t, c, next, r.URL, want)
			if r.Header.Get("Authorization") == "" {
				t.Fatalf("next_page_uri %q: a request without the key", next)
			}
		}
	})
}

var fuzzBases = []string{"https://api.example.com", "http://127.0.0.1:8080", "https://api.example.com:8443/prefix"}

func checkSameOrigin(t *testing.T, c *Client, next string, u *url.URL, want string) {
	t.Helper()
	sent, err := url.Parse(u.String())
	if err != nil {
		t.Fatalf("next_page_uri %q resolved to %q, which does not parse: %v", next, u, err)
	}
	if got := dialTarget(sent); got != want || !strings.EqualFold(sent.Scheme, c.base.Scheme) || sent.User != nil {
		t.Fatalf("next_page_uri %q on %s: a request to %q (dials %s), not %s", next, c.base, sent, got, want)
	}
	if sent.Query().Get("filter") != `obj.domain == "a"` {
		t.Fatalf("next_page_uri %q: the request %q lost the filter", next, sent)
	}
}

// dialTarget is the address net/http connects to for u: the host in ASCII
// (IDNA) and lower case, and the port, the scheme's default when none.
func dialTarget(u *url.URL) string {
	host := u.Hostname()
	if a, err := idna.Lookup.ToASCII(host); err == nil {
		host = a
	}
	port := u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[strings.ToLower(u.Scheme)]
	}
	return strings.ToLower(net.JoinHostPort(host, port))
}

// linkingTransport answers every list request with an empty page whose
// next_page_uri is next, for a few pages, then a last page.
type linkingTransport struct {
	mu       sync.Mutex
	next     string
	requests []*http.Request
}

func (rt *linkingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	rt.mu.Lock()
	rt.requests = append(rt.requests, r)
	n := len(rt.requests)
	rt.mu.Unlock()
	var next any = rt.next
	if n >= 4 {
		next = nil
	}
	body, _ := json.Marshal(map[string]any{"reserved_domains": []any{}, "next_page_uri": next})
	return &http.Response{StatusCode: http.StatusOK, Header: http.Header{"Content-Type": {"application/json"}},
		Body: io.NopCloser(strings.NewReader(string(body))), Request: r}, nil
}
