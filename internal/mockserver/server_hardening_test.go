package mockserver

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// Requests an attacker or a broken client sends, each answered as the API's
// own errors are, never by net/http's defaults or by a lenient reading.

// failingBody fails the test if anything reads it.
type failingBody struct{ t *testing.T }

func (b failingBody) Read([]byte) (int, error) {
	b.t.Error("the body was read")
	return 0, errors.New("must not be read")
}

func (failingBody) Close() error { return nil }

func TestDeclaredLengthAboveTheLimitIsRefusedUnread(t *testing.T) {
	t.Parallel()
	for _, target := range []string{"/ssh_certificate_authorities", "/ssh_certificate_authorities/sshca_2RfSBcv0nsy71XCHWOegjx1OoKh"} {
		t.Run(target, func(t *testing.T) {
			t.Parallel()
			method := http.MethodPost
			if strings.Count(target, "/") == 2 {
				method = http.MethodPatch
			}
			w := do(t, New(), method, target, `{}`, func(r *http.Request) {
				r.Body = failingBody{t}
				r.ContentLength = maxBodyBytes + 1
			})
			wantError(t, w, http.StatusRequestEntityTooLarge, errBodyTooLarge.code)
		})
	}
	t.Run("control API", func(t *testing.T) {
		t.Parallel()
		w := do(t, New(), http.MethodPost, "/_mock/seed", `{}`, func(r *http.Request) {
			r.Body = failingBody{t}
			r.ContentLength = 1 << 30
		})
		wantStatus(t, w, http.StatusRequestEntityTooLarge)
	})
}

// A body of exactly the limit is still read.
func TestDeclaredLengthAtTheLimitIsRead(t *testing.T) {
	t.Parallel()
	body := `{"description":"` + strings.Repeat("x", maxBodyBytes-len(`{"description":""}`)) + `"}`
	w := do(t, New(), http.MethodPost, "/ssh_certificate_authorities", body)
	// NOTE: read and decoded: the description is then too long for the API.
	wantError(t, w, http.StatusBadRequest, errDescriptionTooLong.code)
}

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
			w := do(t, s, tc.method, tc.target, tc.body)
			wantError(t, w, http.StatusBadRequest, errInvalidJSON.code)
			if msg := decodeBody[errorBody](t, w).Msg; !strings.Contains(msg, "twice") {
				t.Errorf("msg %q does not say a key appears twice", msg)
			}
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

func TestContentEncodingIsRefused(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ method, target, body, encoding string }{
		{http.MethodPost, "/ssh_certificate_authorities", `{}`, "gzip"},
		{http.MethodPost, "/ssh_certificate_authorities", `{}`, "identity"},
		{http.MethodPost, "/ssh_certificate_authorities", `{}`, "br, gzip"},
		{http.MethodGet, "/ssh_certificate_authorities", "", "gzip"},
	} {
		t.Run(tc.method+" "+tc.encoding, func(t *testing.T) {
			t.Parallel()
			s := New()
			w := do(t, s, tc.method, tc.target, tc.body, withHeader("Content-Encoding", tc.encoding))
			wantError(t, w, http.StatusUnsupportedMediaType, errContentType.code)
			if entries, _ := s.Journal(); tc.method == http.MethodPost && len(entries) != 1 {
				t.Errorf("%d requests in the journal, want only the refused one", len(entries))
			}
		})
	}
	t.Run("control API", func(t *testing.T) {
		t.Parallel()
		w := do(t, New(), http.MethodPost, "/_mock/faults", `{"status":500}`, withHeader("Content-Encoding", "gzip"))
		wantStatus(t, w, http.StatusUnsupportedMediaType)
	})
}

func TestMalformedQueryStringIsRefused(t *testing.T) {
	t.Parallel()
	for _, target := range []string{
		"/ssh_certificate_authorities?limit=%zz",
		"/ssh_certificate_authorities?%zz=1",
		"/ssh_certificate_authorities?limit=1;before_id=x",
		"/ssh_certificate_authorities/sshca_2RfSBcv0nsy71XCHWOegjx1OoKh?x=%",
	} {
		t.Run(target, func(t *testing.T) {
			t.Parallel()
			wantError(t, do(t, New(), http.MethodGet, target, ""), http.StatusBadRequest, errInvalidValue.code)
		})
	}
}

