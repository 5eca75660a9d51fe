package mockserver

import (
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"runtime"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	ngrokopenapi "github.com/tfedge/terraform-provider-ngrok/third_party/ngrok-openapi"
)

func TestDuplicateKeysAreInvalidJSON(t *testing.T) {
	t.Parallel()
	s := New()
	ca := newTestCA(t, s)
	for name, tc := range map[string]struct{ method, target, body string }{
		"top level, the refused value first": {http.MethodPost, "/ssh_certificate_authorities",
			`{"private_key_type":"dsa","private_key_type":"ed25519"}`},
		"top level, equal values": {http.MethodPost, "/ssh_certificate_authorities",
			`{"description":"a","description":"a"}`},
		"in a PATCH": {http.MethodPatch, "/ssh_certificate_authorities/" + ca,
			`{"description":"a","metadata":"","description":"b"}`},
		"in a nested object": {http.MethodPost, "/ssh_user_certificates",
			`{"ssh_certificate_authority_id":"` + ca + `","public_key":"x","critical_options":{"force-command":"/bin/a","force-command":"/bin/b"}}`},
		"with an escaped spelling": {http.MethodPost, "/ssh_certificate_authorities",
			`{"description":"a","descr\u0069ption":"b"}`},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			// NOTE: each body is otherwise valid JSON that the route would
			// take or refuse with another code: 213 is the duplicate's.
			w := do(t, s, tc.method, tc.target, tc.body)
			wantError(t, w, http.StatusBadRequest, errInvalidJSON.code)
		})
	}
}

func TestDuplicateKey(t *testing.T) {
	t.Parallel()
	for body, want := range map[string]string{
		`{"a":1,"a":2}`:                           "a",
		`{"a":{"b":1,"c":{"d":[],"d":{}}}}`:       "a.c.d",
		`{"a":[{"b":1},{"b":1,"b":2}]}`:           "a.1.b",
		`[[{"x":1}],[{"y":1,"y":1}]]`:             "1.0.y",
		`{"a":{"a":1},"b":{"a":1},"c":[{"a":1}]}`: "",
		`{"a":[{"b":1},{"b":2}]}`:                 "",
		`{"a":"a","b":"a"}`:                       "",
		`{}`:                                      "",
		`"a"`:                                     "",
		`{"a":1,`:                                 "",
		`{"a":1} {"a":1,"a":1}`:                   "",
	} {
		got, found := duplicateKey([]byte(body))
		if got != want || found != (want != "") {
			t.Errorf("duplicateKey(%s) = %q, %v; want %q", body, got, found, want)
		}
	}
}

func TestJSONDepth(t *testing.T) {
	t.Parallel()
	for body, want := range map[string]int{
		``: 0, `1`: 0, `{}`: 1, `[[]]`: 2, `{"a":[{"b":[]}]}`: 4,
		`"[[[["`: 0, `{"a":"]]]\"[[["}`: 1, `{"a\\":[1]}`: 2, `[[[`: 3,
	} {
		if got := jsonDepth([]byte(body)); got != want {
			t.Errorf("jsonDepth(%s) = %d, want %d", body, got, want)
		}
	}
}

// nested is n arrays inside each other around inner.
func nested(n int, inner string) string {
	return strings.Repeat("[", n) + inner + strings.Repeat("]", n)
}

func TestDecodeStrictRefusesDeepNesting(t *testing.T) {
	t.Parallel()
	deep := func(n int) string { // n levels in all, the body's object counted
		return `{"description":"x","metadata":` + nested(n-1, `1`) + `}`
	}
	// NOTE: at the limit the decoder refuses the value (an array for a
	// string, 215); one level deeper the depth check refuses the body (213).
	if err := decodeStrict([]byte(deep(maxJSONDepth)), new(sshCACreate)); err == nil || err.code != errInvalidValue.code {
		t.Errorf("a body %d levels deep: %v, want the decoder's own refusal of the value, %s", maxJSONDepth, err, errInvalidValue.code)
	}
	for _, body := range []string{deep(maxJSONDepth + 1), nested(maxJSONDepth+1, ""), `{"a":{"a":` + nested(100, "") + `,"a":1}}`} {
		err := decodeStrict([]byte(body), new(sshCACreate))
		if err == nil || err.code != errInvalidJSON.code {
			t.Errorf("%.40s...: %v, want %s for the depth", body, err, errInvalidJSON.code)
		}
	}
}

