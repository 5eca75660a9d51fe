package mockserver

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"cel.dev/cel-go/cel"
	"cel.dev/cel-go/common/types"
	"cel.dev/cel-go/common/types/ref"

	"github.com/tfedge/terraform-provider-ngrok/internal/apifilter"
)

// filterTestRow is the row the filter tests evaluate on: an endpoint's
// answer as the mock gave it before it dropped scheme, host, port, region
// and upstream_protocol (no recorded answer has them; endpoints.go), kept
// for its number (port), which the endpoint's answer no longer has.
type filterTestRow struct {
	ID               string   `json:"id"`
	Region           string   `json:"region,omitempty"`
	CreatedAt        apiTime  `json:"created_at"`
	UpdatedAt        apiTime  `json:"updated_at"`
	PublicURL        string   `json:"public_url"`
	Proto            string   `json:"proto"`
	Scheme           string   `json:"scheme"`
	Hostport         string   `json:"hostport"`
	Host             string   `json:"host"`
	Port             int      `json:"port"`
	Type             string   `json:"type"`
	Metadata         string   `json:"metadata,omitempty"`
	Description      string   `json:"description,omitempty"`
	Domain           *refWire `json:"domain,omitempty"`
	Tunnel           *refWire `json:"tunnel,omitempty"`
	Edge             *refWire `json:"edge,omitempty"`
	UpstreamURL      string   `json:"upstream_url,omitempty"`
	UpstreamProtocol string   `json:"upstream_protocol,omitempty"`
	URL              string   `json:"url"`
	Principal        *refWire `json:"principal,omitempty"`
	TrafficPolicy    string   `json:"traffic_policy,omitempty"`
	Bindings         []string `json:"bindings"`
	TunnelSession    *refWire `json:"tunnel_session,omitempty"`
	URI              string   `json:"uri"`
	Name             string   `json:"name,omitempty"`
	PoolingEnabled   bool     `json:"pooling_enabled"`
}

// NOTE: a root of its own, for the tests only.
func init() { filterRoots[reflect.TypeFor[filterTestRow]()] = "ngrok.FilterTestRow" }

// testEndpoint is a row as a filter sees it.
func testEndpoint() *filterTestRow {
	created := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	return &filterTestRow{
		ID:             "ep_1",
		CreatedAt:      apiTime(created),
		UpdatedAt:      apiTime(created.Add(90 * time.Minute)),
		Type:           "cloud",
		Description:    "prod endpoint",
		Port:           443,
		URL:            "https://app.example.com",
		PoolingEnabled: false,
		Bindings:       []string{"public", "internal"},
		Domain:         &refWire{ID: "rd_1", URI: "http://x/reserved_domains/rd_1"},
		// Metadata, Tunnel and the other optional fields are unset: the
		// JSON leaves them out.
	}
}

func mustCompile[W any](t *testing.T, src string) *celFilter {
	t.Helper()
	f, err := compileFilter[W](t.Context(), src)
	if err != nil {
		t.Fatalf("compile %s: %v", src, err)
	}
	return f
}

