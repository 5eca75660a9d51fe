package mockserver

import (
	"encoding/json"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strings"
)

// The modules of an HTTPS edge route (README.md, section HTTPS edge route
// modules), each served at /edges/https/{edge_id}/routes/{id}/<module> with
// PUT, GET and DELETE: the four of this file, which the provider writes,
// and the nine of edge_route_modules_seeded.go [real: the spec, and
// ngrok-api-go's edge_modules/https_edge_route_* clients].
//
//   - PUT takes the bare module object and replaces the whole module: an
//     omitted field is its zero value, except enabled, which defaults to true.
//     The response returns every field, zero values included.
//   - GET of a module that was never set, or was deleted: 404 [ours].
//   - DELETE of a module that is not set: 204 [ours], as for detaching a
//     reserved domain's certificate: the client wanted it gone and it is.
//   - An unknown edge, an unknown route, or a route of another edge: 404.
//   - SetEdgesReadOnly makes every PUT and DELETE answer ERR_NGROK_7196, as
//     the real API does for accounts whose edges became read-only.
//   - Each route keeps the last accepted PUT body of each module, for
//     EdgeRouteModule: in the route's row, so that Reset forgets them and the
//     state file keeps them with the route. A DELETE of the OIDC module
//     forgets its body, which holds the client secret: a deleted secret
//     leaves the state file (state_scrub.go). The bodies of the webhook
//     verification and OAuth modules are never kept: their secrets are not
//     (edge_route_modules_seeded.go).

// Module names, as path segments and as EdgeRouteModule's argument
// (ModuleTrafficPolicy is declared with the TCP and TLS edges' modules).
const (
	ModuleOIDC                  = "oidc"
	ModuleBackend               = "backend"
	ModuleIPRestriction         = "ip_restriction"
	ModuleRequestHeaders        = "request_headers"
	ModuleCircuitBreaker        = "circuit_breaker"
	ModuleCompression           = "compression"
	ModuleResponseHeaders       = "response_headers"
	ModuleWebhookVerification   = "webhook_verification"
	ModuleOAuth                 = "oauth"
	ModuleSAML                  = "saml"
	ModuleWebsocketTCPConverter = "websocket_tcp_converter"
	ModuleUserAgentFilter       = "user_agent_filter"
)

// edgeState holds the seed-only objects. readOnly is guarded by the store
// mutex, like the tables.
type edgeState struct {
	st         *store
	edges      *table[httpsEdge]
	routes     *table[httpsEdgeRoute]
	backends   *table[tunnelGroupBackend]
	ipPolicies *table[ipPolicy]
	// allBackends are the five kinds of backend, which a route's backend
	// module may name.
	allBackends *backendTables

	readOnly bool
	// writable: edges, routes and backends can be created, changed and
	// deleted (SetEdgesWritable); otherwise those writes answer
	// ERR_NGROK_7008. Route modules are writable either way.
	writable bool
	// endpointConfigsDeprecated: endpoint configuration IDs answer
	// ERR_NGROK_1608 (SetEndpointConfigurationsDeprecated).
	endpointConfigsDeprecated bool
}

func newEdgeState(st *store, ids *idSource, ipPolicies *table[ipPolicy], backends *backendTables) *edgeState {
	es := &edgeState{
		st:          st,
		edges:       newTable[httpsEdge](st, ids, tableHTTPSEdges, "HTTPS edge", prefixEdgeHTTPS),
		routes:      newTable[httpsEdgeRoute](st, ids, tableHTTPSEdgeRoutes, "HTTPS edge route", prefixEdgeHTTPSRoute),
		backends:    backends.tunnelGroup,
		ipPolicies:  ipPolicies,
		allBackends: backends,
	}
	es.edges.removed = es.edgeRemovedLocked
	return es
}

// SetEdgesReadOnly makes the server refuse every write to an edge, a route,
// a route module or a backend with ERR_NGROK_7196, as the real API does for
// accounts whose edges became read-only (after 31 December 2025). Reads keep
// working.
func (s *Server) SetEdgesReadOnly(readOnly bool) {
	s.store.mu.Lock()
	defer s.store.mu.Unlock()
	s.edges.readOnly = readOnly
}

