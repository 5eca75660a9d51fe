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
	"cmp"
	"crypto/rand"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"io"
	"maps"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
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
	keys     []string // WithAPIKeys; minted keys are in apiKeys
	now      func() time.Time
	clockSet bool // WithClock replaced time.Now
	ids      *idSource
	pageSize int

	store *store
	// NOTE: the operational parts (journal.go, faults.go, ratelimit.go,
	// admin.go) sit around the API without knowing its objects.
	journal *journal
	faults  faultSet
	limiter *rateLimiter // nil: no rate limit
	persist *persister   // nil: no state file (state.go)
	sshCAs  *table[sshCA]
	ipRules *table[ipPolicyRule]
	apiKeys *table[apiKey]
	// credentials and sshCredentials go with the user who owns them.
	credentials    *table[credential]
	sshCredentials *table[sshCredential]
	vaults         *table[vault]
	secrets        *table[secret]

	eventDestinations  *table[eventDestination]
	eventSubscriptions *table[eventSubscription]
	// Tables of declared collections that other rules read.
	serviceUsers   *table[serviceUser]
	botUsers       *table[serviceUser]
	agentIngresses *table[agentIngress]
	reservedAddrs  *table[reservedAddr]
	ipRestrictions *table[ipRestriction]
	hostCerts      *table[sshCert]
	userCerts      *table[sshCert]
	abuseReports   *table[abuseReport]
	endpoints      *table[endpoint]

	// TCP and TLS edges (tcp_edges.go, tls_edges.go).
	tcpEdges *table[tcpTLSEdge]
	tlsEdges *table[tcpTLSEdge]

	// Read-only collections (read_only.go), made by seeds.
	tunnelSessions *table[tunnelSession]
	tunnels        *table[tunnel]
	appUsers       *table[applicationUser]
	appSessions    *table[applicationSession]
	// certificateAuthorities are named by HTTPS and TLS edges' mutual_tls.
	certificateAuthorities *table[certificateAuthority]
	backends               backendTables // the five kinds of backend (backends.go)
	edges                  *edgeState    // HTTPS edges, routes and their modules, backends (seed only); IP policies
	// domains holds reserved domains, the TLS certificates and the endpoint
	// configurations (seed only) they refer to.
	domains        *domainState
	certIssueDelay time.Duration // see WithCertificateIssueDelay
	idem           *idempotencyCache

	// declaredRoutes are the routes of the declared collections
	// (collection.go), added as New mounts them.
	declaredRoutes []route

	mux *http.ServeMux // method+path routes, plus "/" for everything unrouted
	// paths holds the same paths without methods: a request that misses mux
	// but matches here is a known path with a method not served there (a
	// CORS preflight, the API's Not Found, or the control API's 405).
	paths *http.ServeMux
	allow map[string][]string // path pattern → methods served there

	// changes is held for reading while a change runs and for writing while
	// the changes to commit are collected (state.go), so that the state file
	// holds each change whole: an object together with its Idempotency-Key.
	changes sync.RWMutex

	origin atomic.Pointer[originEntry] // see request.origin
}

// Option configures a Server.
type Option func(*Server)

// WithAPIKeys replaces the set of accepted API keys; DefaultAPIKey is then
// accepted only if listed. Calling it with no keys keeps the default.
func WithAPIKeys(keys ...string) Option {
	return func(s *Server) {
		if len(keys) > 0 {
			s.keys = slices.Clone(keys)
		}
	}
}

