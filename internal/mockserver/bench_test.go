package mockserver

import (
	"bufio"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/subtle"
	"crypto/x509"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
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

// Benchmarks at the scale of a real account: 1k, 10k and 100k stored
// objects (BENCHFLAGS='-bench . -short' skips 100k). Each sized benchmark
// reports, at 10k and 100k, its time per operation as a multiple of the
// 1k run's (x-of-1k): the 1k run is the floor, measured in the same run.

var benchSizes = []int{1_000, 10_000, 100_000}

// floors holds the time per operation of each benchmark's 1k run.
var floors sync.Map // benchmark name → time.Duration

// sized runs fn at each size and reports the ratio to the 1k run.
func sized(b *testing.B, fn func(b *testing.B, n int)) { sizedRatio(b, true, fn) }

func sizedRatio(b *testing.B, ratio bool, fn func(b *testing.B, n int)) {
	name := b.Name()
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("objects=%d", n), func(b *testing.B) {
			if n > 10_000 && testing.Short() {
				b.Skip("-short: 100k objects skipped")
			}
			fn(b, n)
			if b.N == 0 || !ratio {
				return
			}
			perOp := b.Elapsed() / time.Duration(b.N)
			if n == benchSizes[0] {
				floors.Store(name, perOp)
			} else if floor, ok := floors.Load(name); ok {
				if floor, ok := floor.(time.Duration); ok && floor > 0 {
					b.ReportMetric(float64(perOp)/float64(floor), "x-of-1k")
				}
			}
		})
	}
}

// benchCA is what populate stores: a real ed25519 key, shared by every
// authority, which costs nothing to store and lets them sign.
var benchCA = sync.OnceValue(func() sshCA {
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		panic(err)
	}
	pub, err := authorizedKey(priv.Public())
	if err != nil {
		panic(err)
	}
	der, err := x509.MarshalPKCS8PrivateKey(priv)
	if err != nil {
		panic(err)
	}
	return sshCA{KeyType: keyTypeEd25519, PublicKey: pub, PrivateKey: der}
})

// populate stores n authorities directly in the table (no HTTP, no key
// generation) and commits them at once; it returns their IDs, oldest first.
func populate(b *testing.B, s *Server, n int) []string {
	b.Helper()
	ids := make([]string, n)
	created := s.timestamp()
	for i := range n {
		ca, err := s.sshCAs.insert(func(id string) sshCA {
			ca := benchCA()
			ca.ID, ca.CreatedAt, ca.Description = id, created, fmt.Sprintf("ca %d", i)
			return ca
		})
		if err != nil {
			b.Fatal(err.msg)
		}
		ids[i] = ca.ID
	}
	if err := s.SaveState(); err != nil {
		b.Fatal(err)
	}
	return ids
}

// stateOf writes a state file holding n authorities and returns its path.
func stateOf(b *testing.B, n int) string {
	b.Helper()
	path := filepath.Join(b.TempDir(), "state")
	s := New(WithStateFile(path))
	if err := s.LoadStateFile(); err != nil {
		b.Fatal(err)
	}
	populate(b, s, n)
	if err := s.Close(); err != nil {
		b.Fatal(err)
	}
	return path
}

func benchList(b *testing.B, s *Server, target string, want int) {
	b.Helper()
	b.ReportAllocs()
	for b.Loop() {
		w := benchRequest(b, s, http.MethodGet, target, "")
		if w.Code != http.StatusOK {
			b.Fatal(w.Code, w.Body)
		}
		if n := strings.Count(w.Body.String(), `"id":`); n != want {
			b.Fatalf("page of %d objects, want %d", n, want)
		}
	}
}

func BenchmarkListFirstPage(b *testing.B) {
	sized(b, func(b *testing.B, n int) {
		s := New()
		populate(b, s, n)
		benchList(b, s, "/ssh_certificate_authorities", maxLimit)
	})
}