func TestFilterMatch(t *testing.T) {
	t.Parallel()
	tests := []struct {
		expr string
		want bool
	}{
		// The subset the mock understood before, unchanged.
		{`obj.type == "cloud"`, true},
		{`obj.type == 'cloud'`, true},
		{`obj.type != "cloud"`, false},
		{`obj.port == 443`, true},
		{`obj.port > 80 && obj.port <= 443`, true},
		{`obj.port < 443`, false},
		{`obj.port >= 443.0`, true},
		{`obj.port == -443`, false},
		{`obj.pooling_enabled == false`, true},
		{`obj.pooling_enabled`, false},
		{`!obj.pooling_enabled`, true},
		{`obj.tunnel == null`, true},
		{`obj.metadata == null`, true},
		{`obj.metadata != "x"`, true},
		{`obj.domain.id == "rd_1"`, true},
		{`obj.domain.uri.endsWith("/rd_1")`, true},
		{`obj.bindings[1] == "internal"`, true},
		{`"public" in obj.bindings`, true},
		{`obj.type in ["edge", "cloud"]`, true},
		{`obj.type in []`, false},
		{`obj.port in [80, 443]`, true},
		{`obj.description.startsWith("prod")`, true},
		{`obj.description.endsWith("endpoint")`, true},
		{`obj.description.contains("d e")`, true},
		{`obj.type == "edge" || obj.type == "cloud"`, true},
		{`obj.type == "edge" || obj.type == "ephemeral"`, false},
		{`!(obj.type == "edge") && obj.description.startsWith("prod")`, true},
		{`obj.type == "cloud" && (obj.port == 80 || obj.port == 443)`, true},
		{`obj.type == "cloud" || obj.port == 80 && false`, true},
		{`(obj.type == "cloud" || obj.port == 80) && false`, false},
		{`obj.id < "ep_2"`, true},
		{`obj.description == "prod endpoint"`, true},
		{`obj.description == "prod \"endpoint\""`, false},
		{`true`, true},

		// Standard functions and macros.
		{`size(obj.description) > 3`, true},
		{`obj.description.size() == 13`, true},
		{`size(obj.bindings) == 2`, true},
		{`obj.description.matches("^p")`, true},
		{`obj.description.matches("^a")`, false},
		{`obj.bindings.exists(b, b.startsWith("int"))`, true},
		{`obj.bindings.all(b, b.size() > 5)`, true},
		{`obj.bindings.exists_one(b, b == "public")`, true},
		{`obj.bindings.filter(b, b != "public") == ["internal"]`, true},
		{`has(obj.domain)`, true},
		{`has(obj.tunnel)`, false},
		{`has(obj.description)`, true},
		{`has(obj.metadata)`, false},
		{`has(obj.domain.id)`, true},
		{`obj.description.upperAscii() == "PROD ENDPOINT"`, true},
		{`obj.url.split("://")[1] == "app.example.com"`, true},

		// Timestamps and durations.
		{`obj.created_at > timestamp("2026-01-01T00:00:00Z")`, true},
		{`obj.created_at < timestamp("2026-01-01T00:00:00Z")`, false},
		{`obj.created_at == timestamp("2026-03-01T13:00:00+01:00")`, true},
		{`obj.updated_at - obj.created_at == duration("90m")`, true},
		{`obj.updated_at - obj.created_at > duration("1h")`, true},
		{`obj.created_at + duration("24h") < timestamp("2026-03-02T12:00:01Z")`, true},
		{`obj.created_at.getFullYear() == 2026`, true},
		{`string(obj.created_at) == "2026-03-01T12:00:00Z"`, true},

		// An error in one object: that object does not match.
		{`obj.tunnel.id == "tn_1"`, false},
		{`obj.tunnel.id != "tn_1"`, false},
		{`obj.metadata.contains("x")`, false},
		{`!obj.metadata.contains("x")`, false},
		{`obj.bindings[2] == "x"`, false},
		// ... unless && or || decide without the erring side.
		{`obj.tunnel.id == "tn_1" || obj.type == "cloud"`, true},
		{`!has(obj.metadata) || obj.metadata.contains("x")`, true},
		{`has(obj.tunnel) && obj.tunnel.id == "tn_1"`, false},
	}
	w := testEndpoint()
	for _, tt := range tests {
		t.Run(tt.expr, func(t *testing.T) {
			t.Parallel()
			f := mustCompile[filterTestRow](t, tt.expr)
			// NOTE: the lists pass the wire value; a pointer must read the same.
			for _, row := range []any{*w, w} {
				got, err := f.match(row)
				if err != nil {
					t.Fatalf("match(%T): %v", row, err)
				}
				if got != tt.want {
					t.Errorf("match(%T) = %v, want %v", row, got, tt.want)
				}
			}
		})
	}
}

func TestFilterStringEscapes(t *testing.T) {
	t.Parallel()
	w := testEndpoint()
	w.Description = "a\"b'c\\d\ne"
	for _, expr := range []string{`obj.description == "a\"b'c\\d\ne"`, `obj.description == 'a"b\'c\\d\ne'`} {
		if ok, err := mustCompile[filterTestRow](t, expr).match(w); !ok || err != nil {
			t.Errorf("%s does not match %q: %v", expr, w.Description, err)
		}
	}
}

