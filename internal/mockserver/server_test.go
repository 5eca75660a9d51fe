package mockserver

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestRequestErrors(t *testing.T) {
	t.Parallel()
	const (
		list = "/ssh_certificate_authorities"
		one  = "/ssh_certificate_authorities/sshca_2RfSBcv0nsy71XCHWOegjx1OoKh"
	)
	tests := []struct {
		name   string
		method string
		target string
		body   string
		edits  []func(*http.Request)
		status int
		code   string
	}{
		{"no version header", "GET", list, "", []func(*http.Request){withHeader("Ngrok-Version", "")}, 400, errMissingVersion.code},
		{"unsupported version", "GET", list, "", []func(*http.Request){withHeader("Ngrok-Version", "1")}, 400, errUnsupportedVersion.code},
		{"version checked before auth", "GET", list, "", []func(*http.Request){withHeader("Ngrok-Version", ""), withHeader("Authorization", "")}, 400, errMissingVersion.code},
		{"no authorization header", "GET", list, "", []func(*http.Request){withHeader("Authorization", "")}, 401, errNoAuthorization.code},
		{"basic instead of bearer", "GET", list, "", []func(*http.Request){withHeader("Authorization", "Basic "+DefaultAPIKey)}, 403, errMalformedAPIKey.code},
		{"bearer without token", "GET", list, "", []func(*http.Request){withHeader("Authorization", "Bearer")}, 403, errMalformedAPIKey.code},
		{"bearer with empty token", "GET", list, "", []func(*http.Request){withHeader("Authorization", "Bearer ")}, 403, errMalformedAPIKey.code},
		{"token with a space", "GET", list, "", []func(*http.Request){withHeader("Authorization", "Bearer a b")}, 403, errMalformedAPIKey.code},
		{"unknown API key", "GET", list, "", []func(*http.Request){withHeader("Authorization", "Bearer not-a-key")}, 403, errUnknownAPIKey.code},
		{"auth checked before routing", "GET", "/nowhere", "", []func(*http.Request){withHeader("Authorization", "")}, 401, errNoAuthorization.code},
		{"body without content type", "POST", list, `{}`, []func(*http.Request){withHeader("Content-Type", "")}, 400, errContentType.code},
		{"body with text content type", "POST", list, `{}`, []func(*http.Request){withHeader("Content-Type", "text/plain")}, 400, errContentType.code},
		{"patch body with form content type", "PATCH", one, `{}`, []func(*http.Request){withHeader("Content-Type", "application/x-www-form-urlencoded")}, 400, errContentType.code},
		{"invalid JSON", "POST", list, `{"description":`, nil, 400, errInvalidJSON.code},
		{"JSON syntax error", "POST", list, `{"description" "x"}`, nil, 400, errInvalidJSON.code},
		{"data after the object", "POST", list, `{} {}`, nil, 400, errInvalidJSON.code},
		{"unknown field", "POST", list, `{"descriptionn":"x"}`, nil, 400, errUnknownField.code},
		{"field name in the wrong case", "POST", list, `{"Description":"x"}`, nil, 400, errUnknownField.code},
		{"string for an integer", "POST", list, `{"key_size":"4096"}`, nil, 400, errInvalidValue.code},
		{"number for a string", "POST", list, `{"description":5}`, nil, 400, errInvalidValue.code},
		{"fraction for an integer", "POST", list, `{"key_size":2048.5}`, nil, 400, errInvalidValue.code},
		{"array body", "POST", list, `[]`, nil, 400, errInvalidValue.code},
		{"unknown query parameter on a list", "GET", list + "?page=2", "", nil, 400, errUnknownQueryParameter.code},
		{"query parameter on a get", "GET", one + "?limit=1", "", nil, 400, errUnknownQueryParameter.code},
		{"limit zero", "GET", list + "?limit=0", "", nil, 400, errInvalidLimit.code},
		{"limit above 100", "GET", list + "?limit=101", "", nil, 400, errInvalidLimit.code},
		{"limit not an integer", "GET", list + "?limit=ten", "", nil, 400, errInvalidLimit.code},
		{"limit empty", "GET", list + "?limit=", "", nil, 400, errInvalidLimit.code},
		{"get with wrong ID prefix", "GET", list + "/rd_2RfSBcv0nsy71XCHWOegjx1OoKh", "", nil, 400, errWrongIDPrefix.code},
		{"patch with wrong ID prefix", "PATCH", list + "/rd_2RfSBcv0nsy71XCHWOegjx1OoKh", `{}`, nil, 400, errWrongIDPrefix.code},
		{"delete with wrong ID prefix", "DELETE", list + "/shcrt_2RfSBcv0nsy71XCHWOegjx1OoKh", "", nil, 400, errWrongIDPrefix.code},
		{"before_id with wrong prefix", "GET", list + "?before_id=rd_2RfSBcv0nsy71XCHWOegjx1OoKh", "", nil, 400, errWrongIDPrefix.code},
		{"malformed before_id", "GET", list + "?before_id=sshca_2RfSBcv0nsy71XCHWOegjx1Oo-h", "", nil, 400, errInvalidValue.code},
		{"short before_id", "GET", list + "?before_id=sshca_2RfSBcv0nsy71XCHWOegjx1Ook", "", nil, 400, errInvalidValue.code},
		{"filter syntax error", "GET", list + "?filter=obj.description%20%3D%3D", "", nil, 400, errInvalidFilter.code},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			w := do(t, New(), tt.method, tt.target, tt.body, tt.edits...)
			wantError(t, w, tt.status, tt.code)
		})
	}
}