func TestMoreThanOneAuthorizationHeader(t *testing.T) {
	t.Parallel()
	for name, second := range map[string]string{
		"a different key": "Bearer other-key",
		"the same key":    "Bearer " + DefaultAPIKey,
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			add := func(r *http.Request) { r.Header.Add("Authorization", second) }
			wantError(t, do(t, New(), http.MethodGet, "/ssh_certificate_authorities", "", add), http.StatusUnauthorized, errNoAuthorization.code)
			wantStatus(t, do(t, New(), http.MethodGet, "/_mock/journal", "", add), http.StatusUnauthorized)
		})
	}
}

// Paths that ServeMux would redirect to a cleaned form get the API's 404,
// never a redirect, on the API and on the control API alike.
func TestUncleanPathsAreNotFoundNotRedirected(t *testing.T) {
	t.Parallel()
	s := New()
	ca := newTestCA(t, s)
	for _, target := range []string{
		"//ssh_certificate_authorities",
		"/ssh_certificate_authorities/..",
		"/ssh_certificate_authorities/.",
		"/ssh_certificate_authorities/" + ca + "/.",
		"/ssh_certificate_authorities/./" + ca,
		"/x/../ssh_certificate_authorities",
		"/ssh_certificate_authorities//" + ca,
		"/ssh_certificate_authorities/%2e%2e",
		"/ssh_certificate_authorities/" + ca + "%2F..",
	} {
		t.Run(target, func(t *testing.T) {
			t.Parallel()
			w := do(t, s, http.MethodGet, target, "")
			wantError(t, w, http.StatusNotFound, "")
			if loc := w.Header().Get("Location"); loc != "" {
				t.Errorf("Location = %q, want none", loc)
			}
		})
	}
	for _, target := range []string{"/_mock//journal", "/_mock/journal/.", "/_mock/x/../journal", "/_mock/objects/ssh_certificate_authorities/" + ca + "/.."} {
		t.Run(target, func(t *testing.T) {
			t.Parallel()
			w := do(t, s, http.MethodGet, target, "")
			wantStatus(t, w, http.StatusNotFound)
			if ct := w.Header().Get("Content-Type"); ct != "application/json" {
				t.Errorf("Content-Type = %q, want application/json", ct)
			}
			if loc := w.Header().Get("Location"); loc != "" {
				t.Errorf("Location = %q, want none", loc)
			}
		})
	}
}

func TestCanonicalPath(t *testing.T) {
	t.Parallel()
	for p, want := range map[string]bool{
		"/": true, "/a": true, "/a/b": true, "/a/": true, "/a.b": true, "/a/.b": true, "/a/..b": true,
		"": false, "a": false, "//a": false, "/a//b": false, "/a/.": false, "/a/..": false, "/./a": false, "/a//": false,
	} {
		if got := canonicalPath(p); got != want {
			t.Errorf("canonicalPath(%q) = %v, want %v", p, got, want)
		}
	}
	// Every path of up to three segments drawn from these agrees with what
	// ServeMux does: a path it would redirect is exactly a non-canonical one.
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(http.ResponseWriter, *http.Request) {})
	segments := []string{"", "a", ".", "..", "b.c"}
	var paths []string
	var build func(prefix string, depth int)
	build = func(prefix string, depth int) {
		paths = append(paths, prefix)
		if depth == 3 {
			return
		}
		for _, seg := range segments {
			build(prefix+"/"+seg, depth+1)
		}
	}
	build("", 0)
	for _, p := range paths[1:] {
		r := &http.Request{Method: http.MethodGet, URL: &url.URL{Path: p}, Host: "mock"}
		w := httptest.NewRecorder()
		mux.ServeHTTP(w, r)
		if redirected := w.Code != http.StatusOK; canonicalPath(p) == redirected {
			t.Errorf("canonicalPath(%q) = %v, but ServeMux answered %d", p, canonicalPath(p), w.Code)
		}
	}
}