func TestFilterRefused(t *testing.T) {
	t.Parallel()
	nest := func(depth int) string {
		return strings.Repeat("(", depth) + "true" + strings.Repeat(")", depth)
	}
	tests := []struct {
		expr string
		msg  string
	}{
		{``, "Syntax error"},
		{`obj.type ==`, "filter:1:12: Syntax error"},
		{`obj.type = "x"`, "filter:1:10: Syntax error"},
		{`obj.a & obj.b`, "Syntax error"},
		{`(obj.type == "x"`, "missing ')'"},
		{`obj.type == "x`, "Syntax error"},
		{`obj.type == 'x\q'`, "Syntax error"},
		{`obj.`, "Syntax error"},
		{`obj.type == 1 obj.port`, "Syntax error"},
		{`obj.type == #`, "Syntax error"},
		{`obj.missing == null`, "undefined field 'missing'"},
		{`obj.domain.name == "x"`, "undefined field 'name'"},
		{`resource.a == 1`, "undeclared reference to 'resource'"},
		{`frobnicate(obj.type)`, "undeclared reference to 'frobnicate'"},
		{`obj.type.frobnicate()`, "undeclared reference to 'frobnicate'"},
		{`obj.type < 5`, "no matching overload for '_<_' applied to '(string, int)'"},
		{`obj.port == "443"`, "no matching overload for '_==_' applied to '(int, string)'"},
		{`obj.created_at > "2026-01-01T00:00:00Z"`, "no matching overload"},
		{`obj.port.contains("4")`, "no matching overload"},
		{`obj.type.startsWith("x", "y")`, "no matching overload"},
		{`obj.description`, "must be a bool"},
		{`obj.port`, "must be a bool"},
		{`null`, "must be a bool"},
		{`dyn(true)`, "must be a bool"},
		{`obj.type == "` + strings.Repeat("x", maxFilterBytes) + `"`, "size exceeds limit"},
		{nest(maxFilterDepth + 1), "recursion"},
		{`[1].all(a, [1].all(b, [1].all(c, [1].all(d, true))))`, "comprehension exceeds nesting limit"},
	}
	for _, tt := range tests {
		t.Run(tt.expr[:min(len(tt.expr), 60)], func(t *testing.T) {
			t.Parallel()
			_, err := compileFilter[filterTestRow](t.Context(), tt.expr)
			var serr *invalidFilterError
			if !errors.As(err, &serr) {
				t.Fatalf("err = %v, want a filter error", err)
			}
			if !strings.Contains(serr.msg, tt.msg) {
				t.Errorf("message %q does not contain %q", serr.msg, tt.msg)
			}
		})
	}
}

// TestFilterExamplesCompile runs every filter that the provider's tests,
// examples and documentation use through the documented subset of the
// list and the collection's environment, so that none of them meets a 400
// from the mock.
func TestFilterExamplesCompile(t *testing.T) {
	t.Parallel()
	check := func(t *testing.T, path string, compile func(context.Context, string) (*celFilter, error), filters ...string) {
		t.Helper()
		for _, f := range filters {
			if err := apifilter.Check(f, path); err != nil {
				t.Errorf("%s: %v", f, err)
			}
			if _, err := compile(t.Context(), f); err != nil {
				t.Errorf("%s: %v", f, err)
			}
		}
	}
	check(t, "/ssh_certificate_authorities", compileFilter[sshCAWire],
		`obj.description.startsWith('prod')`,
		`obj.description == 'nothing has this'`,
		`obj.description == 'managed'`,
		`obj.description == "x"`,
		`obj.description.startsWith("ca 99")`,
	)
	check(t, "/reserved_domains", compileFilter[reservedDomainWire],
		`obj.cname_target != null`,
		`obj.cname_target == null`,
		`obj.domain == 'nothing.example.com'`,
		`obj.domain.endsWith(".example.com")`,
		`obj.domain.endsWith('.example.com')`,
		`obj.domain == "b.ngrok.app"`,
		`obj.region == 'eu'`,
	)
	check(t, "/endpoints", compileFilter[endpointWire],
		`"public" in obj.bindings && obj.metadata.contains('prod')`,
		`"public" in obj.bindings && obj.type != 'cloud'`,
		`obj.description.startsWith('dev') || obj.description.startsWith('shop')`,
		`obj.metadata.contains('"team":"platform"')`,
		`obj.metadata.contains("prod")`,
		`obj.type == "cloud"`,
		`obj.type != "cloud" && "public" in obj.bindings`,
		`(obj.name == 'a' || true)`,
		`'kubernetes' in obj.bindings`,
		`("public" in obj.bindings) && obj.type == "edge" && obj.url == "https://app.example.com"`,
	)
}

