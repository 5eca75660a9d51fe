// Package mockserver is an in-memory, stateful stand-in for the ngrok
// management API (version 2). It reproduces what the real API does on the
// wire (headers, error bodies, statuses, ID shapes, list envelopes) and
// validates requests at least as strictly, so that a client bug shows up as
// a failing test rather than a silent success. It shares no code with the
// provider's API client on purpose: a wrong JSON tag on either side must
// fail a test instead of agreeing with itself.
//
// The Server is an http.Handler: use it in-process with httptest, or run it
// as a program with cmd/ngrok-mock.
package mockserver

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"mime"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"
)

// DefaultAPIKey is the development API key the server accepts unless
// WithAPIKeys says otherwise. It is public on purpose: the mock holds no data
// worth protecting, and a fixed key lets examples and demos work unchanged.
const DefaultAPIKey = "ngrok-mock-dev-key"

const (
	headerOperationID = "Ngrok-Operation-Id"
	headerVersion     = "Ngrok-Version"
	headerIdempotency = "Idempotency-Key"

	apiVersion = "2"

	// maxBodyBytes bounds request bodies. The real API's limit is not known;
	// 1 MiB is far above any legitimate body (metadata is capped at 4 KiB).
	maxBodyBytes = 1 << 20
)

// Server is the mock management API. It is safe for concurrent use.
type Server struct {
	apiKeys  []string
	now      func() time.Time
	ids      *idSource
	pageSize int

	store *store
	// NOTE: the operational parts (journal.go, faults.go, ratelimit.go,
	// admin.go) sit around the API without knowing its objects.
	journal   *journal
	faults    faultSet
	limiter   *rateLimiter // nil: no rate limit
	persist   *persister   // nil: no state file (state.go)
	admin     *http.ServeMux
	sshCAs    *table[sshCA]
	hostCerts *table[sshCert]
	userCerts *table[sshCert]
	endpoints *table[endpoint]
	edges     *edgeState // HTTPS edges, routes and their modules, backends, IP policies: seed only
	// domains holds reserved domains and the TLS certificates and endpoint
	// configurations (seed only) they refer to.
	domains        *domainState
	certIssueDelay time.Duration // see WithCertificateIssueDelay
	idem           *idempotencyCache

	mux *http.ServeMux // method+path routes, plus "/" for everything unrouted
	// paths holds the same paths without methods: a request that misses mux
	// but matches here is a known path with the wrong method (405, not 404).
	paths *http.ServeMux
	allow map[string][]string // path pattern → methods served there

	// changes is held for reading while a change runs and for writing while
	// the changes to commit are collected (state.go), so that the state file
	// holds each change whole: an object together with its Idempotency-Key.
	changes sync.RWMutex
}

// Option configures a Server.
type Option func(*Server)

// WithAPIKeys replaces the set of accepted API keys; DefaultAPIKey is then
// accepted only if listed. Calling it with no keys keeps the default.
func WithAPIKeys(keys ...string) Option {
	return func(s *Server) {
		if len(keys) > 0 {
			s.apiKeys = slices.Clone(keys)
		}
	}
}

// WithClock sets the source of the current time (default time.Now), so that
// tests can assert exact timestamps. A nil clock keeps the default.
func WithClock(now func() time.Time) Option {
	return func(s *Server) {
		if now != nil {
			s.now = now
		}
	}
}

// WithIDSource sets the randomness behind object and operation IDs (default
// crypto/rand). IDs also hold the time (ids.go), so tests that want
// reproducible IDs pair it with WithClock. Key generation always uses
// crypto/rand. A nil reader keeps the default.
func WithIDSource(r io.Reader) Option {
	return func(s *Server) {
		if r != nil {
			s.ids = newIDSource(r)
		}
	}
}

// WithPageSize caps the number of objects on one list page: the effective
// limit is min(requested limit or 100, n). Values below 1 are ignored.
func WithPageSize(n int) Option {
	return func(s *Server) {
		if n > 0 {
			s.pageSize = n
		}
	}
}