// The page of the oldest 100 objects, reached by its cursor.
func BenchmarkListLastPageByCursor(b *testing.B) {
	sized(b, func(b *testing.B, n int) {
		s := New()
		ids := populate(b, s, n)
		benchList(b, s, "/ssh_certificate_authorities?before_id="+ids[maxLimit], maxLimit)
	})
}

// A filter that every object matches: the cost of filtering a page.
func BenchmarkListFilteredPage(b *testing.B) {
	sized(b, func(b *testing.B, n int) {
		s := New()
		populate(b, s, n)
		filter := url.QueryEscape(`obj.description.startsWith("ca ")`)
		benchList(b, s, "/ssh_certificate_authorities?filter="+filter, maxLimit)
	})
}

// A filter that one object in a thousand matches: a page must look at a
// hundred thousand objects, whatever the index, so this grows with N.
func BenchmarkListFilteredSparse(b *testing.B) {
	sized(b, func(b *testing.B, n int) {
		s := New()
		populate(b, s, n)
		filter := url.QueryEscape(`obj.description.endsWith("999")`)
		benchList(b, s, "/ssh_certificate_authorities?filter="+filter, min(n/1000, maxLimit))
	})
}

// benchCreates creates authorities through the API and reports the median
// time of one create.
func benchCreates(b *testing.B, s *Server) {
	b.Helper()
	b.ReportAllocs()
	var times []time.Duration
	for b.Loop() {
		start := time.Now()
		w := benchRequest(b, s, http.MethodPost, "/ssh_certificate_authorities", `{"description":"bench"}`)
		times = append(times, time.Since(start))
		if w.Code != http.StatusCreated {
			b.Fatal(w.Code, w.Body)
		}
	}
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2])/float64(time.Millisecond), "p50-ms")
}

func BenchmarkCreate(b *testing.B) {
	sized(b, func(b *testing.B, n int) {
		s := New()
		populate(b, s, n)
		benchCreates(b, s)
	})
}

// Each create commits (and fsyncs) its own transaction before it is
// answered.
func BenchmarkCreateWithState(b *testing.B) {
	sized(b, func(b *testing.B, n int) {
		s := New(WithStateFile(stateOf(b, n)))
		if err := s.LoadStateFile(); err != nil {
			b.Fatal(err)
		}
		defer func() { _ = s.Close() }()
		benchCreates(b, s)
	})
}

