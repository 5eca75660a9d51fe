package mockserver

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"

	"cel.dev/cel-go/common"
)

// fuzzFilterRows are objects of every filterable kind as a list answer
// holds them: those of fuzzServer's account, and testEndpoint's.
func fuzzFilterRows(tb testing.TB) (cas []sshCAWire, domains []reservedDomainWire, endpoints []endpointWire, rows []filterTestRow) {
	tb.Helper()
	s, _ := fuzzServer(tb)
	get := func(path string, into any) {
		r, _ := http.NewRequestWithContext(tb.Context(), http.MethodGet, path, nil)
		r.Header.Set("Authorization", "Bearer "+DefaultAPIKey)
		r.Header.Set("Ngrok-Version", "2")
		w := httptest.NewRecorder()
		s.ServeHTTP(w, r)
		if err := json.Unmarshal(w.Body.Bytes(), into); err != nil {
			tb.Fatalf("GET %s: %v: %s", path, err, w.Body)
		}
	}
	var caList struct {
		Items []sshCAWire `json:"ssh_certificate_authorities"`
	}
	var domainList struct {
		Items []reservedDomainWire `json:"reserved_domains"`
	}
	var endpointList struct {
		Items []endpointWire `json:"endpoints"`
	}
	get("/ssh_certificate_authorities", &caList)
	get("/reserved_domains", &domainList)
	get("/endpoints", &endpointList)
	if len(caList.Items) == 0 || len(domainList.Items) == 0 || len(endpointList.Items) < 3 {
		tb.Fatalf("the account lists %d authorities, %d domains, %d endpoints", len(caList.Items), len(domainList.Items), len(endpointList.Items))
	}
	return caList.Items, domainList.Items, endpointList.Items, []filterTestRow{*testEndpoint()}
}

// FuzzFilter checks list filters: compiling any text is a result or an
// invalid-filter error (the list's 400), the same every time; a filter that
// compiles has an estimated worst-case cost within the limit of one object,
// evaluates on the same object to the same result every time, at a cost
// within its estimate (or is stopped for the cost limit), and a deadline
// that strikes during an evaluation stops it; compiling and evaluating on
// every row allocates at most maxFilterAlloc. Seeds: the unit tests'
// filters, valid and not, and issue 19's hostile ones.
func FuzzFilter(f *testing.F) {
	for _, src := range []string{
		`obj.type == "cloud"`, `obj.port >= 443.0`, `obj.tunnel == null`, `"public" in obj.bindings`,
		`obj.bindings.exists(b, b.startsWith("int"))`, `has(obj.domain) && obj.domain.id.startsWith("rd_")`,
		`obj.created_at > timestamp("2026-01-01T00:00:00Z")`, `obj.updated_at - obj.created_at > duration("1h")`,
		`obj.description.matches("^p")`, `obj.url.split("://")[1] == "app.example.com"`, `obj.metadata.contains("x")`,
		`obj.certificate.id == "x"`, `obj.certificate_management_status.provisioning_job.msg != ""`,
		`obj.public_key.size() > 10 && obj.key_type == "ed25519"`, `size(obj.domain) > 3`, `obj.type ==`,
		`[1,2,3].map(a, [1,2,3].map(b, [1,2,3].map(c, a*b*c))).size() > 0`, `obj.description.repeat(1000) != ""`,
		`dyn(obj).frobnicate == 1`, `obj.missing == null`, `obj.port`, ``, hostileReplace, hostileRegex,
		`[` + strings.Repeat("1,", 500) + `1].all(x, x > 0)`, `obj.description.replace("", obj.description).size() > 0`,
		// The documented subset's time helpers.
		`obj.created_at >= timestamp(time.now).subtract("7d")`, `obj.created_at < timestamp(time.now).add("99999d")`,
		`timestamp(time.now).add("x") > obj.created_at`, `time.now == time.now`,
	} {
		f.Add(src)
	}
	cas, domains, endpoints, rows := fuzzFilterRows(f)
	f.Fuzz(func(t *testing.T, src string) {
		fuzzFilterOn(t, src, cas)
		fuzzFilterOn(t, src, domains)
		fuzzFilterOn(t, src, endpoints)
		fuzzFilterOn(t, src, rows)
	})
}