// New returns a Server with empty collections.
func New(opts ...Option) *Server {
	s := &Server{
		apiKeys:        []string{DefaultAPIKey},
		now:            time.Now,
		ids:            newIDSource(rand.Reader),
		pageSize:       maxLimit,
		store:          &store{},
		journal:        newJournal(),
		certIssueDelay: defaultCertificateIssueDelay,
		idem:           newIdempotencyCache(),
	}
	for _, opt := range opts {
		opt(s)
	}
	s.ids.now = s.now
	if s.persist != nil {
		// NOTE: changes are tracked only for a state file: without one they
		// cost nothing.
		s.store.dirty = map[rowKey]struct{}{}
		s.idem.track = true
	}
	s.sshCAs = newTable[sshCA](s.store, s.ids, collSSHCAs, "SSH certificate authority", prefixSSHCA)
	s.hostCerts = newTable[sshCert](s.store, s.ids, collSSHHostCerts, "SSH host certificate", prefixSSHHostCert)
	s.userCerts = newTable[sshCert](s.store, s.ids, collSSHUserCerts, "SSH user certificate", prefixSSHUserCert)
	s.endpoints = newTable[endpoint](s.store, s.ids, collEndpoints, "endpoint", prefixEndpoint)
	s.edges = newEdgeState(s.store, s.ids)
	s.domains = newDomainState(s.store, s.ids)

	s.mux = http.NewServeMux()
	s.paths = http.NewServeMux()
	s.allow = map[string][]string{}
	for _, rt := range s.routes() {
		s.mux.Handle(rt.method+" "+rt.path, s.serveRoute(rt))
		if _, seen := s.allow[rt.path]; !seen {
			s.paths.Handle(rt.path, http.NotFoundHandler())
		}
		s.allow[rt.path] = append(s.allow[rt.path], rt.method)
	}
	s.mux.HandleFunc("/", s.serveUnrouted)
	s.admin = s.adminRoutes()
	return s
}

// routes is the one route table of the server.
func (s *Server) routes() []route {
	return slices.Concat(
		s.sshCARoutes(),
		s.sshCertificateRoutes(),
		s.edgeRouteModuleRoutes(),
		s.reservedDomainRoutes(),
		s.endpointRoutes(),
	)
}

// route describes one operation. The adapter (serveRoute) enforces
// everything declared here before the handler runs, so handlers see only
// well-formed input.
type route struct {
	method string
	path   string            // ServeMux path pattern, e.g. "/ssh_certificate_authorities/{id}"
	ids    map[string]idKind // path wildcard → the kind of ID it must hold
	query  []string          // accepted query parameters; any other is refused
	body   func() any        // returns a new decode target; nil when the route takes no body
	handle handlerFunc
}

// handlerFunc returns the value to send as JSON with its status (nil and 204
// for an empty body), or an error.
type handlerFunc func(rq *request) (any, int, *apiError)

// idKind names the kind of object an ID refers to.
type idKind struct {
	prefix string
	noun   string
}

// bodyOf is the route.body of a route whose body decodes into a B.
func bodyOf[B any]() any { return new(B) }

// request carries what the middleware learned about a request.
type request struct {
	r      *http.Request
	opID   string
	apiKey string
	route  string // "METHOD pattern" of the route that served it, for the journal
	fault  string // what a fault rule did to it, for the journal
	raw    []byte // the request body, when the route takes one
	body   any    // raw decoded into route.body(), when the route takes one
}

// origin is the scheme and host the client used, so that every uri points
// back at this server however it is reached.
func (rq *request) origin() string {
	scheme := "http"
	if rq.r.TLS != nil {
		scheme = "https"
	}
	host := rq.r.Host
	if host == "" {
		host = "localhost"
	}
	return scheme + "://" + host
}

type requestKey struct{}

// ServeHTTP runs the checks every request gets, in a fixed order:
// operation ID, version, authentication, rate limit, fault rules; then
// routing. Every request is recorded in the journal.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	sw := &statusWriter{ResponseWriter: w}
	rq := &request{r: r}
	defer func() {
		s.journal.record(JournalEntry{
			Time: s.now().UTC(), Method: r.Method, Path: r.URL.Path, Route: rq.route,
			Status: sw.status, Latency: time.Since(start), OperationID: rq.opID, Fault: rq.fault,
		})
	}()
	if strings.HasPrefix(r.URL.Path, adminPrefix) {
		if _, err := s.authenticate(r); err != nil {
			writeAdminError(sw, err.status, err.msg)
			return
		}
		s.admin.ServeHTTP(sw, r)
		return
	}
	s.serveAPI(sw, r, rq, true)
}