func TestFilterCostLimitPerObject(t *testing.T) {
	t.Parallel()
	// 50³ iterations: far above the limit for one object, and a stop at
	// once rather than after the whole loop.
	list := "[" + strings.TrimSuffix(strings.Repeat("1,", 50), ",") + "]"
	filter := list + ".all(a, " + list + ".all(b, " + list + ".all(c, a + b + c > 0)))"
	// NOTE: the documented subset refuses comprehensions before they reach
	// the evaluator, whose limit this is: compiled here directly.
	_, err := compileFilter[sshCAWire](t.Context(), filter)
	if err == nil || !strings.Contains(err.Error(), "cost limit") {
		t.Errorf("err = %v; want the cost limit named", err)
	}
}

func TestFilterCostLimitPerList(t *testing.T) {
	t.Parallel()
	f := mustCompile[filterTestRow](t, `obj.bindings.exists(b, b == "none")`)
	f.budget = 100 // NOTE: the real budget takes millions of objects to reach
	w := testEndpoint()
	var err error
	n := 0
	for ; n < 1000 && err == nil; n++ {
		_, err = f.match(w)
	}
	if !errors.Is(err, errFilterCost) {
		t.Fatalf("after %d objects: err = %v, want the cost limit", n, err)
	}
	if n < 2 {
		t.Errorf("stopped after %d objects; one object is well within the budget", n)
	}
}

func TestFilterStopsWhenTheRequestEnds(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	f, err := compileFilter[filterTestRow](ctx, `true`)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.match(testEndpoint()); !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
}

// TestFilterOverTheWire runs filters through the list routes, where each
// collection's obj has its own fields, nested objects and timestamps.
func TestFilterOverTheWire(t *testing.T) {
	t.Parallel()
	s, clock := newRDServer()
	plain := createRD(t, s, `{"domain":"plain.example.com","description":"abc"}`)
	// NOTE: plain opts out of the automatic certificates it gets by default.
	wantStatus(t, do(t, s, http.MethodDelete, "/reserved_domains/"+plain.ID+"/certificate_management_policy", ""), http.StatusNoContent)
	clock.Advance(24 * time.Hour)
	managed := createRD(t, s, `{"domain":"managed.example.com","certificate_management_policy":{}}`)
	failing := createRD(t, s, `{"domain":"failing.example.invalid","certificate_management_policy":{}}`)
	clock.Advance(2 * time.Minute) // managed is issued, failing has failed
	ep := createEndpoint(t, s, map[string]any{"url": "https://managed.example.com", "bindings": []string{"public"}})

	list := func(t *testing.T, collection, filter string) []string {
		t.Helper()
		w := do(t, s, http.MethodGet, "/"+collection+"?filter="+url.QueryEscape(filter), "")
		wantStatus(t, w, http.StatusOK)
		page := decodeBody[map[string]json.RawMessage](t, w)
		var items []struct {
			ID string `json:"id"`
		}
		if err := json.Unmarshal(page[collection], &items); err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, item := range items {
			ids = append(ids, item.ID)
		}
		return ids
	}
	certID := getRD(t, s, managed.ID).Certificate.ID
	// NOTE: the server's clock, which time.now reads, is a day and two
	// minutes after plain's creation.
	tests := []struct {
		collection, filter string
		want               []string
	}{
		{collReservedDomains, `obj.created_at > timestamp("2025-09-05T00:00:00Z")`, []string{failing.ID, managed.ID}},
		{collReservedDomains, `obj.created_at == timestamp("` + rdTestStartStr + `")`, []string{plain.ID}},
		{collReservedDomains, `obj.created_at >= timestamp(time.now).subtract("1h")`, []string{failing.ID, managed.ID}},
		{collReservedDomains, `obj.created_at < timestamp(time.now).subtract("1d")`, []string{plain.ID}},
		{collReservedDomains, `obj.created_at < timestamp(time.now).add("1h30m") && obj.created_at > timestamp(time.now).subtract("2d")`,
			[]string{failing.ID, managed.ID, plain.ID}},
		{collReservedDomains, `obj.certificate.id == "` + certID + `"`, []string{managed.ID}},
		{collReservedDomains, `obj.domain in ["plain.example.com", "managed.example.com"]`, []string{managed.ID, plain.ID}},
		{collReservedDomains, `size(obj.description) > 2`, []string{plain.ID}},
		{collReservedDomains, `obj.description.startsWith("a") && !obj.domain.endsWith(".invalid")`, []string{plain.ID}},
		{collReservedDomains, `obj.description == null && obj.domain.contains("fail")`, []string{failing.ID}},
		{collEndpoints, `"public" in obj.bindings && obj.url == "https://managed.example.com"`, []string{ep.ID}},
		{collEndpoints, `obj.type == "cloud" && obj.created_at >= timestamp(time.now)`, []string{ep.ID}},
		{collEndpoints, `obj.url == "https://plain.example.com"`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.filter, func(t *testing.T) {
			t.Parallel()
			if got := list(t, tt.collection, tt.filter); !slices.Equal(got, tt.want) {
				t.Errorf("%s matched %v, want %v", tt.collection, got, tt.want)
			}
		})
	}
}

