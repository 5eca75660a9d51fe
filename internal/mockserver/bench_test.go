package mockserver

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"strings"
	"testing"
	"time"

	"cel.dev/cel-go/cel"
	"cel.dev/cel-go/common/types"
)

// Benchmarks of the mock server's hot paths, for `make bench`. They measure;
// they assert nothing about time.

func benchRequest(b *testing.B, s http.Handler, method, target, body string) *httptest.ResponseRecorder {
	b.Helper()
	var r *http.Request
	if body == "" {
		r = httptest.NewRequestWithContext(b.Context(), method, target, nil)
	} else {
		r = httptest.NewRequestWithContext(b.Context(), method, target, strings.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
	}
	r.Header.Set("Ngrok-Version", "2")
	r.Header.Set("Authorization", "Bearer "+DefaultAPIKey)
	w := httptest.NewRecorder()
	s.ServeHTTP(w, r)
	return w
}

func seedAuthorities(b *testing.B, s *Server, n int) {
	b.Helper()
	for i := range n {
		w := benchRequest(b, s, http.MethodPost, "/ssh_certificate_authorities", fmt.Sprintf(`{"description":"ca %d"}`, i))
		if w.Code != http.StatusCreated {
			b.Fatalf("seed: %d %s", w.Code, w.Body)
		}
	}
}

func BenchmarkGetAuthority(b *testing.B) {
	s := New()
	seedAuthorities(b, s, 1)
	page := benchRequest(b, s, http.MethodGet, "/ssh_certificate_authorities", "").Body.String()
	id := page[strings.Index(page, "sshca_") : strings.Index(page, "sshca_")+33]
	b.ReportAllocs()
	for b.Loop() {
		if w := benchRequest(b, s, http.MethodGet, "/ssh_certificate_authorities/"+id, ""); w.Code != http.StatusOK {
			b.Fatal(w.Code)
		}
	}
}

func BenchmarkListPageOf100(b *testing.B) {
	for _, n := range []int{100, 1000} {
		b.Run(fmt.Sprintf("of_%d", n), func(b *testing.B) {
			s := New()
			seedAuthorities(b, s, n)
			b.ReportAllocs()
			for b.Loop() {
				if w := benchRequest(b, s, http.MethodGet, "/ssh_certificate_authorities", ""); w.Code != http.StatusOK {
					b.Fatal(w.Code)
				}
			}
		})
	}
}

func BenchmarkListFiltered(b *testing.B) {
	s := New()
	seedAuthorities(b, s, 1000)
	target := "/ssh_certificate_authorities?filter=" + strings.ReplaceAll(`obj.description.startsWith("ca 99")`, " ", "%20")
	b.ReportAllocs()
	for b.Loop() {
		if w := benchRequest(b, s, http.MethodGet, target, ""); w.Code != http.StatusOK {
			b.Fatal(w.Code, w.Body)
		}
	}
}

func BenchmarkParseFilter(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := newFilterProgram(reflect.TypeFor[endpointWire](), `obj.type == "cloud" && (obj.metadata.contains("team") || "public" in obj.bindings)`); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCreateAuthorityEd25519(b *testing.B) {
	s := New()
	b.ReportAllocs()
	for b.Loop() {
		if w := benchRequest(b, s, http.MethodPost, "/ssh_certificate_authorities", `{}`); w.Code != http.StatusCreated {
			b.Fatal(w.Code)
		}
	}
}

// seedEndpoints adds n agent endpoints through the seeding API, which is
// cheaper than n creates: these benchmarks measure lists.
func seedEndpoints(b *testing.B, s *Server, n int) {
	b.Helper()
	for i := range n {
		if _, err := s.SeedAgentEndpoint(AgentEndpointSeed{
			URL: fmt.Sprintf("https://a%d.ngrok.app", i), Description: fmt.Sprintf("endpoint %d", i), Metadata: `{"team":"x"}`,
		}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkListFilteredPage is the first page of endpoints at several sizes
// of the collection: unfiltered, with a filter that every endpoint matches
// (the page fills from the first 100 rows), and with one that none matches
// (every row is converted and evaluated). (none - unfiltered) / N is the
// cost of the filter per row.
func BenchmarkListFilteredPage(b *testing.B) {
	filters := []struct{ name, filter string }{
		{"unfiltered", ""},
		{"all_match", `obj.type == "ephemeral" && obj.description.startsWith("endpoint")`},
		{"none_match", `obj.type == "ephemeral" && obj.description.startsWith("nothing")`},
	}
	for _, n := range []int{1_000, 10_000, 100_000} {
		s := New()
		seedEndpoints(b, s, n)
		for _, f := range filters {
			b.Run(fmt.Sprintf("of_%d/%s", n, f.name), func(b *testing.B) {
				target := "/endpoints"
				if f.filter != "" {
					target += "?filter=" + url.QueryEscape(f.filter)
				}
				b.ReportAllocs()
				for b.Loop() {
					if w := benchRequest(b, s, http.MethodGet, target, ""); w.Code != http.StatusOK {
						b.Fatal(w.Code, w.Body)
					}
				}
			})
		}
	}
}

// benchEndpointWire is a typical row as a filter sees it.
func benchEndpointWire() *endpointWire {
	created := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	return &endpointWire{
		ID: "ep_31ZDDtNBwD8ztEmCFlfj9ODYV0S", CreatedAt: created, UpdatedAt: created, Type: "cloud",
		Description: "prod endpoint", Metadata: `{"team":"x"}`, Port: 443, URL: "https://app.example.com",
		PublicURL: "https://app.example.com", Proto: "https", Scheme: "https", Hostport: "app.example.com:443",
		Host: "app.example.com", TrafficPolicy: "on_http_request: []\n", Bindings: []string{"public"},
		Domain: &refWire{ID: "rd_1", URI: "https://api.ngrok.com/reserved_domains/rd_1"},
		URI:    "https://api.ngrok.com/endpoints/ep_31ZDDtNBwD8ztEmCFlfj9ODYV0S",
	}
}

const benchFilter = `obj.type == "cloud" && obj.description.startsWith("prod") && "public" in obj.bindings && obj.domain.id == "rd_1"`

// BenchmarkFilterMatch is the cost of the filter on one row: evaluated on
// the wire struct, as the lists do.
func BenchmarkFilterMatch(b *testing.B) {
	f, err := compileFilter[endpointWire](b.Context(), benchFilter)
	if err != nil {
		b.Fatal(err)
	}
	w := benchEndpointWire()
	b.ReportAllocs()
	for b.Loop() {
		f.cost = 0
		if ok, err := f.match(w); !ok || err != nil {
			b.Fatal(ok, err)
		}
	}
}

// BenchmarkFilterMatchJSONRoundTrip is the same filter on the same row the
// way the lists used to see it: encoded to JSON and decoded into a map
// first, with obj a map of dyn values. The comparison floor for
// BenchmarkFilterMatch.
func BenchmarkFilterMatchJSONRoundTrip(b *testing.B) {
	env, err := cel.NewEnv(cel.Variable("obj", cel.MapType(cel.StringType, cel.DynType)))
	if err != nil {
		b.Fatal(err)
	}
	ast, iss := env.Compile(benchFilter)
	if iss.Err() != nil {
		b.Fatal(iss.Err())
	}
	prg, err := env.Program(ast, cel.CostLimit(maxFilterCostPerObj))
	if err != nil {
		b.Fatal(err)
	}
	w := benchEndpointWire()
	b.ReportAllocs()
	for b.Loop() {
		raw, err := json.Marshal(w)
		if err != nil {
			b.Fatal(err)
		}
		var obj map[string]any
		if err := json.Unmarshal(raw, &obj); err != nil {
			b.Fatal(err)
		}
		if out, _, err := prg.Eval(map[string]any{"obj": obj}); err != nil || out != types.True {
			b.Fatal(out, err)
		}
	}
}
