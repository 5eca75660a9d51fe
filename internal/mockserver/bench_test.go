package mockserver

import (
	"crypto/subtle"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"runtime"
	"strings"
	"sync"
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

// benchWriter is a reusable http.ResponseWriter, so that the GET benchmarks
// measure the handlers and not the harness (httptest.NewRecorder allocates a
// recorder, a header map and a buffer per request).
type benchWriter struct {
	header http.Header
	status int
	body   []byte
}

func (w *benchWriter) Header() http.Header { return w.header }
func (w *benchWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
}

func (w *benchWriter) Write(p []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	w.body = append(w.body, p...)
	return len(p), nil
}

func (w *benchWriter) reset() {
	clear(w.header)
	w.status = 0
	w.body = w.body[:0]
}

// serveBench serves r through h into w, failing unless the answer is want.
func serveBench(b *testing.B, h http.Handler, w *benchWriter, r *http.Request, want int) {
	w.reset()
	h.ServeHTTP(w, r)
	if w.status != want {
		b.Fatalf("%s %s: status %d, want %d: %s", r.Method, r.URL, w.status, want, w.body)
	}
}

func benchGetRequest(b *testing.B, target string) *http.Request {
	b.Helper()
	r := httptest.NewRequestWithContext(b.Context(), http.MethodGet, target, nil)
	r.Header.Set("Ngrok-Version", "2")
	r.Header.Set("Authorization", "Bearer "+DefaultAPIKey)
	return r
}

// floorCA has the fields of an SSH certificate authority as the API shows it.
type floorCA struct {
	ID          string `json:"id"`
	URI         string `json:"uri"`
	CreatedAt   string `json:"created_at"`
	Description string `json:"description,omitempty"`
	Metadata    string `json:"metadata,omitempty"`
	PublicKey   string `json:"public_key"`
	KeyType     string `json:"key_type"`
}

// floorHandler is the least a net/http server of the same shape does for a
// GET: route by pattern, check the version and the bearer key, look the
// object up, set the operation ID and content type, encode the object. It is
// the floor the mock's GET is measured against.
func floorHandler(obj floorCA) http.Handler {
	objects := map[string]floorCA{obj.ID: obj}
	var mu sync.Mutex
	var ops uint64
	mux := http.NewServeMux()
	mux.HandleFunc("GET /ssh_certificate_authorities/{id}", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Ngrok-Version") != "2" {
			http.Error(w, "version", http.StatusBadRequest)
			return
		}
		if subtle.ConstantTimeCompare([]byte(r.Header.Get("Authorization")), []byte("Bearer "+DefaultAPIKey)) != 1 {
			http.Error(w, "auth", http.StatusUnauthorized)
			return
		}
		mu.Lock()
		ops++
		op := ops
		o, ok := objects[r.PathValue("id")]
		mu.Unlock()
		if !ok {
			http.NotFound(w, r)
			return
		}
		body, err := json.Marshal(o)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Ngrok-Operation-Id", fmt.Sprintf("op_%027d", op))
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusOK)
		_, _ = w.Write(body)
	})
	return mux
}

// served is how many requests the GET benchmarks serve before measuring:
// one in ten to a distinct unknown path, the rest GETs of one authority.
const served = 100_000

// newServedServer returns a server holding one SSH certificate authority,
// its ID, and the floor handler serving the same object, after n requests.
func newServedServer(b *testing.B, n int) (*Server, string, http.Handler) {
	b.Helper()
	s := New()
	seedAuthorities(b, s, 1)
	page := benchRequest(b, s, http.MethodGet, "/ssh_certificate_authorities", "").Body.String()
	id := page[strings.Index(page, "sshca_") : strings.Index(page, "sshca_")+33]
	get := benchGetRequest(b, "/ssh_certificate_authorities/"+id)
	w := &benchWriter{header: http.Header{}}
	serveBench(b, s, w, get, http.StatusOK)
	var obj floorCA
	if err := json.Unmarshal(w.body, &obj); err != nil {
		b.Fatal(err)
	}
	for i := range n {
		if i%10 == 0 {
			serveBench(b, s, w, benchGetRequest(b, fmt.Sprintf("/nowhere/%d", i)), http.StatusNotFound)
			continue
		}
		serveBench(b, s, w, get, http.StatusOK)
	}
	return s, id, floorHandler(obj)
}

// batch is how many GETs the interleaved benchmarks time at once: small
// enough that both sides see the same load on a shared machine, large enough
// that reading the clock costs nothing next to it.
const batch = 64

// timeBatch serves r through h batch times and returns how long it took.
func timeBatch(b *testing.B, h http.Handler, w *benchWriter, r *http.Request) time.Duration {
	start := time.Now()
	for range batch {
		serveBench(b, h, w, r, http.StatusOK)
	}
	return time.Since(start)
}