func BenchmarkStartUpFromState(b *testing.B) {
	sized(b, func(b *testing.B, n int) {
		path := stateOf(b, n)
		for b.Loop() {
			s := New(WithStateFile(path))
			if err := s.LoadStateFile(); err != nil {
				b.Fatal(err)
			}
			if got := s.sshCAs.len(); got != n {
				b.Fatalf("%d objects loaded, want %d", got, n)
			}
			if err := s.Close(); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkRSS runs the ngrok-mock program on a state file of each size
// and reports its resident memory once started (rss-MiB), after 300
// creates (rss-300w-MiB) and after 3000 (rss-3000w-MiB): the heap first
// grows to the garbage collector's goal, then by the objects created. One
// operation is one whole run.
func BenchmarkRSS(b *testing.B) {
	bin := filepath.Join(b.TempDir(), "ngrok-mock")
	if out, err := exec.CommandContext(b.Context(), "go", "build", "-o", bin, "../../cmd/ngrok-mock").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	// NOTE: no x-of-1k: the time of a run is not what this measures.
	sizedRatio(b, false, func(b *testing.B, n int) {
		path := stateOf(b, n)
		var rss []float64
		for b.Loop() {
			rss = measureRSS(b, bin, path, 300, 3000)
		}
		b.ReportMetric(rss[0], "rss-MiB")
		b.ReportMetric(rss[1], "rss-300w-MiB")
		b.ReportMetric(rss[2], "rss-3000w-MiB")
	})
}

// measureRSS starts bin on the state file and reads its VmRSS, in MiB, at
// once and after each number of creates in checkpoints (ascending).
func measureRSS(b *testing.B, bin, state string, checkpoints ...int) []float64 {
	b.Helper()
	cmd := exec.CommandContext(b.Context(), bin, "-addr", "127.0.0.1:0", "-log-level", "off", "-state", state)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	defer func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		_ = cmd.Wait()
	}()
	line, err := bufio.NewReader(stdout).ReadString('\n')
	base, ok := strings.CutPrefix(strings.TrimSpace(line), "ngrok-mock listening on ")
	if err != nil || !ok {
		b.Fatalf("first line %q: %v", line, err)
	}
	go func() { _, _ = io.Copy(io.Discard, stdout) }()
	rss := []float64{vmRSS(b, cmd.Process.Pid)}
	for i := range checkpoints[len(checkpoints)-1] {
		req, err := http.NewRequestWithContext(b.Context(), http.MethodPost, base+"/ssh_certificate_authorities",
			strings.NewReader(fmt.Sprintf(`{"description":"write %d"}`, i)))
		if err != nil {
			b.Fatal(err)
		}
		req.Header.Set("Ngrok-Version", "2")
		req.Header.Set("Authorization", "Bearer "+DefaultAPIKey)
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		_ = resp.Body.Close()
		if resp.StatusCode != http.StatusCreated {
			b.Fatalf("create: %d", resp.StatusCode)
		}
		if slices.Contains(checkpoints, i+1) {
			rss = append(rss, vmRSS(b, cmd.Process.Pid))
		}
	}
	return rss
}

func vmRSS(b *testing.B, pid int) float64 {
	b.Helper()
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		b.Skipf("no /proc: %v", err)
	}
	for line := range strings.Lines(string(data)) {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
			if err != nil {
				b.Fatal(err)
			}
			return float64(kb) / 1024
		}
	}
	b.Fatal("no VmRSS in /proc status")
	return 0
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
func BenchmarkListFilteredEndpointsPage(b *testing.B) {
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
	created := apiTime(time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC))
	return &endpointWire{
		ID: "ep_31ZDDtNBwD8ztEmCFlfj9ODYV0S", CreatedAt: created, UpdatedAt: created, Type: "cloud",
		Description: "prod endpoint", Metadata: `{"team":"x"}`, URL: "https://app.example.com",
		PublicURL: "https://app.example.com", Proto: "https", Hostport: "app.example.com:443",
		TrafficPolicy: "on_http_request: []\n", Bindings: []string{"public"},
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

// benchHostileFilters are four filters an attacker would send together:
// issue 19's two (refused before they run) and two that pass the estimate
// at just under the limit of one object and run until the list's deadline
// or cost budget stops them.
func benchHostileFilters() []string {
	ones := "[" + strings.TrimSuffix(strings.Repeat("1,", 18), ",") + "]"
	return []string{
		hostileReplace,
		hostileRegex,
		`"` + strings.Repeat("a", 1000) + `".matches("` + strings.Repeat("(a|b)?", 90) + `c") || obj.domain == "nomatch"`,
		ones + `.all(a, ` + ones + `.all(b, ` + ones + `.all(c, a + b + c > 0))) && obj.domain == "x"`,
	}
}

// p99 is the 99th percentile of times.
func p99(times []time.Duration) time.Duration {
	slices.Sort(times)
	return times[len(times)*99/100]
}

// BenchmarkGetWhileHostileFilters measures the latency of a plain GET of
// one reserved domain, in an account of 1,000, with no other request
// (none) and while four clients send hostile filters over and over
// (four_hostile): p99-us is each one's 99th percentile, p99_ratio the
// second's over the first's, measured in the same run (1 is unaffected);
// ms/hostile is the mean time of a hostile request's answer (a 400).
func BenchmarkGetWhileHostileFilters(b *testing.B) {
	s := New()
	var id string
	for i := range 1000 {
		w := benchRequest(b, s, http.MethodPost, "/reserved_domains", fmt.Sprintf(`{"domain":"a%d.example.com"}`, i))
		if w.Code != http.StatusCreated {
			b.Fatal(w.Code, w.Body)
		}
		if i == 0 {
			id = decodeBenchID(b, w.Body.Bytes())
		}
	}
	for _, f := range benchHostileFilters() {
		if w := benchRequest(b, s, http.MethodGet, "/reserved_domains?filter="+url.QueryEscape(f), ""); w.Code != http.StatusBadRequest {
			b.Fatalf("%.40s: %d %s", f, w.Code, w.Body)
		}
	}
	get := func(b *testing.B) []time.Duration {
		r, w := benchGetRequest(b, "/reserved_domains/"+id), &benchWriter{header: http.Header{}}
		var times []time.Duration
		for b.Loop() {
			start := time.Now()
			serveBench(b, s, w, r, http.StatusOK)
			times = append(times, time.Since(start))
		}
		return times
	}
	var quiet time.Duration
	b.Run("none", func(b *testing.B) {
		quiet = p99(get(b))
		b.ReportMetric(float64(quiet.Nanoseconds())/1e3, "p99-us")
	})
	b.Run("four_hostile", func(b *testing.B) {
		stop := make(chan struct{})
		var wg sync.WaitGroup
		var hostile, hostileNs atomic.Int64
		for _, f := range benchHostileFilters() {
			wg.Go(func() {
				target := "/reserved_domains?filter=" + url.QueryEscape(f)
				for {
					select {
					case <-stop:
						return
					default:
					}
					start := time.Now()
					benchRequest(b, s, http.MethodGet, target, "")
					hostileNs.Add(int64(time.Since(start)))
					hostile.Add(1)
				}
			})
		}
		times := get(b)
		close(stop)
		wg.Wait()
		loud := p99(times)
		b.ReportMetric(float64(loud.Nanoseconds())/1e3, "p99-us")
		if quiet > 0 {
			b.ReportMetric(float64(loud)/float64(quiet), "p99_ratio")
		}
		if n := hostile.Load(); n > 0 {
			b.ReportMetric(float64(hostileNs.Load())/float64(n)/1e6, "ms/hostile")
		}
	})
}

// decodeBenchID is the id of an object's JSON answer.
func decodeBenchID(b *testing.B, body []byte) string {
	b.Helper()
	var obj struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(body, &obj); err != nil {
		b.Fatal(err)
	}
	return obj.ID
}

// BenchmarkHostileRequest is the time and memory (B/op: allocated in all)
// of each of issue 19's reproductions, and of the two hostile filters that
// pass the estimate, each answered with a 400: bodies nested 40,000 and
// 60,000 levels and to the body limit, and filters over 1,000 reserved
// domains.
func BenchmarkHostileRequest(b *testing.B) {
	s := New()
	for i := range 1000 {
		if w := benchRequest(b, s, http.MethodPost, "/reserved_domains", fmt.Sprintf(`{"domain":"a%d.example.com"}`, i)); w.Code != http.StatusCreated {
			b.Fatal(w.Code, w.Body)
		}
	}
	for _, n := range []int{40_000, 60_000, maxBodyBytes / 2} {
		body := nested(n, "")
		b.Run(fmt.Sprintf("body_depth_%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if w := benchRequest(b, s, http.MethodPost, "/ssh_certificate_authorities", body); w.Code != http.StatusBadRequest {
					b.Fatal(w.Code, w.Body)
				}
			}
		})
	}
	for i, f := range benchHostileFilters() {
		target := "/reserved_domains?filter=" + url.QueryEscape(f)
		b.Run(fmt.Sprintf("filter_%d", i+1), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if w := benchRequest(b, s, http.MethodGet, target, ""); w.Code != http.StatusBadRequest {
					b.Fatal(w.Code, w.Body)
				}
			}
		})
	}
}