// SetEdgesWritable makes the server accept creates, updates and deletes of
// edges, routes and backends, as the real API still does for an account
// that kept edge write access. Off, those writes answer ERR_NGROK_7008
// (edges are no longer available). SetEdgesReadOnly wins over it.
func (s *Server) SetEdgesWritable(writable bool) {
	s.store.mu.Lock()
	defer s.store.mu.Unlock()
	s.edges.writable = writable
}

// writeRefusalLocked is why a write to an edge, route or backend is
// refused, or nil when it may go ahead. The caller holds the store lock.
func (es *edgeState) writeRefusalLocked() *apiError {
	switch {
	case es.readOnly:
		return edgesReadOnlyError()
	case !es.writable:
		return errEdgesNotServed.with()
	}
	return nil
}

// writeRefusal is writeRefusalLocked taking the store lock.
func (es *edgeState) writeRefusal() *apiError {
	es.st.mu.Lock()
	defer es.st.mu.Unlock()
	return es.writeRefusalLocked()
}

// SetEndpointConfigurationsDeprecated makes every endpoint configuration ID
// on a reserved domain (http_endpoint_configuration_id,
// https_endpoint_configuration_id) answer ERR_NGROK_1608, as the real API
// does where endpoint configurations are no longer served.
func (s *Server) SetEndpointConfigurationsDeprecated(deprecated bool) {
	s.store.mu.Lock()
	defer s.store.mu.Unlock()
	s.edges.endpointConfigsDeprecated = deprecated
}

// EdgeRouteModule returns the body of the last accepted PUT of a module
// (ModuleOIDC, ModuleBackend...) of a route, byte for byte as the client sent
// it, so that tests can assert what reached the API, including values that
// never reach a Terraform state. ok is false when no PUT was accepted. A
// later DELETE of the module does not forget the body, except for the OIDC
// module (its body holds the client secret); Reset, or the route being
// deleted, does. The state file keeps it with the route.
func (s *Server) EdgeRouteModule(edgeID, routeID, module string) (json.RawMessage, bool) {
	s.store.mu.Lock()
	defer s.store.mu.Unlock()
	r, err := s.edges.routeLocked(edgeID, routeID)
	if err != nil {
		return nil, false
	}
	raw, ok := r.val.LastPut[module]
	return json.RawMessage(raw), ok
}

// routeLocked finds a route of an edge; the store lock must be held.
func (es *edgeState) routeLocked(edgeID, routeID string) (*row[httpsEdgeRoute], *apiError) {
	if _, ok := es.edges.rows[edgeID]; !ok {
		return nil, notFound()
	}
	r, ok := es.routes.rows[routeID]
	if !ok || r.val.EdgeID != edgeID {
		return nil, notFound()
	}
	return r, nil
}

// routeModule describes one module: its replace body B and what is stored, M.
type routeModule[B, M any] struct {
	name string
	// build validates a replace body and returns the module to store. It
	// runs with the store lock held, so that references to backends and IP
	// policies are checked atomically with the write.
	build func(es *edgeState, in *B) (M, *apiError)
	// wire answers the module of the route routeID (the SAML module's URLs
	// are derived from it).
	wire func(m *M, origin, routeID string) any
	slot func(r *httpsEdgeRoute) **M
	// secret: the module holds a credential, so that its DELETE also
	// forgets the recorded PUT body that holds it.
	secret bool
	// unrecorded: the body holds a secret the mock does not keep, so that
	// no body of the module is recorded.
	unrecorded bool
}

// routeModuleDecl is a routeModule whatever its types: what the route table
// and the bodies of route creates and PATCHes need of it.
type routeModuleDecl interface {
	moduleName() string
	routes(s *Server) []route
	// applyLocked builds the module from raw, the module's value in a
	// route's create or PATCH body, onto r, as its PUT would; absent or
	// null leaves the module as it is. The store lock must be held.
	applyLocked(es *edgeState, r *httpsEdgeRoute, raw json.RawMessage) *apiError
}