// BenchmarkGetVsFloor measures one GET after 100,000 requests have been
// served (the journal full and wrapping) against the floor, a bare net/http
// handler of the same shape, in the same run:
//
//   - floor: the floor alone, with no mock server alive (whose journal
//     would tax its garbage collection);
//   - mock_after_100000: the mock alone; floor_ratio is its throughput as a
//     fraction of the floor's just measured;
//   - interleaved: batches of 64 GETs of each in turn, so that both see the
//     same load on a shared machine, though the floor then shares the mock's
//     heap; floor_ratio as above. Its ns/op and allocations are per 128 GETs.
func BenchmarkGetVsFloor(b *testing.B) {
	_, floorID, floor := newServedServer(b, 0)
	floorTarget := "/ssh_certificate_authorities/" + floorID
	runtime.GC()
	var floorNs float64
	b.Run("floor", func(b *testing.B) {
		r, w := benchGetRequest(b, floorTarget), &benchWriter{header: http.Header{}}
		b.ReportAllocs()
		for b.Loop() {
			serveBench(b, floor, w, r, http.StatusOK)
		}
		floorNs = float64(b.Elapsed().Nanoseconds()) / float64(b.N)
	})
	s, id, _ := newServedServer(b, served)
	target := "/ssh_certificate_authorities/" + id
	b.Run(fmt.Sprintf("mock_after_%d", served), func(b *testing.B) {
		r, w := benchGetRequest(b, target), &benchWriter{header: http.Header{}}
		b.ReportAllocs()
		for b.Loop() {
			serveBench(b, s, w, r, http.StatusOK)
		}
		b.ReportMetric(floorNs/(float64(b.Elapsed().Nanoseconds())/float64(b.N)), "floor_ratio")
	})
	b.Run("interleaved", func(b *testing.B) {
		floorR := benchGetRequest(b, floorTarget)
		r, w := benchGetRequest(b, target), &benchWriter{header: http.Header{}}
		var floorT, mockT time.Duration
		for b.Loop() {
			floorT += timeBatch(b, floor, w, floorR)
			mockT += timeBatch(b, s, w, r)
		}
		gets := float64(b.N * batch)
		b.ReportMetric(float64(floorT.Nanoseconds())/gets, "floor-ns/GET")
		b.ReportMetric(float64(mockT.Nanoseconds())/gets, "mock-ns/GET")
		b.ReportMetric(float64(floorT)/float64(mockT), "floor_ratio")
	})
}

// BenchmarkGetHistory compares one GET on a server with no history (its
// journal is cleared every 1,024 requests, outside the timing, so it never
// fills) and on one after 100,000 requests (journal full):
//
//   - served_0, served_100000: each alone, per GET; history_ratio is the
//     GET's throughput after 100,000 requests as a fraction of its
//     throughput with none (1 is flat);
//   - interleaved: batches of 64 GETs of each in turn, so that both see the
//     same load, though they then share one heap; history_ratio as above.
//     Its ns/op and allocations are per 128 GETs.
func BenchmarkGetHistory(b *testing.B) {
	var freshNs float64
	b.Run("served_0", func(b *testing.B) {
		s, id, _ := newServedServer(b, 0)
		r, w := benchGetRequest(b, "/ssh_certificate_authorities/"+id), &benchWriter{header: http.Header{}}
		b.ReportAllocs()
		var cleared time.Duration
		for i := 0; b.Loop(); i++ {
			if i%1024 == 0 {
				start := time.Now()
				s.ClearJournal()
				cleared += time.Since(start)
			}
			serveBench(b, s, w, r, http.StatusOK)
		}
		freshNs = float64((b.Elapsed() - cleared).Nanoseconds()) / float64(b.N)
		b.ReportMetric(freshNs, "ns/op")
	})
	b.Run(fmt.Sprintf("served_%d", served), func(b *testing.B) {
		s, id, _ := newServedServer(b, served)
		r, w := benchGetRequest(b, "/ssh_certificate_authorities/"+id), &benchWriter{header: http.Header{}}
		b.ReportAllocs()
		for b.Loop() {
			serveBench(b, s, w, r, http.StatusOK)
		}
		b.ReportMetric(freshNs/(float64(b.Elapsed().Nanoseconds())/float64(b.N)), "history_ratio")
	})
	b.Run("interleaved", func(b *testing.B) {
		fresh, freshID, _ := newServedServer(b, 0)
		old, oldID, _ := newServedServer(b, served)
		freshR := benchGetRequest(b, "/ssh_certificate_authorities/"+freshID)
		oldR := benchGetRequest(b, "/ssh_certificate_authorities/"+oldID)
		w := &benchWriter{header: http.Header{}}
		var freshT, oldT time.Duration
		for i := 0; b.Loop(); i++ {
			if i%(1024/batch) == 0 {
				fresh.ClearJournal()
			}
			freshT += timeBatch(b, fresh, w, freshR)
			oldT += timeBatch(b, old, w, oldR)
		}
		gets := float64(b.N * batch)
		b.ReportMetric(float64(freshT.Nanoseconds())/gets, "served_0-ns/GET")
		b.ReportMetric(float64(oldT.Nanoseconds())/gets, fmt.Sprintf("served_%d-ns/GET", served))
		b.ReportMetric(float64(freshT)/float64(oldT), "history_ratio")
	})
}