// WithClock sets the source of the current time (default time.Now), so that
// tests can assert exact timestamps. A nil clock keeps the default.
func WithClock(now func() time.Time) Option {
	return func(s *Server) {
		if now != nil {
			s.now, s.clockSet = now, true
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
		keys:           []string{DefaultAPIKey},
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
	s.sshCAs = mount(s, sshCACollection)
	ipPolicies := mount(s, ipPolicyCollection)
	s.ipRules = mount(s, ipPolicyRuleCollection)
	certificates := mount(s, tlsCertificateCollection)
	s.credentials = mount(s, credentialCollection)
	s.apiKeys = mount(s, apiKeyCollection)
	s.sshCredentials = mount(s, sshCredentialCollection)
	s.vaults = mount(s, vaultCollection)
	s.secrets = mount(s, secretCollection)
	s.eventDestinations = mount(s, eventDestinationCollection)
	s.eventSubscriptions = mount(s, eventSubscriptionCollection)
	s.tunnelSessions = mountReadOnly(s, tunnelSessionCollection)
	s.tunnels = mountReadOnly(s, tunnelCollection)
	s.appUsers = mountReadOnly(s, applicationUserCollection)
	s.appSessions = mountReadOnly(s, applicationSessionCollection)
	s.serviceUsers = mount(s, serviceUserCollection)
	s.botUsers = mount(s, botUserCollection)
	s.agentIngresses = mount(s, agentIngressCollection)
	s.reservedAddrs = mount(s, reservedAddrCollection)
	s.ipRestrictions = mount(s, ipRestrictionCollection)
	s.certificateAuthorities = mount(s, certificateAuthorityCollection)
	s.tcpEdges = newTable[tcpTLSEdge](s.store, s.ids, tableTCPEdges, "TCP edge", prefixEdgeTCP)
	s.tlsEdges = newTable[tcpTLSEdge](s.store, s.ids, tableTLSEdges, "TLS edge", prefixEdgeTLS)
	s.hostCerts = newTable[sshCert](s.store, s.ids, collSSHHostCerts, "SSH host certificate", prefixSSHHostCert)
	s.userCerts = newTable[sshCert](s.store, s.ids, collSSHUserCerts, "SSH user certificate", prefixSSHUserCert)
	s.abuseReports = newTable[abuseReport](s.store, s.ids, collAbuseReports, "abuse report", prefixAbuseReport)
	s.endpoints = newTable[endpoint](s.store, s.ids, collEndpoints, "endpoint", prefixEndpoint)
	s.backends = backendTables{
		tunnelGroup: mount(s, tunnelGroupBackendCollection), httpResponse: mount(s, httpResponseBackendCollection),
		failover: mount(s, failoverBackendCollection), weighted: mount(s, weightedBackendCollection),
		static: mount(s, staticBackendCollection),
	}
	s.edges = newEdgeState(s.store, s.ids, ipPolicies, &s.backends)
	s.domains = newDomainState(s.store, s.ids, certificates)

	s.mux = http.NewServeMux()
	s.paths = http.NewServeMux()
	s.allow = map[string][]string{}
	for _, rt := range s.routes() {
		rt.idNames = slices.Sorted(maps.Keys(rt.ids))
		s.mux.Handle(rt.method+" "+rt.path, s.serveRoute(rt))
		if _, seen := s.allow[rt.path]; !seen {
			s.paths.Handle(rt.path, http.NotFoundHandler())
		}
		s.allow[rt.path] = append(s.allow[rt.path], rt.method)
	}
	s.mux.HandleFunc("/", s.serveUnrouted)
	return s
}

// routes is the one route table of the server: the API's, then the
// control API's (admin.go).
func (s *Server) routes() []route {
	return slices.Concat(
		s.declaredRoutes,
		s.tunnelSessionRoutes(),
		s.sshCertificateRoutes(),
		s.vaultSecretRoutes(),
		s.eventSourceRoutes(),
		s.edgeRouteModuleRoutes(),
		s.edgeRoutes(),
		s.httpsEdgeModuleRoutes(),
		s.tcpTLSEdgeRoutes(),
		s.reservedDomainRoutes(),
		s.endpointRoutes(),
		s.abuseReportRoutes(),
		s.controlRoutes(),
	)
}

// route describes one operation. The adapter (serveRoute) enforces
// everything declared here before the handler runs, so handlers see only
// well-formed input.
type route struct {
	method string
	path   string            // ServeMux path pattern, e.g. "/ssh_certificate_authorities/{id}"
	ids    map[string]idKind // path wildcard → the kind of ID it must hold
	// idNames are the keys of ids in name order, sorted once in New: of two
	// wrong IDs the same one is named every time.
	idNames []string
	query   []string   // accepted query parameters; any other is refused
	body    func() any // returns a new decode target; nil when the route takes no body
	// rawBody: the body is read into request.raw whole, whatever its
	// content type, and left for the handler to decode.
	rawBody bool
	// control: a route of the control API (admin.go). Its errors have the
	// control API's shape (controlErrorBody), and its
	// handler is not an API change: no Idempotency-Key, no commit to the
	// state file (the handler saves what it changes).
	control bool
	handle  handlerFunc
}

// handlerFunc returns the value to send as JSON with its status (nil and 204
// for an empty body; a verbatim value as it is), or an error.
type handlerFunc func(rq *request) (any, int, *apiError)

// verbatim is a handler's answer that is encoded already: written as it
// is, with header's values added to the response's headers.
type verbatim struct {
	header http.Header
	body   []byte
}

// idKind names the kind of object an ID refers to.
type idKind struct {
	prefix string
	noun   string
	// twinPrefix (optional) is the prefix of the IDs of a twin collection
	// (collectionDecl.twin), which the path takes too.
	twinPrefix string
}

// bodyOf is the route.body of a route whose body decodes into a B.
func bodyOf[B any]() any { return new(B) }

// bodyAs is the body of a route declared with bodyOf[B]. NOTE: another type
// means the route table and its handler disagree, a bug of ours: a 500
// rather than a panic.
func bodyAs[B any](rq *request) (*B, *apiError) {
	b, ok := rq.body.(*B)
	if !ok {
		return nil, internalError("the route decoded its body into %T, its handler expects %T", rq.body, b)
	}
	return b, nil
}

// request carries what the middleware learned about a request.
type request struct {
	r      *http.Request
	opID   string
	apiKey string
	route  string // "METHOD pattern" of the route that served it, for the journal
	fault  string // what a fault rule did to it, for the journal
	raw    []byte // the request body, when the route takes one
	body   any    // raw decoded into route.body(), when the route takes one
	// control: a control API request, answered in its shape (admin.go).
	control bool
	// admit: the route must admit the request (admitAPI) before it serves
	// it; set by serveAPI. A record a test builds to run a route alone is
	// taken as admitted.
	admit bool
	// operational: an API request from a client, which the rate limit, the
	// API IP restriction and fault rules apply to; not the control API's
	// own calls (EditObject).
	operational bool

	origins *atomic.Pointer[originEntry] // the server's cache for origin; nil: none
	start   time.Time                    // when the request arrived (the real clock)

	opHeader [1]string // the Ngrok-Operation-Id header's value
}

// origin is the scheme and host the client used, so that every uri points
// back at this server however it is reached.
func (rq *request) origin() string {
	secure, host := rq.r.TLS != nil, rq.r.Host
	if rq.origins != nil {
		if o := rq.origins.Load(); o != nil && o.secure == secure && o.host == host {
			return o.uri
		}
	}
	scheme := "http"
	if secure {
		scheme = "https"
	}
	uri := scheme + "://" + cmp.Or(host, "localhost")
	if rq.origins != nil {
		rq.origins.Store(&originEntry{secure: secure, host: host, uri: uri})
	}
	return uri
}

// originEntry is the last origin built, kept because nearly every request
// to a server names the same host (one entry: the Host header is the
// client's to choose).
type originEntry struct {
	secure bool
	host   string
	uri    string
}

// requestKey holds a *request in a request's context, for callers that run
// a route's handler without the middleware (tests).
type requestKey struct{}

// carrying returns w with rq attached, for requestOf.
//
// NOTE: the middleware hands its record of a request to the route through
// the writer rather than the request's context: r.WithContext copies the
// whole request, on every call.
func carrying(w http.ResponseWriter, rq *request) http.ResponseWriter {
	if sw, ok := w.(*statusWriter); ok && sw.rq == rq {
		return w
	}
	return &requestWriter{ResponseWriter: w, rq: rq}
}

// requestOf finds the middleware's record of the request a route serves.
func requestOf(w http.ResponseWriter, r *http.Request) *request {
	switch w := w.(type) {
	case *statusWriter:
		if w.rq != nil {
			return w.rq
		}
	case *requestWriter:
		return w.rq
	}
	rq, ok := r.Context().Value(requestKey{}).(*request)
	if !ok {
		panic("mockserver: a route is serving a request its middleware never saw")
	}
	return rq
}

// requestWriter carries a request's record to its route when the writer is
// not the middleware's own (a fault's discarding writer, a recorder).
type requestWriter struct {
	http.ResponseWriter
	rq *request
}

// Unwrap lets http.ResponseController reach the connection (for hijacking).
func (w *requestWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// ServeHTTP runs the checks every request gets, in a fixed order:
// operation ID, CORS headers, routing (an unknown route is answered before
// anything else is checked); then, in the route, version, authentication,
// rate limit, IP restriction, fault rules and the route's declarations.
// Every request is recorded in the journal.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	// NOTE: one allocation for both, on the path every request takes.
	ex := &struct {
		sw statusWriter
		rq request
	}{statusWriter{ResponseWriter: w}, request{r: r, origins: &s.origin, start: start}}
	sw, rq := &ex.sw, &ex.rq
	sw.rq = rq
	admin := strings.HasPrefix(r.URL.Path, adminPrefix)
	defer func() {
		// NOTE: the end is read from the monotonic clock alone (time.Since),
		// half the cost of time.Now here, and the wall time derived from it;
		// unless a test clock is set.
		latency := time.Since(start)
		at := start.Add(latency)
		if s.clockSet {
			at = s.now()
		}
		s.journal.record(JournalEntry{
			Time: at.UTC(), Method: r.Method, Path: r.URL.Path, Route: rq.route,
			Status: sw.status, Latency: latency, OperationID: rq.opID, Fault: rq.fault,
		}, s.countKey(r, rq))
	}()
	if admin {
		s.serveAdmin(sw, r, rq)
		return
	}
	s.serveAPI(sw, r, rq, true)
}

// countKey is the journal's count key of a request: the route that served
// it, or refused it (by its version, its key, the rate limit or a fault
// rule); else the route its method and path match (a control API request
// refused by its key); else UnroutedCount.
func (s *Server) countKey(r *http.Request, rq *request) string {
	if rq.route != "" {
		return rq.route
	}
	if !canonicalPath(r.URL.Path) {
		return UnroutedCount
	}
	// NOTE: "/" is the mux's catch-all, which answers unknown routes.
	if _, pattern := s.mux.Handler(r); pattern != "" && pattern != "/" {
		return pattern
	}
	return UnroutedCount
}

// serveAdmin admits a control API request (the same API keys, no version
// header, no rate limit, no fault rules) and routes it.
func (s *Server) serveAdmin(w http.ResponseWriter, r *http.Request, rq *request) {
	rq.control = true
	_, err := s.authenticate(r)
	if err == nil && !canonicalPath(r.URL.Path) {
		err = unknownControlRoute(r)
	}
	if err != nil {
		writeResult(w, rq, result{err: err})
		return
	}
	s.mux.ServeHTTP(carrying(w, rq), r)
}

func unknownControlRoute(r *http.Request) *apiError {
	return errNotFound.errorf("no mock control route %s %s", r.Method, r.URL.Path)
}

// serveAPI serves one API request; operational is false for the control
// API's own calls, which no rate limit, IP restriction or fault rule may
// touch.
func (s *Server) serveAPI(w http.ResponseWriter, r *http.Request, rq *request, operational bool) {
	// NOTE: the clock is read once per request (reading it is a tenth of a
	// GET here), unless a test clock is set.
	now := rq.start
	if s.clockSet || now.IsZero() {
		now = s.now()
	}
	opID, err := s.ids.newIDAt(prefixOperation, now)
	if err != nil {
		rq.opID = prefixOperation + strings.Repeat("0", idLen)
		w.Header().Set(headerOperationID, rq.opID)
		writeResult(w, rq, result{err: internalError("%v", err)})
		return
	}
	rq.opID = opID
	rq.admit, rq.operational = true, operational
	// NOTE: the names here and below are in canonical form already, so the
	// map is used directly: Get and Set would canonicalize them on every
	// request. The value's slice lives in the request's record, allocated
	// once per request anyway.
	rq.opHeader[0] = opID
	w.Header()[headerOperationID] = rq.opHeader[:]
	if origin := firstValue(r.Header, "Origin"); origin != "" {
		allowOrigin(w.Header(), origin)
	}
	// NOTE: ServeMux would answer a path that is not in canonical form
	// ("//x", "/x/..", "/x/./y") with a redirect to the cleaned path and an
	// HTML body; the real API has no such redirects, and a client that
	// followed one could act on another object than it named.
	if !canonicalPath(r.URL.Path) {
		writeResult(w, rq, result{err: routeNotFound(r)})
		return
	}
	s.mux.ServeHTTP(carrying(w, rq), r)
}

// admitAPI runs the checks of an API request that has found its route:
// version, key, and for a client's request the rate limit and the API IP
// restriction.
func (s *Server) admitAPI(r *http.Request, rq *request) *apiError {
	key, err := s.admit(r)
	if err != nil {
		return err
	}
	if rq.operational {
		if s.limiter != nil {
			now := rq.start
			if s.clockSet || now.IsZero() {
				now = s.now()
			}
			if err := s.limiter.allow(now); err != nil {
				return err
			}
		}
		if err := s.checkAPIRestriction(r); err != nil {
			return err
		}
	}
	rq.apiKey = key
	return nil
}

// canonicalPath reports whether ServeMux would serve p as it is, rather than
// redirect to a cleaned form: p starts with a slash and has no empty, "." or
// ".." segment, though it may end with a slash.
func canonicalPath(p string) bool {
	if p == "" || p[0] != '/' {
		return false
	}
	rest := strings.TrimSuffix(p[1:], "/")
	if rest == "" {
		return p == "/"
	}
	for seg := range strings.SplitSeq(rest, "/") {
		if seg == "" || seg == "." || seg == ".." {
			return false
		}
	}
	return true
}

// checkBodyHeaders refuses, before any of the body is read, a body in a
// content encoding and one declared larger than the limit.
func checkBodyHeaders(r *http.Request) *apiError {
	// NOTE: any Content-Encoding, "identity" included: the API takes plain
	// JSON only, and RFC 9110 reserves "identity" for Accept-Encoding, so a
	// client that sends it there is as confused as one that sends gzip.
	if enc, ok := r.Header["Content-Encoding"]; ok {
		// NOTE: no code of ngrok's names an encoding; 213's placeholder is
		// the body's type [ours].
		return errContentEncoding.with(strings.Join(enc, ", ") + "-encoded")
	}
	if r.ContentLength > maxBodyBytes {
		return errBodyTooLarge.with()
	}
	return nil
}

// firstValue is h.Get(name) for a name already in canonical form.
func firstValue(h http.Header, name string) string {
	if v := h[name]; len(v) > 0 {
		return v[0]
	}
	return ""
}

// admit checks the version header and the API key, returning the key.
func (s *Server) admit(r *http.Request) (string, *apiError) {
	switch v := firstValue(r.Header, headerVersion); v {
	case apiVersion:
	case "":
		return "", errMissingVersion.with(apiVersion)
	default:
		return "", errUnsupportedVersion.with(v, apiVersion)
	}
	return s.authenticate(r)
}

// serveUnrouted answers requests no route matched: on a known path, a CORS
// preflight (cors.go), or the API's Not Found (the control API's 405);
// else the API's Not Found (the control API's 404).
func (s *Server) serveUnrouted(w http.ResponseWriter, r *http.Request) {
	rq := requestOf(w, r)
	_, pattern := s.paths.Handler(r)
	switch {
	case rq.control && pattern != "":
		allowed := s.allow[pattern]
		w.Header().Set("Allow", strings.Join(allowed, ", "))
		writeResult(w, rq, result{err: errMethodNotAllowed.errorf(
			"The method %s is not allowed on %s. Allowed methods: %s.", r.Method, r.URL.Path, strings.Join(allowed, ", "))})
	case rq.control:
		writeResult(w, rq, result{err: unknownControlRoute(r)})
	case pattern != "" && isPreflight(r):
		servePreflight(w, r, s.allow[pattern])
	default:
		writeResult(w, rq, result{err: routeNotFound(r)})
	}
}

// routeNotFound is the API's answer to a path it does not know, or a method
// it does not serve there: no error_code, and the path in details.
func routeNotFound(r *http.Request) *apiError {
	err := errNotFound.errorf("Not Found")
	err.details = map[string]string{"path": r.URL.Path}
	return err
}

// serveRoute is the adapter between net/http and a handlerFunc, for the
// API's routes and the control API's alike: it admits an API request
// (admitAPI) and applies fault rules to it, enforces the route's
// declarations, runs the handler (an API change through the idempotency
// cache for creates, and committed) and writes the outcome.
func (s *Server) serveRoute(rt route) http.Handler {
	pattern := rt.method + " " + rt.path
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rq := requestOf(w, r)
		rq.r = r
		rq.route = pattern
		if rt.control || !rq.admit {
			// NOTE: serveAdmin has admitted a control API request already.
			s.runRoute(rt, w, rq)
			return
		}
		if err := s.admitAPI(r, rq); err != nil {
			writeResult(w, rq, result{err: err})
			return
		}
		if !rq.operational {
			s.runRoute(rt, w, rq)
			return
		}
		s.serveWithFault(w, r, rq, func(w http.ResponseWriter) { s.runRoute(rt, w, rq) })
	})
}

