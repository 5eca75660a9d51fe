package mockserver

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"cel.dev/cel-go/cel"
)

// testEndpoint is a row as a filter sees it: the wire value of an endpoint.
func testEndpoint() *endpointWire {
	created := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	return &endpointWire{
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
			f := mustCompile[endpointWire](t, tt.expr)
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
		if ok, err := mustCompile[endpointWire](t, expr).match(w); !ok || err != nil {
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
			_, err := compileFilter[endpointWire](t.Context(), tt.expr)
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
// examples and documentation use through the collection's environment, so
// that none of them meets a 400 from the mock.
func TestFilterExamplesCompile(t *testing.T) {
	t.Parallel()
	check := func(t *testing.T, compile func(context.Context, string) (*celFilter, error), filters ...string) {
		t.Helper()
		for _, f := range filters {
			if _, err := compile(t.Context(), f); err != nil {
				t.Errorf("%s: %v", f, err)
			}
		}
	}
	check(t, compileFilter[sshCAWire],
		`obj.key_type == 'ed25519' && obj.description.startsWith('prod')`,
		`obj.description.startsWith('prod')`,
		`obj.description == 'nothing has this'`,
		`obj.description == "x"`,
		`obj.key_type == "ed25519"`,
		`obj.description.startsWith("ca 99")`,
	)
	check(t, compileFilter[reservedDomainWire],
		`obj.cname_target != null && obj.certificate_management_policy != null`,
		`obj.cname_target != null`,
		`obj.cname_target == null`,
		`obj.certificate_management_policy != null`,
		`obj.domain == 'nothing.example.com'`,
		`obj.domain.endsWith(".example.com")`,
		`obj.domain == "b.ngrok.app"`,
	)
	check(t, compileFilter[endpointWire],
		`"public" in obj.bindings && obj.metadata.contains('prod')`,
		`"public" in obj.bindings && obj.type != 'cloud'`,
		`obj.description.startsWith('dev') || obj.description.startsWith('shop')`,
		`obj.metadata.contains('"team":"platform"')`,
		`obj.metadata.contains("prod")`,
		`obj.type == "cloud"`,
		`obj.type != "cloud" && "public" in obj.bindings`,
		`(obj.name == 'a' || true)`,
		`("public" in obj.bindings) && obj.type == "edge" && obj.url == "https://app.example.com"`,
		`obj.hostport == "abc.ngrok.app:443"`,
	)
}

func TestFilterCostLimitPerObject(t *testing.T) {
	t.Parallel()
	s := New()
	createCA(t, s, `{"description":"a"}`)
	// 50³ iterations: far above the limit for one object, and a stop at
	// once rather than after the whole loop.
	list := "[" + strings.TrimSuffix(strings.Repeat("1,", 50), ",") + "]"
	filter := list + ".all(a, " + list + ".all(b, " + list + ".all(c, a + b + c > 0)))"
	w := do(t, s, http.MethodGet, "/ssh_certificate_authorities?filter="+url.QueryEscape(filter), "")
	wantError(t, w, http.StatusBadRequest, errInvalidValue.code)
	if msg := decodeBody[errorBody](t, w).Msg; !strings.Contains(msg, "cost limit") {
		t.Errorf("msg %q does not name the cost limit", msg)
	}
}

func TestFilterCostLimitPerList(t *testing.T) {
	t.Parallel()
	f := mustCompile[endpointWire](t, `obj.bindings.exists(b, b == "none")`)
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
	f, err := compileFilter[endpointWire](ctx, `true`)
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
	tests := []struct {
		collection, filter string
		want               []string
	}{
		{collReservedDomains, `obj.created_at > timestamp("2025-09-05T00:00:00Z")`, []string{failing.ID, managed.ID}},
		{collReservedDomains, `obj.created_at == timestamp("` + rdTestStartStr + `")`, []string{plain.ID}},
		{collReservedDomains, `obj.certificate.id == "` + certID + `"`, []string{managed.ID}},
		{collReservedDomains, `obj.certificate != null`, []string{managed.ID}},
		{collReservedDomains, `obj.certificate_management_status.renews_at > obj.created_at + duration("720h")`, []string{managed.ID}},
		{collReservedDomains, `has(obj.certificate_management_status.renews_at)`, []string{managed.ID}},
		{collReservedDomains, `obj.certificate_management_status.provisioning_job.error_code == "DNS_ERROR"`, []string{failing.ID}},
		{collReservedDomains, `obj.certificate_management_status.provisioning_job.retries_at - obj.certificate_management_status.provisioning_job.started_at > duration("1h")`, []string{failing.ID}},
		{collReservedDomains, `obj.certificate_management_policy.private_key_type == "ecdsa"`, []string{failing.ID, managed.ID}},
		{collReservedDomains, `size(obj.description) > 2`, []string{plain.ID}},
		{collReservedDomains, `obj.description.matches("^a")`, []string{plain.ID}},
		{collReservedDomains, `obj.http_endpoint_configuration == null && obj.error_redirect_url == null`, []string{failing.ID, managed.ID, plain.ID}},
		{collEndpoints, `obj.domain.id == "` + managed.ID + `" && obj.port == 443`, []string{ep.ID}},
		{collEndpoints, `"public" in obj.bindings && obj.updated_at == obj.created_at`, []string{ep.ID}},
		{collEndpoints, `obj.domain.id == "` + plain.ID + `"`, nil},
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

func TestFilterProgramCache(t *testing.T) {
	t.Parallel()
	c := &programCache{programs: map[programKey]cel.Program{}}
	rt := reflect.TypeFor[endpointWire]()
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
