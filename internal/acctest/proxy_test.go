package acctest

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"
	"time"
)

// Requests leave one every 60/perMinute seconds, whoever sends them; a
// pause between them gives no burst afterwards.
func TestProxyPaces(t *testing.T) {
	t.Parallel()
	p := NewProxy(&url.URL{Scheme: "http", Host: "127.0.0.1"}, 120)
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i, want := range []time.Duration{0, 500 * time.Millisecond, time.Second} {
		if got := p.turn(start); got != want {
			t.Errorf("request %d waits %v, want %v", i, got, want)
		}
	}
	later := start.Add(time.Hour)
	if got, next := p.turn(later), p.turn(later); got != 0 || next != 500*time.Millisecond {
		t.Errorf("after a pause: waits %v then %v, want 0 then 500ms", got, next)
	}
	if got := NewProxy(&url.URL{}, 0).turn(start); got != 0 {
		t.Errorf("not paced: waits %v", got)
	}
}

// The proxy forwards to the API, with the API's own Host, and counts.
func TestProxyForwards(t *testing.T) {
	t.Parallel()
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, r.Host+" "+r.Header.Get("Authorization")+" "+r.URL.Path)
	}))
	t.Cleanup(api.Close)
	target, _ := url.Parse(api.URL)
	p := NewProxy(target, 0)
	srv := httptest.NewServer(p)
	t.Cleanup(srv.Close)
	req, _ := http.NewRequestWithContext(t.Context(), http.MethodGet, srv.URL+"/ip_policies", nil)
	req.Header.Set("Authorization", "Bearer k")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	_ = resp.Body.Close()
	if want := target.Host + " Bearer k /ip_policies"; string(body) != want || p.Requests() != 1 {
		t.Errorf("got %q and %d requests, want %q and 1", body, p.Requests(), want)
	}
}