func TestBodyTooLarge(t *testing.T) {
	t.Parallel()
	body := `{"description":"` + strings.Repeat("x", maxBodyBytes) + `"}`
	w := do(t, New(), http.MethodPost, "/ssh_certificate_authorities", body)
	wantError(t, w, http.StatusRequestEntityTooLarge, errBodyTooLarge.code)
}

func TestErrorMessagesNameTheProblem(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, method, target, body string
		want                       []string
	}{
		{"unknown field names the field and the accepted ones", "POST", "/ssh_certificate_authorities", `{"colour":"red"}`,
			[]string{`"colour"`, "description", "private_key_type"}},
		{"wrong type names the field", "POST", "/ssh_certificate_authorities", `{"key_size":"big"}`,
			[]string{`"key_size"`, "integer", "string"}},
		{"unknown query parameter names it", "GET", "/ssh_certificate_authorities?sort=asc", "",
			[]string{`"sort"`, "limit", "before_id", "filter"}},
		{"syntax error gives CEL's message and position", "GET", "/ssh_certificate_authorities?filter=obj.a%20%3D%3D%20(1", "",
			[]string{"Invalid CEL query", "filter:1:12", "missing ')'"}},
		{"unknown field names it and the fields the list takes", "GET", "/ssh_certificate_authorities?filter=obj.no_such_field%20%3D%3D%20%22x%22", "",
			[]string{"unsupported field: obj.no_such_field", "obj.id, obj.created_at, obj.description, or obj.metadata"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			w := do(t, New(), tt.method, tt.target, tt.body)
			msg := decodeBody[errorBody](t, w).Msg
			for _, want := range tt.want {
				if !strings.Contains(msg, want) {
					t.Errorf("msg %q does not contain %s", msg, want)
				}
			}
		})
	}
}

func TestNotFoundHasNoErrorCode(t *testing.T) {
	t.Parallel()
	for name, target := range map[string]string{
		"unknown object": "/ssh_certificate_authorities/sshca_2RfSBcv0nsy71XCHWOegjx1OoKh",
		"unknown route":  "/ssh_host_keys",
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			w := do(t, New(), http.MethodGet, target, "")
			wantError(t, w, http.StatusNotFound, "")
			var raw map[string]any
			if err := json.Unmarshal(w.Body.Bytes(), &raw); err != nil {
				t.Fatal(err)
			}
			if _, ok := raw["error_code"]; ok {
				t.Errorf("body %s has error_code; the real API's 404 has none", w.Body)
			}
			if raw["msg"] != "Resource not found" {
				t.Errorf("msg = %v, want Resource not found", raw["msg"])
			}
		})
	}
}