// BenchmarkDeleteWithState measures the DELETE of an authority, committed
// to a state file of 1,000 authorities, without clearing the pages that the
// commit freed (the floor) and with (what the mock does: state_scrub.go),
// in turn on one server, so that both see the same load of a shared disk.
// Each operation is, for each, the create of an authority (one commit) and
// its DELETE: floor-delete-ns and scrub-delete-ns are the DELETE alone,
// x-of-floor the second over the first, and op-x-of-floor the same for
// create and DELETE together (the zeros that a DELETE writes are synced by
// the next commit, the create's).
func BenchmarkDeleteWithState(b *testing.B) {
	s := New(WithStateFile(stateOf(b, 1000)))
	if err := s.LoadStateFile(); err != nil {
		b.Fatal(err)
	}
	defer func() { _ = s.Close() }()
	createAndDelete := func() (deleteTook, took time.Duration) {
		start := time.Now()
		ca, aerr := s.sshCAs.insert(func(id string) sshCA {
			ca := benchCA()
			ca.ID, ca.CreatedAt = id, s.timestamp()
			return ca
		})
		if aerr != nil {
			b.Fatal(aerr.msg)
		}
		if err := s.SaveState(); err != nil {
			b.Fatal(err)
		}
		deleteStart := time.Now()
		w := benchRequest(b, s, http.MethodDelete, "/ssh_certificate_authorities/"+ca.ID, "")
		if w.Code != http.StatusNoContent {
			b.Fatal(w.Code, w.Body)
		}
		return time.Since(deleteStart), time.Since(start)
	}
	// NOTE: the first commit clears every free page the file had.
	createAndDelete()
	var deletes, ops [2]time.Duration // [0] floor, [1] scrub
	for b.Loop() {
		for i, scrub := range []bool{false, true} {
			s.persist.noScrub = !scrub
			d, op := createAndDelete()
			deletes[i] += d
			ops[i] += op
		}
	}
	n := float64(b.N)
	b.ReportMetric(float64(deletes[0].Nanoseconds())/n, "floor-delete-ns")
	b.ReportMetric(float64(deletes[1].Nanoseconds())/n, "scrub-delete-ns")
	b.ReportMetric(float64(deletes[1])/float64(deletes[0]), "x-of-floor")
	b.ReportMetric(float64(ops[1])/float64(ops[0]), "op-x-of-floor")
}