// runRoute serves an admitted request: the route's declarations, then its
// handler, then the answer.
func (s *Server) runRoute(rt route, w http.ResponseWriter, rq *request) {
	r := rq.r
	if err := rt.prepare(w, rq); err != nil {
		writeResult(w, rq, result{err: err})
		return
	}
	if rt.method == http.MethodGet {
		// NOTE: no cache keeps a GET's answer, so it is written straight
		// from the pooled encoder's buffer, without a copy.
		v, status, err := rt.handle(rq)
		if vb, ok := v.(verbatim); err != nil || v == nil || ok {
			writeResult(w, rq, result{status: status, err: err, header: vb.header, body: vb.body})
			return
		}
		e, body, merr := encodePooled(v)
		defer e.release()
		if merr != nil {
			writeResult(w, rq, result{err: internalError("encoding the response: %v", merr)})
			return
		}
		writeResult(w, rq, result{status: status, body: body})
		return
	}
	if rt.control {
		writeResult(w, rq, rt.run(rq))
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
	s.inChange(serve)
	// NOTE: committed before answering, so that every change a client
	// has seen answered survives the server being killed.
	if res.err == nil {
		if err := s.commit(); err != nil {
			res = result{err: internalError("the change was made but the state file could not be saved: %v", err)}
		}
	}
	writeResult(w, rq, res)
}

// prepare checks, in order, the query string and its parameters, path IDs,
// the body's encoding and declared length, content type, body size and body
// decoding.
func (rt route) prepare(w http.ResponseWriter, rq *request) *apiError {
	r := rq.r
	if err := rt.checkQuery(r.URL.RawQuery); err != nil {
		return err
	}
	for _, name := range rt.idNames {
		if err := checkIDPrefix(r.PathValue(name), rt.ids[name]); err != nil {
			return err
		}
	}
	if err := checkBodyHeaders(r); err != nil {
		return err
	}
	if rt.body == nil && !rt.rawBody {
		// NOTE: only a GET's and a DELETE's (errors/err_ngrok_211.mdx names
		// the method; issue 30 these two): the API's POST actions without a
		// body (a tunnel session's restart) are sent {} by ngrok's examples.
		if !rt.control && (rt.method == http.MethodGet || rt.method == http.MethodDelete) && hasBody(r) {
			return errBodyNotExpected.with(rt.method)
		}
		return nil
	}

	raw, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBodyBytes))
	var tooLarge *http.MaxBytesError
	if errors.Is(err, os.ErrDeadlineExceeded) {
		return errRequestTimeout.with()
	}
	if err != nil && !errors.As(err, &tooLarge) {
		return errBodyUnreadable.with()
	}
	if len(raw) > 0 && !rt.rawBody {
		if err := checkContentType(r.Header.Get("Content-Type")); err != nil {
			return err
		}
	}
	if tooLarge != nil {
		return errBodyTooLarge.with()
	}
	rq.raw = raw
	if rt.rawBody {
		return nil
	}
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
	if vb, ok := v.(verbatim); ok {
		return result{status: status, header: vb.header, body: vb.body}
	}
	body, merr := encodeJSON(v)
	if merr != nil {
		return result{err: internalError("encoding the response: %v", merr)}
	}
	return result{status: status, body: body}
}