func TestMethodNotAllowed(t *testing.T) {
	t.Parallel()
	w := do(t, New(), http.MethodPut, "/ssh_certificate_authorities/sshca_2RfSBcv0nsy71XCHWOegjx1OoKh", `{}`)
	wantError(t, w, http.StatusMethodNotAllowed, "")
	if got := w.Header().Get("Allow"); got != "GET, PATCH, DELETE" {
		t.Errorf("Allow = %q, want GET, PATCH, DELETE", got)
	}
}

func TestOperationIDOnEveryResponse(t *testing.T) {
	t.Parallel()
	s := New()
	seen := map[string]bool{}
	for _, w := range []interface {
		Header() http.Header
	}{
		do(t, s, http.MethodPost, "/ssh_certificate_authorities", ""),
		do(t, s, http.MethodGet, "/ssh_certificate_authorities", ""),
		do(t, s, http.MethodGet, "/ssh_certificate_authorities", "", withHeader("Ngrok-Version", "")),
		do(t, s, http.MethodGet, "/nowhere", ""),
	} {
		op := w.Header().Get(headerOperationID)
		if !opIDPattern.MatchString(op) {
			t.Errorf("%s = %q, want op_ and 27 base-62 characters", headerOperationID, op)
		}
		if seen[op] {
			t.Errorf("operation ID %s repeated", op)
		}
		seen[op] = true
	}
}

func TestIDSourceMakesIDsReproducible(t *testing.T) {
	t.Parallel()
	// NOTE: IDs hold the time, so the clock is fixed too.
	at := time.Date(2025, 9, 4, 10, 11, 14, 0, time.UTC)
	run := func() (op, id string) {
		s := New(WithIDSource(seededIDs(7)), WithClock(func() time.Time { return at }))
		w := do(t, s, http.MethodPost, "/ssh_certificate_authorities", "")
		wantStatus(t, w, http.StatusCreated)
		return w.Header().Get(headerOperationID), decodeBody[sshCAWire](t, w).ID
	}
	op1, id1 := run()
	op2, id2 := run()
	if op1 != op2 || id1 != id2 {
		t.Errorf("same seed gave (%s, %s) then (%s, %s)", op1, id1, op2, id2)
	}
	if !sshCAIDPattern.MatchString(id1) {
		t.Errorf("id = %q, want sshca_ and 27 base-62 characters", id1)
	}
}

func TestExhaustedIDSourceIsAServerError(t *testing.T) {
	t.Parallel()
	w := do(t, New(WithIDSource(bytes.NewReader(nil))), http.MethodGet, "/ssh_certificate_authorities", "")
	wantError(t, w, http.StatusInternalServerError, "")
}

