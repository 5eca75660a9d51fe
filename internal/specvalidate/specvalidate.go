// Package specvalidate holds the test suite to ngrok's OpenAPI spec: Handler
// wraps a mock server so that every request a test sends it and every answer
// it gives is validated against the facts of the spec that the repository
// keeps (third_party/ngrok-openapi), and a violation fails the test that
// caused it. Tests only: no production path imports it.
//
// What is validated: the request's operation (method and path), its
// parameters (one the operation does not declare is a violation), its
// Authorization header and its body; the answer's status and body, an
// error answer against the API's error body (which the facts add to the
// spec, that lists none). Objects are closed: a field the spec does not name is a
// violation in a request (the real API refuses it, ERR_NGROK_214) and in an
// answer (the mock invented it, or the spec is behind).
//
// With NGROK_SPEC_COVERAGE set to a file, the operations the tests exercise
// are appended to it (cmd/spec-coverage counts them; make spec-coverage).
package specvalidate

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"

	ngrokopenapi "github.com/tfedge/terraform-provider-ngrok/third_party/ngrok-openapi"
)

// CoverageEnv names the file the operations exercised are appended to.
const CoverageEnv = "NGROK_SPEC_COVERAGE"

// exemptPrefixes are the paths that are not the API: the mock's control API
// (internal/mockserver/admin.go), which tests use to arrange and inspect the
// mock. NOTE: the one place an exemption is declared.
var exemptPrefixes = []string{"/_mock/"}

// Reporter is the part of testing.TB a Handler reports to.
type Reporter interface {
	Errorf(format string, args ...any)
}

// Spec is the loaded spec with its router.
type Spec struct {
	doc    *openapi3.T
	router routers.Router
}

// Load parses the spec once per process.
var Load = sync.OnceValues(func() (*Spec, error) { return load(ngrokopenapi.Facts) })