// TestFilterRefusedOverTheWire: what docs api/api-filtering.mdx refuses is
// its 400 invalid_cel_expression, "Invalid CEL query: " and why, whatever
// CEL would make of it, before any object is read.
func TestFilterRefusedOverTheWire(t *testing.T) {
	t.Parallel()
	s := New()
	createCA(t, s, `{"description":"a"}`)
	tests := []struct{ path, filter, msg string }{
		{"/ssh_certificate_authorities", `obj.key_type == "rsa"`,
			"Invalid CEL query: unsupported field: obj.key_type (must be obj.id, obj.created_at, obj.description, or obj.metadata)"},
		{"/endpoints", `obj.bindings[0] == "public"`, "Invalid CEL query: index access is not supported (filter:1:13)"},
		{"/endpoints", `size(obj.url) + 1 > 2`, "Invalid CEL query: arithmetic is not supported (filter:1:15)"},
		{"/endpoints", `obj.type == "cloud" ? true : false`, "Invalid CEL query: the ternary operator is not supported (filter:1:21)"},
		{"/endpoints", `type(obj.url) == string`, "Invalid CEL query: type checks are not supported (filter:1:5)"},
		{"/endpoints", `obj.url.matches("^https")`, "Invalid CEL query: regular expressions are not supported (filter:1:16)"},
		{"/endpoints", `obj.id.startsWith("ep_")`,
			"Invalid CEL query: startsWith() is not supported on the high-entropy field obj.id: compare it with == instead (filter:1:18)"},
		{"/endpoints", `obj.bindings.exists(b, b == "public")`, "Invalid CEL query: the function exists() is not supported (filter:1:20)"},
		{"/endpoints", `obj.type ==`, "Invalid CEL query: ERROR: filter:1:12: Syntax error"},
		// Past the documented subset, CEL's own type check.
		{"/endpoints", `obj.type < 5`, "Invalid CEL query: ERROR: filter:1:10: found no matching overload for '_<_' applied to '(string, int)'"},
		{"/endpoints", `obj.bindings in ["public"]`, "Invalid CEL query: ERROR: filter:1:14: found no matching overload for '@in'"},
		{"/endpoints", `obj.description`, "Invalid CEL query: the filter is of type"},
	}
	for _, tt := range tests {
		w := do(t, s, http.MethodGet, tt.path+"?filter="+url.QueryEscape(tt.filter), "")
		wantError(t, w, http.StatusBadRequest, apifilter.ErrorCode)
		if msg := decodeBody[errorBody](t, w).Msg; !strings.HasPrefix(msg, tt.msg) {
			t.Errorf("%s %s: msg %q, want it to begin %q", tt.path, tt.filter, msg, tt.msg)
		}
	}
}

func TestFilterProgramCache(t *testing.T) {
	t.Parallel()
	c := &programCache{programs: map[programKey]cel.Program{}}
	rt := reflect.TypeFor[filterTestRow]()
	first, err := c.get(rt, `obj.type == "cloud"`)
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := c.get(rt, `obj.type == "cloud"`); again != first {
		t.Error("the same filter was compiled twice")
	}
	if other, _ := c.get(reflect.TypeFor[sshCAWire](), `obj.type == "cloud"`); other != nil {
		t.Error("a filter compiled for endpoints was reused for authorities, which have no type")
	}
	if _, err := c.get(rt, `obj.type ==`); err == nil {
		t.Error("a refused filter compiled")
	}
	for i := range maxCachedFilters + 10 {
		if _, err := c.get(rt, fmt.Sprintf("obj.port == %d", i)); err != nil {
			t.Fatal(err)
		}
	}
	if n := len(c.programs); n > maxCachedFilters {
		t.Errorf("the cache holds %d programs, more than %d", n, maxCachedFilters)
	}
}