// IDs are distinct by construction (ids.go): even a reader of zeros, which
// gives every ID the same random part, mints distinct ones.
func TestZeroIDSourceStillMintsDistinctIDs(t *testing.T) {
	t.Parallel()
	s := New(WithIDSource(zeros{}))
	a := createCA(t, s, "")
	b := createCA(t, s, "")
	if a.ID >= b.ID {
		t.Errorf("second ID %s is not greater than the first %s", b.ID, a.ID)
	}
	if !sshCAIDPattern.MatchString(b.ID) {
		t.Errorf("id = %q, want sshca_ and 27 base-62 characters", b.ID)
	}
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

func TestSuccessStatusesAndContentType(t *testing.T) {
	t.Parallel()
	s := New()
	w := do(t, s, http.MethodPost, "/ssh_certificate_authorities", `{"description":"a"}`)
	wantStatus(t, w, http.StatusCreated)
	id := decodeBody[sshCAWire](t, w).ID
	tests := []struct {
		method, target, body string
		status               int
	}{
		{http.MethodGet, "/ssh_certificate_authorities", "", http.StatusOK},
		{http.MethodGet, "/ssh_certificate_authorities/" + id, "", http.StatusOK},
		{http.MethodPatch, "/ssh_certificate_authorities/" + id, `{"description":"b"}`, http.StatusOK},
		{http.MethodDelete, "/ssh_certificate_authorities/" + id, "", http.StatusNoContent},
	}
	for _, tt := range tests {
		w := do(t, s, tt.method, tt.target, tt.body)
		wantStatus(t, w, tt.status)
		ct := w.Header().Get("Content-Type")
		switch {
		case tt.status == http.StatusNoContent && (w.Body.Len() != 0 || ct != ""):
			t.Errorf("%s: body %q with Content-Type %q, want neither", tt.method, w.Body, ct)
		case tt.status != http.StatusNoContent && ct != "application/json":
			t.Errorf("%s: Content-Type = %q, want application/json", tt.method, ct)
		}
	}
}

func TestJSONContentTypeWithParameters(t *testing.T) {
	t.Parallel()
	w := do(t, New(), http.MethodPost, "/ssh_certificate_authorities", `{}`,
		withHeader("Content-Type", "application/json; charset=utf-8"))
	wantStatus(t, w, http.StatusCreated)
}

func TestCreateWithoutBody(t *testing.T) {
	t.Parallel()
	w := do(t, New(), http.MethodPost, "/ssh_certificate_authorities", "")
	wantStatus(t, w, http.StatusCreated)
	if got := decodeBody[sshCAWire](t, w).KeyType; got != keyTypeEd25519 {
		t.Errorf("key_type = %q, want the default ed25519", got)
	}
}

func TestAPIKeys(t *testing.T) {
	t.Parallel()
	s := New(WithAPIKeys("key-one", "key-two"))
	tests := []struct {
		key    string
		status int
	}{
		{"key-one", http.StatusOK},
		{"key-two", http.StatusOK},
		{DefaultAPIKey, http.StatusForbidden},
	}
	for _, tt := range tests {
		t.Run(tt.key, func(t *testing.T) {
			t.Parallel()
			w := do(t, s, http.MethodGet, "/ssh_certificate_authorities", "", withHeader("Authorization", "Bearer "+tt.key))
			wantStatus(t, w, tt.status)
		})
	}
}

func TestIdempotentCreateReplays(t *testing.T) {
	t.Parallel()
	s := New()
	key := withHeader("Idempotency-Key", "create-1")
	first := do(t, s, http.MethodPost, "/ssh_certificate_authorities", `{"description":"once"}`, key)
	second := do(t, s, http.MethodPost, "/ssh_certificate_authorities", `{"description":"once"}`, key)
	wantStatus(t, first, http.StatusCreated)
	wantStatus(t, second, http.StatusCreated)
	if first.Body.String() != second.Body.String() {
		t.Errorf("replay body %s differs from first %s", second.Body, first.Body)
	}
	if n := len(listCAs(t, s, "/ssh_certificate_authorities").Items); n != 1 {
		t.Errorf("collection has %d objects, want 1", n)
	}
}

func TestIdempotencyKeyWithOtherBodyConflicts(t *testing.T) {
	t.Parallel()
	s := New()
	key := withHeader("Idempotency-Key", "create-1")
	wantStatus(t, do(t, s, http.MethodPost, "/ssh_certificate_authorities", `{"description":"a"}`, key), http.StatusCreated)
	w := do(t, s, http.MethodPost, "/ssh_certificate_authorities", `{"description":"b"}`, key)
	wantError(t, w, http.StatusConflict, errIdempotencyMismatch.code)
}

func TestIdempotencyKeysArePerAPIKey(t *testing.T) {
	t.Parallel()
	s := New(WithAPIKeys("key-one", "key-two"))
	for _, apiKey := range []string{"key-one", "key-two"} {
		w := do(t, s, http.MethodPost, "/ssh_certificate_authorities", `{}`,
			withHeader("Authorization", "Bearer "+apiKey), withHeader("Idempotency-Key", "shared"))
		wantStatus(t, w, http.StatusCreated)
	}
	if n := s.sshCAs.len(); n != 2 {
		t.Errorf("collection has %d objects, want 2", n)
	}
}

func TestIdempotencyKeyOfARefusedCreateIsReusable(t *testing.T) {
	t.Parallel()
	s := New()
	key := withHeader("Idempotency-Key", "create-1")
	wantError(t, do(t, s, http.MethodPost, "/ssh_certificate_authorities", `{"private_key_type":"dsa"}`, key),
		http.StatusBadRequest, errSSHCAKeyType.code)
	wantStatus(t, do(t, s, http.MethodPost, "/ssh_certificate_authorities", `{}`, key), http.StatusCreated)
}

func TestConcurrentIdempotentCreatesMakeOneObject(t *testing.T) {
	t.Parallel()
	s := New()
	const n = 20
	bodies := make([]string, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			w := do(t, s, http.MethodPost, "/ssh_certificate_authorities", `{"description":"race"}`,
				withHeader("Idempotency-Key", "same"))
			if w.Code != http.StatusCreated {
				t.Errorf("status = %d, body %s", w.Code, w.Body)
			}
			bodies[i] = w.Body.String()
		})
	}
	wg.Wait()
	for i, b := range bodies {
		if b != bodies[0] {
			t.Errorf("response %d = %s, want the first response %s", i, b, bodies[0])
		}
	}
	if got := s.sshCAs.len(); got != 1 {
		t.Errorf("collection has %d objects, want 1", got)
	}
}