func load(facts []byte) (*Spec, error) {
	doc, err := openapi3.NewLoader().LoadFromData(facts)
	if err != nil {
		return nil, fmt.Errorf("loading the spec: %w", err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		return nil, fmt.Errorf("the spec is not valid OpenAPI: %w", err)
	}
	closeObjects(doc)
	// NOTE: the spec's server is https://api.ngrok.com; a mock listens
	// elsewhere, so operations are matched by method and path alone.
	doc.Servers = nil
	router, err := gorillamux.NewRouter(doc)
	if err != nil {
		return nil, fmt.Errorf("routing the spec: %w", err)
	}
	return &Spec{doc: doc, router: router}, nil
}

// closeObjects refuses, in every object schema that names its properties,
// a property it does not name. NOTE: done here, not in the facts: it is our
// validation policy, not something ngrok's spec says.
func closeObjects(doc *openapi3.T) {
	closed := false
	for _, ref := range doc.Components.Schemas {
		s := ref.Value
		if s == nil || len(s.Properties) == 0 || s.AdditionalProperties.Has != nil || s.AdditionalProperties.Schema != nil {
			continue
		}
		s.AdditionalProperties.Has = &closed
	}
}

// Operation is one operation of the spec.
type Operation struct {
	ID, Method, Path string
}

// Operations lists the spec's operations by ID.
func (s *Spec) Operations() []Operation {
	var ops []Operation
	for path, item := range s.doc.Paths.Map() {
		for method, op := range item.Operations() {
			ops = append(ops, Operation{ID: op.OperationID, Method: method, Path: path})
		}
	}
	slices.SortFunc(ops, func(a, b Operation) int { return strings.Compare(a.ID, b.ID) })
	return ops
}

// Coverage splits the spec's operations into those whose IDs are in seen
// and the others.
func (s *Spec) Coverage(seen []string) (covered, missed []Operation) {
	for _, op := range s.Operations() {
		if slices.Contains(seen, op.ID) {
			covered = append(covered, op)
		} else {
			missed = append(missed, op)
		}
	}
	return covered, missed
}

// Handler serves h, validating each request before h serves it and each
// answer after; a violation is reported to t with the operation, the method,
// the path and kin-openapi's message. Requests are served whatever the
// verdict, so a test sees the mock's own answer too.
func Handler(t Reporter, h http.Handler) http.Handler {
	spec, err := Load()
	if err != nil {
		t.Errorf("spec validation: %v", err)
		return h
	}
	return &validating{spec: spec, t: t, next: h}
}

type validating struct {
	spec *Spec
	t    Reporter
	next http.Handler
}

func (v *validating) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if exempt(r.URL.Path) {
		v.next.ServeHTTP(w, r)
		return
	}
	// NOTE: a request made in-process (no server) may have no body at all.
	var body []byte
	if r.Body != nil {
		b, err := io.ReadAll(r.Body)
		if err != nil {
			v.next.ServeHTTP(w, r)
			return
		}
		body = b
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	route, params, err := v.spec.router.FindRoute(r)
	if err != nil {
		v.t.Errorf("spec: %s %s is no operation of ngrok's spec: %v", r.Method, r.URL.Path, err)
		v.next.ServeHTTP(w, r)
		return
	}
	opID := route.Operation.OperationID
	recordCoverage(opID)
	ctx := context.WithoutCancel(r.Context())
	opts := &openapi3filter.Options{
		MultiError: true,
		// NOTE: validation never changes what the mock is given.
		SkipSettingDefaults:     true,
		AuthenticationFunc:      bearer,
		SchemaValidationOptions: schemaOptions,
	}
	in := &openapi3filter.RequestValidationInput{Request: r, PathParams: params, Route: route, Options: opts}
	if err := openapi3filter.ValidateRequest(ctx, in); err != nil {
		v.t.Errorf("spec: %s (%s %s): the request: %s", opID, r.Method, r.URL.Path, message(err))
	}
	if unknown := undeclaredQuery(route, r); len(unknown) > 0 {
		v.t.Errorf("spec: %s (%s %s): the request: query parameters %q are not the operation's", opID, r.Method, r.URL.Path, unknown)
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	rec := &recorder{ResponseWriter: w}
	v.next.ServeHTTP(rec, r)
	status := rec.status
	if status == 0 {
		status = http.StatusOK
	}
	if rec.hijacked {
		return
	}
	// NOTE: every operation's default answer is the error body (a quirk of
	// the facts), which a 2xx status the operation does not declare would
	// be checked against: named for what it is instead.
	if status < 300 && route.Operation.Responses.Status(status) == nil {
		v.t.Errorf("spec: %s (%s %s): the answer's status %d is not the operation's", opID, r.Method, r.URL.Path, status)
		return
	}
	out := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: in, Status: status, Header: rec.Header(),
		Options: &openapi3filter.Options{MultiError: true, IncludeResponseStatus: true,
			SchemaValidationOptions: schemaOptions},
	}
	out.SetBodyBytes(rec.body.Bytes())
	if err := openapi3filter.ValidateResponse(ctx, out); err != nil {
		v.t.Errorf("spec: %s (%s %s): the %d answer: %s", opID, r.Method, r.URL.Path, status, message(err))
	}
}

// NOTE: kin-openapi's messages otherwise quote the whole schema and value,
// pages long for a list; the path to the field is enough.
var schemaOptions = []openapi3.SchemaValidationOption{openapi3.DisableSchemaErrorDetails()}

// undeclaredQuery lists the request's query parameters the operation does
// not declare. NOTE: kin-openapi lets them pass; the real API refuses them
// (ERR_NGROK_231), so they are violations too.
func undeclaredQuery(route *routers.Route, r *http.Request) []string {
	var unknown []string
	for name := range r.URL.Query() {
		declared := func(p *openapi3.ParameterRef) bool {
			return p.Value != nil && p.Value.In == openapi3.ParameterInQuery && p.Value.Name == name
		}
		if !slices.ContainsFunc(route.Operation.Parameters, declared) && !slices.ContainsFunc(route.PathItem.Parameters, declared) {
			unknown = append(unknown, name)
		}
	}
	slices.Sort(unknown)
	return unknown
}

func exempt(path string) bool {
	return slices.ContainsFunc(exemptPrefixes, func(p string) bool { return strings.HasPrefix(path, p) })
}

// bearer is the spec's security scheme: an HTTP bearer token.
func bearer(_ context.Context, in *openapi3filter.AuthenticationInput) error {
	auth := in.RequestValidationInput.Request.Header.Get("Authorization")
	if token, ok := strings.CutPrefix(auth, "Bearer "); !ok || strings.TrimSpace(token) == "" {
		// NOTE: the header's value is a secret: never in a message.
		return in.NewError(errors.New("no bearer token in Authorization"))
	}
	return nil
}

// message is kin-openapi's message, one line per violation.
func message(err error) string {
	var multi openapi3.MultiError
	if errors.As(err, &multi) {
		lines := make([]string, 0, len(multi))
		for _, e := range multi {
			lines = append(lines, message(e))
		}
		return strings.Join(lines, "; ")
	}
	return strings.ReplaceAll(err.Error(), "\n", " ")
}

// recorder passes an answer through and keeps a copy of it.
type recorder struct {
	http.ResponseWriter
	status   int
	body     bytes.Buffer
	hijacked bool
}

func (w *recorder) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
	}
	w.ResponseWriter.WriteHeader(status)
}

func (w *recorder) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	w.body.Write(b)
	return w.ResponseWriter.Write(b)
}

func (w *recorder) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// Hijack hands the connection over (a fault that closes it unanswered):
// there is no answer to validate.
func (w *recorder) Hijack() (c net.Conn, rw *bufio.ReadWriter, err error) {
	w.hijacked = true
	return http.NewResponseController(w.ResponseWriter).Hijack()
}

var coverage struct {
	sync.Mutex
	seen map[string]bool
}

// recordCoverage appends opID to the coverage file the first time this
// process sees it.
func recordCoverage(opID string) {
	file := os.Getenv(CoverageEnv)
	if file == "" {
		return
	}
	coverage.Lock()
	defer coverage.Unlock()
	if coverage.seen[opID] {
		return
	}
	if coverage.seen == nil {
		coverage.seen = map[string]bool{}
	}
	// NOTE: several test binaries append to one file at once; a short line
	// written with O_APPEND in one call is not interleaved.
	f, err := os.OpenFile(file, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return
	}
	_, err = f.WriteString(opID + "\n")
	if cerr := f.Close(); err == nil && cerr == nil {
		coverage.seen[opID] = true
	}
}