// BenchmarkCreateIPRuleInLargePolicy creates rules in one IP policy that
// holds 1,000 already (the case of ngrok/ngrok's users; each rule's cidr is
// checked against its policy's others), interleaved with the floor of a
// plain create (an IP policy on another server), so that both see the same
// load on a shared machine. ns/op is per pair; rule-ns and floor-ns are
// each's time per create, floor_ratio the rule create's throughput as a
// fraction of the floor's (1: the rule's checks cost nothing).
func BenchmarkCreateIPRuleInLargePolicy(b *testing.B) {
	floor, s := New(), New()
	w := benchRequest(b, s, http.MethodPost, "/ip_policies", `{}`)
	var policy ipPolicyWire
	if err := json.Unmarshal(w.Body.Bytes(), &policy); err != nil {
		b.Fatal(err)
	}
	next := 0
	createRule := func() {
		// NOTE: distinct /32s of 10.0.0.0/8, so that no create is a duplicate.
		cidr := fmt.Sprintf("10.%d.%d.%d/32", next>>16&255, next>>8&255, next&255)
		next++
		body := `{"ip_policy_id":"` + policy.ID + `","cidr":"` + cidr + `","action":"allow"}`
		if w := benchRequest(b, s, http.MethodPost, "/ip_policy_rules", body); w.Code != http.StatusCreated {
			b.Fatal(w.Code, w.Body)
		}
	}
	for range 1000 {
		createRule()
	}
	var floorT, ruleT time.Duration
	b.ReportAllocs()
	for b.Loop() {
		start := time.Now()
		if w := benchRequest(b, floor, http.MethodPost, "/ip_policies", `{}`); w.Code != http.StatusCreated {
			b.Fatal(w.Code, w.Body)
		}
		mid := time.Now()
		createRule()
		floorT, ruleT = floorT+mid.Sub(start), ruleT+time.Since(mid)
	}
	b.ReportMetric(float64(floorT.Nanoseconds())/float64(b.N), "floor-ns")
	b.ReportMetric(float64(ruleT.Nanoseconds())/float64(b.N), "rule-ns")
	b.ReportMetric(float64(floorT)/float64(ruleT), "floor_ratio")
}