// serveAPI serves one API request; operational is false for the control
// API's own calls, which no rate limit or fault rule may touch.
func (s *Server) serveAPI(w http.ResponseWriter, r *http.Request, rq *request, operational bool) {
	opID, err := s.ids.newID(prefixOperation)
	if err != nil {
		opID = prefixOperation + strings.Repeat("0", idLen)
		w.Header().Set(headerOperationID, opID)
		writeResult(w, opID, result{err: errInternal("%v", err)})
		return
	}
	rq.opID = opID
	w.Header().Set(headerOperationID, opID)

	key, aerr := s.admit(r)
	if aerr == nil && operational {
		aerr = s.limiter.allow(key, s.now())
	}
	if aerr != nil {
		writeResult(w, opID, result{err: aerr})
		return
	}
	rq.apiKey = key
	r = r.WithContext(context.WithValue(r.Context(), requestKey{}, rq))
	if !operational {
		s.mux.ServeHTTP(w, r)
		return
	}
	s.serveWithFault(w, r, rq, func(w http.ResponseWriter) { s.mux.ServeHTTP(w, r) })
}

// admit checks the version header and the API key, returning the key.
func (s *Server) admit(r *http.Request) (string, *apiError) {
	switch v := r.Header.Get(headerVersion); v {
	case apiVersion:
	case "":
		return "", badRequest(codeMissingVersion,
			"Your request has not specified an API version. Set the %s header to %s.", headerVersion, apiVersion)
	default:
		return "", badRequest(codeUnsupportedVersion,
			"The API version %q in the %s header is not supported. The only supported version is %s.", v, headerVersion, apiVersion)
	}
	return s.authenticate(r)
}

// authenticate checks the API key, returning it.
func (s *Server) authenticate(r *http.Request) (string, *apiError) {
	auth := r.Header.Get("Authorization")
	if auth == "" {
		return "", newError(http.StatusUnauthorized, codeNoAuthorization,
			`Your request is not authenticated. Send your API key in the Authorization header as "Bearer <API key>".`)
	}
	// NOTE: the scheme is matched case-insensitively, as RFC 9110 requires.
	scheme, token, ok := strings.Cut(auth, " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") || token == "" || strings.ContainsAny(token, " \t") {
		return "", newError(http.StatusForbidden, codeMalformedAPIKey,
			`The Authorization header is malformed. It must be "Bearer <API key>": the word Bearer, one space, and a key without spaces.`)
	}
	for _, k := range s.apiKeys {
		if subtle.ConstantTimeCompare([]byte(k), []byte(token)) == 1 {
			return k, nil
		}
	}
	return "", newError(http.StatusForbidden, codeUnknownAPIKey,
		"The API key you specified was not found. It may have been deleted, or it may belong to another account.")
}

// serveUnrouted answers requests no route matched: 405 on a known path,
// else the real API's bare 404.
func (s *Server) serveUnrouted(w http.ResponseWriter, r *http.Request) {
	rq := r.Context().Value(requestKey{}).(*request)
	if _, pattern := s.paths.Handler(r); pattern != "" {
		allowed := s.allow[pattern]
		w.Header().Set("Allow", strings.Join(allowed, ", "))
		writeResult(w, rq.opID, result{err: newError(http.StatusMethodNotAllowed, "",
			"The method %s is not allowed on %s. Allowed methods: %s.", r.Method, r.URL.Path, strings.Join(allowed, ", "))})
		return
	}
	writeResult(w, rq.opID, result{err: errNotFound()})
}

// serveRoute is the adapter between net/http and a handlerFunc: it enforces
// the route's declarations, runs the handler (through the idempotency cache
// for creates) and writes the outcome.
func (s *Server) serveRoute(rt route) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rq := r.Context().Value(requestKey{}).(*request)
		rq.r = r
		rq.route = rt.method + " " + rt.path
		if err := rt.prepare(w, rq); err != nil {
			writeResult(w, rq.opID, result{err: err})
			return
		}
		var res result
		serve := func() {
			if key := r.Header.Get(headerIdempotency); key != "" && rt.method == http.MethodPost {
				fp := sha256.Sum256(slices.Concat([]byte(r.Method+" "+r.URL.Path+"\n"), rq.raw))
				k := idempotencyKey{apiKeyHash: sha256.Sum256([]byte(rq.apiKey)), key: key}
				res = s.idem.do(r.Context(), k, fp, func() result { return rt.run(rq) })
			} else {
				res = rt.run(rq)
			}
		}
		if rt.method == http.MethodGet {
			serve()
		} else {
			s.inChange(serve)
		}
		// NOTE: committed before answering, so that every change a client
		// has seen answered survives the server being killed.
		if res.err == nil && rt.method != http.MethodGet {
			if err := s.commit(); err != nil {
				res = result{err: errInternal("the change was made but the state file could not be saved: %v", err)}
			}
		}
		writeResult(w, rq.opID, res)
	})
}