// allocated returns how many bytes fn allocates. NOTE: the count is the
// process's; the tests that use it do not run in parallel, so it is fn's
// give or take the runtime's own.
func allocated(fn func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	fn()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// maxAllocPerBodyByte and maxAllocPerRequest bound what one request may
// allocate in all (garbage included, so its peak too): this multiple of its
// body's size, plus a constant. NOTE: measured at most about 100 (a YAML
// traffic policy of a thousand rules, yaml.v3's cost), 90 (an array of
// numbers where strings are due: encoding/json's errors), 26 (the deepest
// nesting allowed, repeated).
const (
	maxAllocPerBodyByte = 128
	maxAllocPerRequest  = 1 << 20
)

// TestDeepNestingIsRefusedInLinearMemory is issue 19's reproduction:
// "["*40000 + "]"*40000 posted to /ssh_certificate_authorities took the mock
// from 16 MB to 1.7 GB, quadratic in the depth. Each variant, up to the
// body limit, is the API's 400 and allocates a bounded multiple of its size.
// NOTE: not parallel, so that the allocation counted is the request's.
func TestDeepNestingIsRefusedInLinearMemory(t *testing.T) {
	s := New()
	for _, n := range []int{40_000, 60_000, maxBodyBytes / 2} {
		body := nested(n, "")
		var w *httptest.ResponseRecorder
		bytes := allocated(func() { w = do(t, s, http.MethodPost, "/ssh_certificate_authorities", body) })
		wantError(t, w, http.StatusBadRequest, errInvalidJSON.code)
		if limit := uint64(maxAllocPerBodyByte*len(body) + maxAllocPerRequest); bytes > limit {
			t.Errorf("%d levels (%d bytes): %d bytes allocated, over %d", n, len(body), bytes, limit)
		}
		t.Logf("%d levels, %d bytes: %d bytes allocated (%.1f per body byte)", n, len(body), bytes, float64(bytes)/float64(len(body)))
	}
}

// TestAnyBodyAllocatesLinearly is the property behind the depth limit: a
// body of any shape, up to the body limit, allocates at most a fixed
// multiple of its size, whatever the route does with it. Shapes: the
// deepest nesting allowed, repeated; wide objects; long arrays of small
// values; strings full of escapes; a key twice at the end; traffic
// policies (JSON and YAML inside a string) nested deeply.
// NOTE: not parallel, so that the allocation counted is the request's.
func TestAnyBodyAllocatesLinearly(t *testing.T) {
	s := New()
	ca := newTestCA(t, s)
	fill := func(size int, unit string) string { return strings.Repeat(unit, max(1, size/len(unit))) }
	list := func(size int, unit string) string {
		return strings.TrimSuffix(fill(size, unit+","), ",")
	}
	shapes := map[string]func(size int) (target, body string){
		"deepest nesting, repeated": func(size int) (string, string) {
			return "/ssh_certificate_authorities", `{"principals":[` + list(size, nested(maxJSONDepth-2, "")) + `]}`
		},
		"wide object": func(size int) (string, string) {
			var b strings.Builder
			b.WriteString(`{"critical_options":{`)
			for i := 0; b.Len() < size-16; i++ {
				fmt.Fprintf(&b, `"k%d":"",`, i)
			}
			return "/ssh_user_certificates", b.String() + `"x":""}}`
		},
		"long array of numbers": func(size int) (string, string) {
			return "/ssh_user_certificates", `{"ssh_certificate_authority_id":"` + ca + `","principals":[` + list(size, "1") + `]}`
		},
		"long array of strings": func(size int) (string, string) {
			return "/ssh_user_certificates", `{"ssh_certificate_authority_id":"` + ca + `","principals":[` + list(size, `"a"`) + `]}`
		},
		"escapes": func(size int) (string, string) {
			return "/ssh_certificate_authorities", `{"description":"` + fill(size, `\u00e9\"`) + `"}`
		},
		"a key twice at the end": func(size int) (string, string) {
			return "/ssh_certificate_authorities", `{"metadata":"` + fill(size, "m") + `","description":"a","description":"b"}`
		},
		"deep JSON traffic policy": func(size int) (string, string) {
			return "/endpoints", `{"url":"https://a.example.com","traffic_policy":"` + nested(size/2, "") + `"}`
		},
		"deep YAML traffic policy": func(size int) (string, string) {
			return "/endpoints", `{"url":"https://a.example.com","traffic_policy":"on_http_request: ` + nested(size/2, "") + `"}`
		},
		"wide YAML traffic policy": func(size int) (string, string) {
			return "/endpoints", `{"url":"https://a.example.com","traffic_policy":"on_http_request: [` + list(size, "{}") + `]"}`
		},
	}
	for name, shape := range shapes {
		for _, size := range []int{1 << 10, 64 << 10, maxBodyBytes - 256} {
			target, body := shape(size)
			if len(body) > maxBodyBytes {
				t.Fatalf("%s: a body of %d bytes, over the limit", name, len(body))
			}
			var w *httptest.ResponseRecorder
			bytes := allocated(func() { w = do(t, s, http.MethodPost, target, body) })
			if w.Code >= 500 {
				t.Errorf("%s, %d bytes: %d %s", name, len(body), w.Code, w.Body)
			}
			if limit := uint64(maxAllocPerBodyByte*len(body) + maxAllocPerRequest); bytes > limit {
				t.Errorf("%s, %d bytes: %d bytes allocated, over %d", name, len(body), bytes, limit)
			}
			t.Logf("%s, %d bytes: %d %d bytes allocated (%.1f per body byte)", name, len(body), w.Code, bytes, float64(bytes)/float64(len(body)))
		}
	}
}

// The repeatable query parameters are the spec's array parameters.
func TestRepeatableQueryFollowsTheSpec(t *testing.T) {
	t.Parallel()
	var doc struct {
		Paths map[string]map[string]struct {
			Parameters []struct {
				Name   string `yaml:"name"`
				In     string `yaml:"in"`
				Schema struct {
					Type string `yaml:"type"`
				} `yaml:"schema"`
			} `yaml:"parameters"`
		} `yaml:"paths"`
	}
	if err := yaml.Unmarshal(ngrokopenapi.Facts, &doc); err != nil {
		t.Fatal(err)
	}
	arrays := map[string]bool{}
	for _, ops := range doc.Paths {
		for _, op := range ops {
			for _, p := range op.Parameters {
				if p.In == "query" && p.Schema.Type == "array" {
					arrays[p.Name] = true
				}
			}
		}
	}
	if got, want := slices.Sorted(slices.Values(repeatableQuery)), slices.Sorted(maps.Keys(arrays)); !slices.Equal(got, want) {
		t.Errorf("repeatableQuery = %v, the spec's array parameters %v", got, want)
	}
	// A repeatable parameter is taken twice; a single-valued one is not.
	wantStatus(t, do(t, New(), http.MethodGet, "/endpoints?id=ep_2RfSBcv0nsy71XCHWOegjx1OoKh&id=ep_2RfSBcv0nsy71XCHWOegjx1OoKi", ""), http.StatusOK)
	wantError(t, do(t, New(), http.MethodGet, "/endpoints?filter=true&filter=true", ""), http.StatusBadRequest, errQueryParameterRepeated.code)
}
