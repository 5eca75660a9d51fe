package mockserver

import (
	"bufio"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/x509"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
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
		if _, err := parseFilter(`obj.type == "cloud" && (obj.metadata.contains("team") || "public" in obj.bindings)`); err != nil {
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
			} else if floor, ok := floors.Load(name); ok && floor.(time.Duration) > 0 {
				b.ReportMetric(float64(perOp)/float64(floor.(time.Duration)), "x-of-1k")
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
	gobin := filepath.Join(runtime.GOROOT(), "bin", "go")
	if out, err := exec.CommandContext(b.Context(), gobin, "build", "-o", bin, "../../cmd/ngrok-mock").CombinedOutput(); err != nil {
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