func (m routeModule[B, M]) moduleName() string { return m.name }

func (m routeModule[B, M]) routes(s *Server) []route { return moduleRoutes(s, m) }

func (m routeModule[B, M]) applyLocked(es *edgeState, r *httpsEdgeRoute, raw json.RawMessage) *apiError {
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	var body B
	if err := decodeStrict(raw, &body); err != nil {
		return err
	}
	v, err := m.build(es, &body)
	if err != nil {
		return err
	}
	*m.slot(r) = &v
	if !m.unrecorded {
		r.recordPut(m.name, raw)
	}
	return nil
}

// originWire adapts a module's wire method that needs only the origin.
func originWire[M any](wire func(*M, string) any) func(*M, string, string) any {
	return func(m *M, origin, _ string) any { return wire(m, origin) }
}

// routeModules are the thirteen modules of a route, in the order a route
// body's modules are checked.
var routeModules = []routeModuleDecl{
	routeModule[oidcBody, oidcModule]{
		name: ModuleOIDC, build: buildOIDC, wire: originWire((*oidcModule).wire),
		slot: func(r *httpsEdgeRoute) **oidcModule { return &r.OIDC }, secret: true,
	},
	routeModule[backendBody, backendModule]{
		name: ModuleBackend, build: buildBackend, wire: originWire((*backendModule).wire),
		slot: func(r *httpsEdgeRoute) **backendModule { return &r.Backend },
	},
	routeModule[ipRestrictionBody, ipRestrictionModule]{
		name: ModuleIPRestriction, build: buildIPRestriction, wire: originWire((*ipRestrictionModule).wire),
		slot: func(r *httpsEdgeRoute) **ipRestrictionModule { return &r.IPRestriction },
	},
	routeModule[requestHeadersBody, requestHeadersModule]{
		name: ModuleRequestHeaders, build: buildRequestHeaders, wire: originWire((*requestHeadersModule).wire),
		slot: func(r *httpsEdgeRoute) **requestHeadersModule { return &r.RequestHeaders },
	},
	routeModule[circuitBreakerBody, circuitBreakerModule]{
		name: ModuleCircuitBreaker, build: buildCircuitBreaker, wire: asStored[circuitBreakerModule],
		slot: func(r *httpsEdgeRoute) **circuitBreakerModule { return &r.Seeded.CircuitBreaker },
	},
	routeModule[enabledBody, enabledModule]{
		name: ModuleCompression, build: buildEnabled, wire: asStored[enabledModule],
		slot: func(r *httpsEdgeRoute) **enabledModule { return &r.Seeded.Compression },
	},
	routeModule[requestHeadersBody, requestHeadersModule]{
		name: ModuleResponseHeaders, build: buildRequestHeaders, wire: originWire((*requestHeadersModule).wire),
		slot: func(r *httpsEdgeRoute) **requestHeadersModule { return &r.Seeded.ResponseHeaders },
	},
	routeModule[webhookVerificationBody, webhookVerificationModule]{
		name: ModuleWebhookVerification, build: buildWebhookVerification, wire: asStored[webhookVerificationModule],
		slot: func(r *httpsEdgeRoute) **webhookVerificationModule { return &r.Seeded.WebhookVerification }, unrecorded: true,
	},
	routeModule[oauthBody, oauthModule]{
		name: ModuleOAuth, build: buildOAuth, wire: func(m *oauthModule, _, _ string) any { return m.wire() },
		slot: func(r *httpsEdgeRoute) **oauthModule { return &r.Seeded.OAuth }, unrecorded: true,
	},
	routeModule[samlBody, samlModule]{
		name: ModuleSAML, build: buildSAML, wire: func(m *samlModule, _, routeID string) any { return m.wire(routeID) },
		slot: func(r *httpsEdgeRoute) **samlModule { return &r.Seeded.SAML },
	},
	routeModule[enabledBody, enabledModule]{
		name: ModuleWebsocketTCPConverter, build: buildEnabled, wire: asStored[enabledModule],
		slot: func(r *httpsEdgeRoute) **enabledModule { return &r.Seeded.WebsocketTCPConverter },
	},
	routeModule[userAgentFilterBody, userAgentFilterModule]{
		name: ModuleUserAgentFilter, build: buildUserAgentFilter, wire: asStored[userAgentFilterModule],
		slot: func(r *httpsEdgeRoute) **userAgentFilterModule { return &r.Seeded.UserAgentFilter },
	},
	routeModule[trafficPolicyBody, trafficPolicyModule]{
		name: ModuleTrafficPolicy, build: buildTrafficPolicyModule, wire: asStored[trafficPolicyModule],
		slot: func(r *httpsEdgeRoute) **trafficPolicyModule { return &r.Seeded.TrafficPolicy },
	},
}