// result is a finished response, kept whole so that the idempotency cache
// can replay it byte for byte.
type result struct {
	status int
	header http.Header // added to the response's headers (a verbatim answer's)
	body   []byte      // nil for an empty body
	err    *apiError
}

// writeResult writes res as the answer to rq: an error in the API's shape,
// or in the control API's (controlErrorBody) for a control API request.
func writeResult(w http.ResponseWriter, rq *request, res result) {
	if res.err != nil {
		details := map[string]string{"operation_id": rq.opID}
		for k, v := range res.err.details {
			if k != "operation_id" {
				details[k] = v
			}
		}
		var v any = errorBody{
			ErrorCode:  res.err.code,
			StatusCode: res.err.status,
			Msg:        res.err.msg,
			Details:    details,
		}
		if rq.control {
			v = controlErrorBody{Msg: res.err.msg, StatusCode: res.err.status}
		}
		body, err := encodeJSON(v)
		if err != nil {
			// NOTE: unreachable (the body is strings and an int); kept so that
			// a future field that can fail to encode is not silently dropped.
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		res = result{status: res.err.status, body: body}
	}
	for k, v := range res.header {
		w.Header()[k] = v
	}
	if res.body == nil {
		w.WriteHeader(res.status)
		return
	}
	// NOTE: one slice shared by every answer, as net/http shares its own
	// default header values: nothing writes into a header's values in
	// place, only replaces them.
	w.Header()["Content-Type"] = jsonContentType
	w.WriteHeader(res.status)
	_, _ = w.Write(res.body)
}

var jsonContentType = []string{"application/json"}

// encodeJSON marshals without HTML escaping, so that values such as traffic
// policies read naturally on the wire.
func encodeJSON(v any) ([]byte, error) {
	e, body, err := encodePooled(v)
	defer e.release()
	if err != nil {
		return nil, err
	}
	return bytes.Clone(body), nil
}

// encodePooled is encodeJSON into a pooled encoder's buffer: body is valid
// until e.release().
func encodePooled(v any) (e *pooledEncoder, body []byte, err error) {
	e, ok := encoders.Get().(*pooledEncoder)
	if !ok {
		e = newPooledEncoder()
	}
	if err := e.enc.Encode(v); err != nil {
		return e, nil, err
	}
	return e, bytes.TrimSuffix(e.buf.Bytes(), []byte("\n")), nil
}

// encoders saves encodeJSON an encoder and the growth of its buffer on
// every answer.
var encoders = sync.Pool{New: func() any { return newPooledEncoder() }}

func newPooledEncoder() *pooledEncoder {
	e := &pooledEncoder{}
	e.enc = json.NewEncoder(&e.buf)
	e.enc.SetEscapeHTML(false)
	return e
}

type pooledEncoder struct {
	buf bytes.Buffer
	enc *json.Encoder
}

// maxPooledBuffer keeps a rare large answer (a state dump) from being held
// by the pool.
const maxPooledBuffer = 64 << 10

func (e *pooledEncoder) release() {
	if e.buf.Cap() > maxPooledBuffer {
		return
	}
	e.buf.Reset()
	encoders.Put(e)
}

// timestamp is the current time as the API shows it: UTC, whole seconds.
func (s *Server) timestamp() time.Time {
	return s.now().UTC().Truncate(time.Second)
}

// partialSecret is what an error message may repeat of a credential that
// was sent: its first six characters [ours: ngrok's messages quote the
// credential (ERR_NGROK_202, 203); a client that shows the message, as the
// provider's diagnostics do, must not print a key whole].
func partialSecret(s string) string {
	if len(s) < 12 {
		return "..."
	}
	return s[:6] + "..."
}