// Issue 19's hostile filters.
var (
	// hostileReplace grows a string by the product of two sizes, twice:
	// 300 × 300 bytes, then 90,000 × 90,000 (8.1 GB asked for at once).
	hostileReplace = `["` + strings.Repeat("a", 300) + `".replace("a", "` + strings.Repeat("a", 300) +
		`")].exists(s, s.replace("a", s).size() < 0)`
	// hostileRegex is a regular expression of 150 optional groups over
	// 1,000 bytes, on every object (4.3 s over 1,000 domains).
	hostileRegex = `"` + strings.Repeat("a", 1000) + `".matches("` + strings.Repeat("(a|b)?", 150) +
		`c") || obj.domain == "nomatch"`
)

// listAllocated serves GET target once and returns the answer and the
// bytes the request allocated.
func listAllocated(t *testing.T, s http.Handler, target string) (*httptest.ResponseRecorder, uint64) {
	t.Helper()
	var w *httptest.ResponseRecorder
	bytes := allocated(func() { w = do(t, s, http.MethodGet, target, "") })
	return w, bytes
}

// maxFilterRefusalAlloc bounds what refusing a filter before it runs may
// allocate: compiling it and estimating its cost.
const maxFilterRefusalAlloc = 16 << 20

// TestHostileFiltersAreRefusedBeforeTheyRun: each of issue 19's filters is
// the API's 400, refused before it runs (now by the documented subset, which
// has neither replace() nor regexes), allocating little.
// NOTE: not parallel, so that the allocation counted is the request's.
func TestHostileFiltersAreRefusedBeforeTheyRun(t *testing.T) {
	s, _ := newRDServer()
	for i := range 1000 {
		createRD(t, s, fmt.Sprintf(`{"domain":"a%d.example.com"}`, i))
	}
	for name, filter := range map[string]string{"replace": hostileReplace, "regex": hostileRegex} {
		w, bytes := listAllocated(t, s, "/reserved_domains?filter="+url.QueryEscape(filter))
		wantError(t, w, http.StatusBadRequest, errInvalidFilter.code)
		if msg := decodeBody[errorBody](t, w).Msg; !strings.Contains(msg, "not supported") {
			t.Errorf("%s: msg %q does not name what is not supported", name, msg)
		}
		if bytes > maxFilterRefusalAlloc {
			t.Errorf("%s: %d bytes allocated, over %d", name, bytes, maxFilterRefusalAlloc)
		}
		t.Logf("%s: %d bytes allocated", name, bytes)
	}
}

func TestReplaceGuarded(t *testing.T) {
	t.Parallel()
	s := func(v string) ref.Val { return types.String(v) }
	tests := []struct {
		str, old, repl string
		n              int64
		want           string
	}{
		{"hello hello", "he", "we", -1, "wello wello"},
		{"hello hello", "he", "we", 1, "wello hello"},
		{"hello hello", "he", "we", 0, "hello hello"},
		{"ab", "", "_", -1, "_a_b_"},
		{"hello", "l", "", -1, "heo"},
	}
	for _, tt := range tests {
		if got := replaceGuarded([]ref.Val{s(tt.str), s(tt.old), s(tt.repl)}, tt.n); got != types.String(tt.want) {
			t.Errorf("%q.replace(%q, %q, %d) = %v, want %q", tt.str, tt.old, tt.repl, tt.n, got, tt.want)
		}
	}
	big := strings.Repeat("a", 90_000)
	for _, args := range [][]ref.Val{{s(big), s("a"), s(big)}, {s(big), s(""), s(big)}, {s(big), s("a"), s("aaaaaaaaaaaaaa")}} {
		got := replaceGuarded(args, -1)
		err, ok := got.(*types.Err)
		if !ok || !errors.Is(err, errFilterValueSize) {
			t.Errorf("a result over %d bytes: got %.40v, want the size error", maxFilterValueBytes, got)
		}
	}
	got, ok := replaceGuarded([]ref.Val{s(big), s("a"), s(big)}, 3).(types.String)
	if want := 90_000 + 3*(90_000-1); !ok || len(got) != want {
		t.Errorf("three replacements of a 90,000-byte string: %d bytes (%v), want %d", len(got), ok, want)
	}
}