// asStored is the wire of a module answered as it is stored.
func asStored[M any](m *M, _, _ string) any { return m }

func (s *Server) edgeRouteModuleRoutes() []route {
	var rs []route
	for _, m := range routeModules {
		rs = append(rs, m.routes(s)...)
	}
	return rs
}

func moduleRoutes[B, M any](s *Server, m routeModule[B, M]) []route {
	path := "/" + collEdgesHTTPS + "/{edge_id}/routes/{id}/" + m.name
	ids := map[string]idKind{"edge_id": s.edges.edges.kind(), "id": s.edges.routes.kind()}
	es := s.edges

	replace := func(rq *request) (any, int, *apiError) {
		edgeID, routeID := rq.r.PathValue("edge_id"), rq.r.PathValue("id")
		es.st.mu.Lock()
		defer es.st.mu.Unlock()
		if es.readOnly {
			return nil, 0, edgesReadOnlyError()
		}
		r, err := es.routeLocked(edgeID, routeID)
		if err != nil {
			return nil, 0, err
		}
		in, err := bodyAs[B](rq)
		if err != nil {
			return nil, 0, err
		}
		v, err := m.build(es, in)
		if err != nil {
			return nil, 0, err
		}
		route := r.val
		*m.slot(&route) = &v
		if !m.unrecorded {
			route.recordPut(m.name, rq.raw)
		}
		es.routes.putLocked(r.id, route)
		return m.wire(&v, rq.origin(), r.id), http.StatusOK, nil
	}
	get := func(rq *request) (any, int, *apiError) {
		es.st.mu.Lock()
		defer es.st.mu.Unlock()
		r, err := es.routeLocked(rq.r.PathValue("edge_id"), rq.r.PathValue("id"))
		if err != nil {
			return nil, 0, err
		}
		v := *m.slot(&r.val)
		if v == nil {
			return nil, 0, notFound()
		}
		return m.wire(v, rq.origin(), r.id), http.StatusOK, nil
	}
	remove := func(rq *request) (any, int, *apiError) {
		es.st.mu.Lock()
		defer es.st.mu.Unlock()
		if es.readOnly {
			return nil, 0, edgesReadOnlyError()
		}
		r, err := es.routeLocked(rq.r.PathValue("edge_id"), rq.r.PathValue("id"))
		if err != nil {
			return nil, 0, err
		}
		route := r.val
		*m.slot(&route) = nil
		if m.secret {
			route.forgetPut(m.name)
		}
		es.routes.putLocked(r.id, route)
		return nil, http.StatusNoContent, nil
	}
	return []route{
		{method: http.MethodPut, path: path, ids: ids, body: bodyOf[B], handle: replace},
		{method: http.MethodGet, path: path, ids: ids, handle: get},
		{method: http.MethodDelete, path: path, ids: ids, handle: remove},
	}
}

func edgesReadOnlyError() *apiError {
	return errEdgesReadOnly.with()
}

// enabledOrDefault applies the API's default for an omitted (or null) enabled.
func enabledOrDefault(b *bool) bool { return b == nil || *b }

// OIDC module.