func TestClockSetsCreatedAt(t *testing.T) {
	t.Parallel()
	at := time.Date(2025, 9, 4, 12, 11, 14, 987654321, time.FixedZone("CEST", 2*60*60))
	w := do(t, New(WithClock(func() time.Time { return at })), http.MethodPost, "/ssh_certificate_authorities", "")
	wantStatus(t, w, http.StatusCreated)
	if got := rawFields(t, w.Body.Bytes())["created_at"]; got != "2025-09-04T10:11:14Z" {
		t.Errorf("created_at = %v, want UTC whole seconds 2025-09-04T10:11:14Z", got)
	}
}

// TestWireTimestamps pins the bytes of every timestamp of the filterable
// objects, whose wire structs hold time.Time: UTC, whole seconds, no
// fraction, and null where unset, exactly as when they were strings.
func TestWireTimestamps(t *testing.T) {
	t.Parallel()
	clock := &rdClock{now: time.Date(2025, 9, 4, 12, 11, 14, 987654321, time.FixedZone("CEST", 2*60*60))}
	s := New(WithClock(clock.Now), WithCertificateIssueDelay(time.Minute))
	body := func(w *httptest.ResponseRecorder) string {
		t.Helper()
		if w.Code/100 != 2 {
			t.Fatalf("status %d: %s", w.Code, w.Body)
		}
		return w.Body.String()
	}
	ca := body(do(t, s, http.MethodPost, "/ssh_certificate_authorities", `{}`))
	issued := body(do(t, s, http.MethodPost, "/reserved_domains", `{"domain":"a.example.com","certificate_management_policy":{}}`))
	body(do(t, s, http.MethodPost, "/reserved_domains", `{"domain":"b.example.invalid","certificate_management_policy":{}}`))
	clock.Advance(time.Minute)
	ep := body(do(t, s, http.MethodPost, "/endpoints", `{"url":"https://a.example.com","traffic_policy":"{}"}`))
	rdList := body(do(t, s, http.MethodGet, "/reserved_domains", ""))

	const at, later = `"2025-09-04T10:11:14Z"`, `"2025-09-04T10:12:14Z"`
	for _, tt := range []struct{ name, body, want string }{
		{"authority created_at", ca, `"created_at":` + at},
		{"domain created_at", issued, `"created_at":` + at},
		{"job in progress", issued, `"certificate_management_status":{"renews_at":null,"provisioning_job":{"error_code":null,"msg":"` +
			msgProvisioning + `","started_at":` + at + `,"retries_at":null}}`},
		{"issued", rdList, `"certificate_management_status":{"renews_at":"2025-11-03T10:12:14Z","provisioning_job":null}`},
		{"job failed", rdList, `"started_at":` + at + `,"retries_at":"2025-09-04T11:12:14Z"}}`},
		{"endpoint", ep, `"created_at":` + later + `,"updated_at":` + later + `,`},
	} {
		if !strings.Contains(tt.body, tt.want) {
			t.Errorf("%s: %s does not contain %s", tt.name, tt.body, tt.want)
		}
	}
}

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