// prepare checks, in order, query parameters, path IDs, content type, body
// size and body decoding.
func (rt route) prepare(w http.ResponseWriter, rq *request) *apiError {
	r := rq.r
	query := r.URL.Query()
	for _, name := range slices.Sorted(maps.Keys(query)) {
		if !slices.Contains(rt.query, name) {
			if len(rt.query) == 0 {
				return badRequest(codeUnknownQueryParameter,
					"The query parameter %q is not supported: %s %s accepts no query parameters.", name, rt.method, rt.path)
			}
			return badRequest(codeUnknownQueryParameter,
				"The query parameter %q is not supported. Supported parameters: %s.", name, strings.Join(rt.query, ", "))
		}
	}
	for _, name := range slices.Sorted(maps.Keys(rt.ids)) {
		kind := rt.ids[name]
		if id := r.PathValue(name); !strings.HasPrefix(id, kind.prefix) {
			return badRequest(codeWrongIDPrefix,
				"%q is not a valid %s ID: %s IDs start with %q.", id, kind.noun, kind.noun, kind.prefix)
		}
	}
	if rt.body == nil {
		return nil
	}

	raw, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBodyBytes))
	var tooLarge *http.MaxBytesError
	if err != nil && !errors.As(err, &tooLarge) {
		return badRequest(codeInvalidJSON, "The request body could not be read: %v.", err)
	}
	if len(raw) > 0 {
		ct := r.Header.Get("Content-Type")
		if mt, _, perr := mime.ParseMediaType(ct); perr != nil || mt != "application/json" {
			if ct == "" {
				return badRequest(codeContentType,
					"Your request has a body but no Content-Type header. Set Content-Type to application/json.")
			}
			return badRequest(codeContentType,
				"Your request has a body with Content-Type %q. Set Content-Type to application/json.", ct)
		}
	}
	if tooLarge != nil {
		return newError(http.StatusRequestEntityTooLarge, codeBodyTooLarge,
			"The request body is larger than the maximum of %d bytes.", maxBodyBytes)
	}
	rq.raw = raw
	rq.body = rt.body()
	if len(bytes.TrimSpace(raw)) == 0 {
		return nil // an absent body means "all fields omitted"
	}
	return decodeStrict(raw, rq.body)
}

func (rt route) run(rq *request) result {
	v, status, err := rt.handle(rq)
	if err != nil {
		return result{err: err}
	}
	if v == nil {
		return result{status: status}
	}
	body, merr := encodeJSON(v)
	if merr != nil {
		return result{err: errInternal("encoding the response: %v", merr)}
	}
	return result{status: status, body: body}
}

// result is a finished response, kept whole so that the idempotency cache
// can replay it byte for byte.
type result struct {
	status int
	body   []byte // nil for an empty body
	err    *apiError
}

func writeResult(w http.ResponseWriter, opID string, res result) {
	if res.err != nil {
		body, err := encodeJSON(errorBody{
			ErrorCode:  res.err.code,
			StatusCode: res.err.status,
			Msg:        res.err.msg,
			Details:    map[string]string{"operation_id": opID},
		})
		if err != nil {
			// NOTE: unreachable (the body is strings and an int); kept so that
			// a future field that can fail to encode is not silently dropped.
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		res = result{status: res.err.status, body: body}
	}
	if res.body == nil {
		w.WriteHeader(res.status)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(res.status)
	_, _ = w.Write(res.body)
}

// encodeJSON marshals without HTML escaping, so that values such as traffic
// policies read naturally on the wire.
func encodeJSON(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// timestamp is the current time as the API shows it: UTC, whole seconds.
func (s *Server) timestamp() time.Time {
	return s.now().UTC().Truncate(time.Second)
}

func formatTime(t time.Time) string { return t.UTC().Format(time.RFC3339) }

func objectURI(origin, collection, id string) string {
	return fmt.Sprintf("%s/%s/%s", origin, collection, id)
}