type oidcBody struct {
	Enabled            *bool    `json:"enabled"`
	OptionsPassthrough bool     `json:"options_passthrough"`
	CookiePrefix       string   `json:"cookie_prefix"`
	InactivityTimeout  uint32   `json:"inactivity_timeout"`
	MaximumDuration    uint32   `json:"maximum_duration"`
	Issuer             string   `json:"issuer"`
	ClientID           string   `json:"client_id"`
	ClientSecret       string   `json:"client_secret"`
	Scopes             []string `json:"scopes"`
}

// oidcModule is stored in its wire shape: nothing in it depends on the origin.
type oidcModule struct {
	Enabled            bool     `json:"enabled"`
	OptionsPassthrough bool     `json:"options_passthrough"`
	CookiePrefix       string   `json:"cookie_prefix"`
	InactivityTimeout  uint32   `json:"inactivity_timeout"`
	MaximumDuration    uint32   `json:"maximum_duration"`
	Issuer             string   `json:"issuer"`
	ClientID           string   `json:"client_id"`
	ClientSecret       string   `json:"client_secret"`
	Scopes             []string `json:"scopes"`
}

func (m *oidcModule) wire(string) any { return m }

func buildOIDC(_ *edgeState, in *oidcBody) (oidcModule, *apiError) {
	switch {
	case in.Issuer == "":
		return oidcModule{}, errOIDCIssuerMissing.with()
	case in.ClientID == "":
		return oidcModule{}, errOIDCClientIDMissing.with()
	case in.ClientSecret == "":
		return oidcModule{}, errOIDCClientSecretMissing.with()
	}
	if u, err := url.Parse(in.Issuer); err != nil || u.Scheme != "https" || u.Host == "" || u.User != nil {
		return oidcModule{}, errInvalidValue.with("issuer")
	}
	scopes := make([]string, 0, len(in.Scopes))
	for _, sc := range in.Scopes {
		if !isScopeToken(sc) || slices.Contains(scopes, sc) {
			return oidcModule{}, errInvalidValue.with("scopes")
		}
		scopes = append(scopes, sc)
	}
	return oidcModule{
		Enabled:            enabledOrDefault(in.Enabled),
		OptionsPassthrough: in.OptionsPassthrough,
		CookiePrefix:       in.CookiePrefix,
		InactivityTimeout:  in.InactivityTimeout,
		MaximumDuration:    in.MaximumDuration,
		Issuer:             in.Issuer,
		ClientID:           in.ClientID,
		ClientSecret:       in.ClientSecret,
		Scopes:             scopes,
	}, nil
}