// lateContext is a context whose deadline has passed by the time an
// evaluation looks at its Done channel, though not when the list looked
// before evaluating: the deadline strikes inside an evaluation.
type lateContext struct {
	context.Context
	checked bool
}

func (c *lateContext) Done() <-chan struct{} {
	done := make(chan struct{})
	close(done)
	return done
}

func (c *lateContext) Err() error {
	if !c.checked {
		c.checked = true
		return nil
	}
	return context.DeadlineExceeded
}

func TestFilterStoppedByTheDeadlineInsideAnEvaluation(t *testing.T) {
	t.Parallel()
	list := "[" + strings.TrimSuffix(strings.Repeat("1,", 1000), ",") + "]"
	f, err := compileFilter[filterTestRow](&lateContext{Context: t.Context()}, list+`.all(x, x > 0)`)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.match(testEndpoint()); !errors.Is(err, errFilterDeadline) {
		t.Errorf("err = %v, want the deadline", err)
	}
	if f.cost >= 1000 {
		t.Errorf("cost %d: the comprehension ran to its end", f.cost)
	}
}

func TestFilterDeadlineBetweenObjects(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithDeadline(t.Context(), time.Now().Add(-time.Second))
	defer cancel()
	f, err := compileFilter[filterTestRow](ctx, `true`)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.match(testEndpoint()); !errors.Is(err, errFilterDeadline) {
		t.Errorf("err = %v, want the deadline", err)
	}
}

func TestFilterRefusedByEstimatedCost(t *testing.T) {
	t.Parallel()
	for _, expr := range []string{
		`obj.description.replace("a", obj.metadata).replace("b", obj.metadata).size() > 0`,
		`obj.traffic_policy.split("").exists(a, obj.traffic_policy.split("").exists(b, a == b))`,
		`obj.url.matches("` + strings.Repeat("(a|b)?", 100) + `")`,
	} {
		_, err := compileFilter[filterTestRow](t.Context(), expr)
		var serr *invalidFilterError
		if !errors.As(err, &serr) || !strings.Contains(serr.msg, "estimated worst-case cost") {
			t.Errorf("%.60s: err = %v, want the estimated cost", expr, err)
		}
	}
	_, err := compileFilter[filterTestRow](t.Context(), `obj.url.matches("`+strings.Repeat("(a|b)?", 300)+`")`)
	if err == nil || !strings.Contains(err.Error(), "regex program size") {
		t.Errorf("a regex over the program size limit: err = %v", err)
	}
}

func TestFilterGate(t *testing.T) {
	t.Parallel()
	g := make(filterGate, 1)
	release, err := g.acquire(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithDeadline(t.Context(), time.Now().Add(-time.Second))
	defer cancel()
	if _, err := g.acquire(ctx); !errors.Is(err, errFilterDeadline) {
		t.Errorf("a full gate: err = %v, want the deadline", err)
	}
	release()
	if release, err := g.acquire(t.Context()); err != nil {
		t.Errorf("a free gate: %v", err)
	} else {
		release()
	}
}

// TestFilterRegexPricedByProgramSize: a match is charged its input's size
// times its program's instructions, at run time as in the estimate.
func TestFilterRegexPricedByProgramSize(t *testing.T) {
	t.Parallel()
	pattern := strings.Repeat("(a|b)?", 20) + "c"
	f := mustCompile[filterTestRow](t, `obj.description.matches("`+pattern+`")`)
	if _, err := f.match(testEndpoint()); err != nil {
		t.Fatal(err)
	}
	insts, err := types.RegexProgramSize(pattern)
	if err != nil {
		t.Fatal(err)
	}
	if want := uint64(len("prod endpoint")+1) * uint64(insts) / regexInstBytesPerUnit; f.cost < want {
		t.Errorf("cost %d, want at least %d (%d instructions over %d bytes)", f.cost, want, insts, len("prod endpoint"))
	}
}