func fuzzFilterOn[W any](t *testing.T, src string, rows []W) {
	t.Helper()
	ctx := context.Background()
	f, err := compileFilter[W](ctx, src)
	_, again := compileFilter[W](ctx, src)
	if fmt.Sprint(err) != fmt.Sprint(again) {
		t.Fatalf("%q compiles as %v, then as %v", src, err, again)
	}
	if err != nil {
		var invalid *invalidFilterError
		if !errors.As(err, &invalid) || invalid.msg == "" {
			t.Fatalf("%q: %T %v is not an invalid-filter error (the list would answer 500)", src, err, err)
		}
		return
	}
	estimate := estimateFilter[W](t, src)
	if estimate > maxFilterCostPerObj {
		t.Fatalf("%q compiled with an estimated cost of %d, over the limit of %d", src, estimate, maxFilterCostPerObj)
	}
	if bytes := allocated(func() {
		for i := range rows {
			_, _, _ = fuzzMatch(f, &rows[i])
		}
	}); bytes > maxFilterAlloc {
		t.Fatalf("%q: evaluating on %d rows allocated %d bytes, over %d", src, len(rows), bytes, maxFilterAlloc)
	}
	for i := range rows {
		late, lerr := compileFilter[W](&lateContext{Context: ctx}, src)
		if lerr != nil {
			t.Fatal(lerr)
		}
		ok, err := late.match(&rows[i])
		if want, wantErr := f.match(&rows[i]); err != nil && !errors.Is(err, errFilterDeadline) || err == nil && (ok != want || wantErr != nil) {
			t.Fatalf("%q on %T #%d with the deadline striking: %v (%v), without: %v (%v)", src, rows[i], i, ok, err, want, wantErr)
		}
	}
	for i := range rows {
		first, ok1, err1 := fuzzMatch(f, &rows[i])
		second, ok2, err2 := fuzzMatch(f, &rows[i])
		if ok1 != ok2 || fmt.Sprint(err1) != fmt.Sprint(err2) {
			t.Fatalf("%q on %T #%d: %v (%v), then %v (%v)", src, rows[i], i, ok1, err1, ok2, err2)
		}
		for _, cost := range []uint64{first, second} {
			if err1 == nil && cost > min(estimate, maxFilterCostPerObj) {
				t.Fatalf("%q on %T #%d cost %d, over its estimate %d or the limit of %d, and was not stopped", src, rows[i], i, cost, estimate, maxFilterCostPerObj)
			}
		}
		if err1 != nil && !errors.Is(err1, errFilterCost) {
			t.Fatalf("%q on %T #%d stopped the list with %v", src, rows[i], i, err1)
		}
	}
}

// fuzzMatch evaluates f on w with a fresh budget, returning the cost.
func fuzzMatch(f *celFilter, w any) (uint64, bool, error) {
	f.cost = 0
	ok, err := f.match(w)
	return f.cost, ok, err
}

// maxFilterAlloc bounds what a filter within its limits may allocate on
// the fuzz rows: a value is at most about ten bytes per unit of cost.
const maxFilterAlloc = 64 << 20

// estimateFilter is the worst-case cost that compiling src estimated.
func estimateFilter[W any](t *testing.T, src string) uint64 {
	t.Helper()
	env := filterEnvs()[reflect.TypeFor[W]()]
	ast, iss := env.CompileSource(common.NewStringSource(src, "filter"))
	if iss.Err() != nil {
		t.Fatalf("%q compiled once, not twice: %v", src, iss.Err())
	}
	est, err := env.EstimateCost(ast, filterSizes{})
	if err != nil {
		t.Fatal(err)
	}
	return est.Max
}