// isScopeToken reports whether s is a scope-token of RFC 6749 §3.3.
func isScopeToken(s string) bool {
	if s == "" {
		return false
	}
	for i := range len(s) {
		if c := s[i]; c < 0x21 || c > 0x7e || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}

// Backend module.

type backendBody struct {
	Enabled   *bool  `json:"enabled"`
	BackendID string `json:"backend_id"`
}

type backendModule struct {
	Enabled   bool   `json:"enabled"`
	BackendID string `json:"backend_id"`
}

type backendWire struct {
	Enabled bool    `json:"enabled"`
	Backend refWire `json:"backend"`
}

func (m *backendModule) wire(origin string) any {
	return backendWire{
		Enabled: m.Enabled,
		Backend: refWire{ID: m.BackendID, URI: objectURI(origin, backendCollection(m.BackendID), m.BackendID)},
	}
}

func buildBackend(es *edgeState, in *backendBody) (backendModule, *apiError) {
	if in.BackendID == "" {
		return backendModule{}, errInvalidValue.with("backend_id")
	}
	if err := es.allBackends.checkReferenceLocked(in.BackendID); err != nil {
		return backendModule{}, err
	}
	return backendModule{Enabled: enabledOrDefault(in.Enabled), BackendID: in.BackendID}, nil
}

// checkIPPolicyReference checks an ID of ip_policy_ids: an IP policy of the
// account; the store lock must be held. NOTE: never a 404, which answers
// for the object at the path: a client that reads 404 as "this object is
// gone" must not be misled.
func checkIPPolicyReference(t *table[ipPolicy], id string) *apiError {
	if err := checkIDPrefix(id, t.kind()); err != nil {
		return err
	}
	if _, ok := t.rows[id]; !ok {
		return errEdgeIPPolicyUnknown.with(id)
	}
	return nil
}

// IP restriction module.

type ipRestrictionBody struct {
	Enabled     *bool    `json:"enabled"`
	IPPolicyIDs []string `json:"ip_policy_ids"`
}

type ipRestrictionModule struct {
	Enabled   bool     `json:"enabled"`
	PolicyIDs []string `json:"ip_policy_ids"`
}

type ipRestrictionWire struct {
	Enabled    bool      `json:"enabled"`
	IPPolicies []refWire `json:"ip_policies"`
}

func (m *ipRestrictionModule) wire(origin string) any {
	refs := make([]refWire, len(m.PolicyIDs))
	for i, id := range m.PolicyIDs {
		refs[i] = refWire{ID: id, URI: objectURI(origin, collIPPolicies, id)}
	}
	return ipRestrictionWire{Enabled: m.Enabled, IPPolicies: refs}
}

func buildIPRestriction(es *edgeState, in *ipRestrictionBody) (ipRestrictionModule, *apiError) {
	if len(in.IPPolicyIDs) == 0 {
		return ipRestrictionModule{}, errIPRestrictionModuleEmpty.with()
	}
	ids := make([]string, 0, len(in.IPPolicyIDs))
	for _, id := range in.IPPolicyIDs {
		if err := checkIPPolicyReference(es.ipPolicies, id); err != nil {
			return ipRestrictionModule{}, err
		}
		if slices.Contains(ids, id) {
			return ipRestrictionModule{}, errInvalidValue.with("ip_policy_ids")
		}
		ids = append(ids, id)
	}
	return ipRestrictionModule{Enabled: enabledOrDefault(in.Enabled), PolicyIDs: ids}, nil
}

// Request headers module.

type requestHeadersBody struct {
	Enabled *bool             `json:"enabled"`
	Add     map[string]string `json:"add"`
	Remove  []string          `json:"remove"`
}

type requestHeadersModule struct {
	Enabled bool              `json:"enabled"`
	Add     map[string]string `json:"add"`
	Remove  []string          `json:"remove"`
}

func (m *requestHeadersModule) wire(string) any { return m }

func buildRequestHeaders(_ *edgeState, in *requestHeadersBody) (requestHeadersModule, *apiError) {
	add := make(map[string]string, len(in.Add))
	for _, name := range slices.Sorted(maps.Keys(in.Add)) {
		if err := checkHeaderName(name, slices.Collect(maps.Keys(add))); err != nil {
			return requestHeadersModule{}, err
		}
		if v := in.Add[name]; strings.ContainsAny(v, "\r\n\x00") {
			return requestHeadersModule{}, errHeaderValueInvalid.with(v, "it contains a line break or NUL character")
		}
		add[name] = in.Add[name]
	}
	remove := make([]string, 0, len(in.Remove))
	for _, name := range in.Remove {
		if err := checkHeaderName(name, remove); err != nil {
			return requestHeadersModule{}, err
		}
		remove = append(remove, name)
	}
	return requestHeadersModule{Enabled: enabledOrDefault(in.Enabled), Add: add, Remove: remove}, nil
}

// checkHeaderName refuses a name that is not an HTTP token (RFC 9110 §5.1)
// or that repeats one of seen ignoring case: header names are case-insensitive.
func checkHeaderName(name string, seen []string) *apiError {
	if !isHeaderToken(name) {
		return errHeaderNameInvalid.with(name)
	}
	for _, s := range seen {
		if strings.EqualFold(s, name) {
			return errHeaderTwice.with(strings.ToLower(name), s, name)
		}
	}
	return nil
}

func isHeaderToken(s string) bool {
	if s == "" {
		return false
	}
	for i := range len(s) {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		case strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0:
		default:
			return false
		}
	}
	return true
}
