package mockserver

import (
	"fmt"
	"net"
	"net/http"
	"slices"
	"strconv"
	"time"
)

// TCP edges (README.md, section TCP and TLS edges): /edges/tcp, with their
// modules at /edges/tcp/{id}/<module>. TLS edges (tls_edges.go) are served
// by the same code: they differ in their hostports (reserved domains on port
// 443, not reserved addresses) and in two modules of their own (mutual_tls,
// tls_termination).
//
//   - Create, list (newest first, cursors), get, PATCH and delete [real
//     shape]; every module is nested in the edge's answer, null when it is
//     not set [real: ngrok's examples answer "backend": null].
//   - hostports empty or absent is answered null [real:
//     _edges_tcp_get_response.md@3196b15; a TLS edge's as a TCP edge's].
//   - A PATCH leaves what it does not name alone; a module it names is
//     replaced whole; hostports it names replace the list [real: the spec's
//     update]. No PATCH removes a module: DELETE /edges/tcp/{id}/<module>
//     does [real].
//   - A module's PUT takes the bare module and replaces it; GET of a module
//     not set is 404 and DELETE of one not set is 204 [ours, as for route
//     modules].
//   - Every create, PATCH, delete and module PUT or DELETE is refused as
//     edges' writes are (edge_route_modules.go, writeRefusalLocked):
//     ERR_NGROK_7196 while edges are read-only, ERR_NGROK_7008 unless the
//     account kept edge write access (SetEdgesWritable).
//   - A TCP edge's hostport is a reserved address of the account, host:port
//     [real: ERR_NGROK_7104 malformed, 7112 port out of range, 7120 a reserved
//     domain, 7113 not reserved]; one hostport belongs to one edge of any kind
//     (ERR_NGROK_7122 [real]); a hostport listed twice is ERR_NGROK_215 [ours].
//   - backend names an existing backend (ERR_NGROK_6501), ip_restriction
//     existing IP policies, at least one (7025, 7007), as the HTTPS edge
//     route modules do; traffic_policy's value is checked as a cloud endpoint's
//     traffic policy is (ERR_NGROK_18002 [real code]), and is required
//     (ERR_NGROK_18011 [ours]).

// Table names and list properties [real: TCPEdgeList, TLSEdgeList], also
// the seed file's keys.
const (
	tableTCPEdges = "tcp_edges"
	tableTLSEdges = "tls_edges"
)

// Module names of TCP and TLS edges, as path segments.
const (
	ModuleTrafficPolicy  = "traffic_policy"
	ModuleMutualTLS      = "mutual_tls"
	ModuleTLSTermination = "tls_termination"
)

// tcpTLSEdge is a stored TCP or TLS edge; a nil module is not set. A TCP
// edge never has MutualTLS or TLSTermination.
type tcpTLSEdge struct {
	ID          string    `json:"id"`
	CreatedAt   time.Time `json:"created_at"`
	Description string    `json:"description,omitempty"`
	Metadata    string    `json:"metadata,omitempty"`
	Hostports   []string  `json:"hostports,omitempty"`

	Backend        *backendModule        `json:"backend,omitempty"`
	IPRestriction  *ipRestrictionModule  `json:"ip_restriction,omitempty"`
	TrafficPolicy  *trafficPolicyModule  `json:"traffic_policy,omitempty"`
	MutualTLS      *mutualTLSModule      `json:"mutual_tls,omitempty"`
	TLSTermination *tlsTerminationModule `json:"tls_termination,omitempty"`
}

type tcpEdgeWire struct {
	WireHeader
	Hostports     []string `json:"hostports"`
	Backend       any      `json:"backend"`
	IPRestriction any      `json:"ip_restriction"`
	TrafficPolicy any      `json:"traffic_policy"`
}

type tlsEdgeWire struct {
	WireHeader
	Hostports      []string `json:"hostports"`
	Backend        any      `json:"backend"`
	IPRestriction  any      `json:"ip_restriction"`
	MutualTLS      any      `json:"mutual_tls"`
	TLSTermination any      `json:"tls_termination"`
	TrafficPolicy  any      `json:"traffic_policy"`
}

// edgeBody is a create or PATCH body of either kind, decoded from
// tcpEdgeBody or tlsEdgeBody: nil is not sent.
type edgeBody struct {
	ID             *string
	Description    *string
	Metadata       *string
	Hostports      *[]string
	Backend        *backendBody
	IPRestriction  *ipRestrictionBody
	TrafficPolicy  *trafficPolicyBody
	MutualTLS      *mutualTLSBody
	TLSTermination *tlsTerminationBody
}

// tcpEdgeBody is TCPEdgeCreate and TCPEdgeUpdate; id is the update's only.
type tcpEdgeBody struct {
	ID            *string            `json:"id"`
	Description   *string            `json:"description"`
	Metadata      *string            `json:"metadata"`
	Hostports     *[]string          `json:"hostports"`
	Backend       *backendBody       `json:"backend"`
	IPRestriction *ipRestrictionBody `json:"ip_restriction"`
	TrafficPolicy *trafficPolicyBody `json:"traffic_policy"`
}

func (b *tcpEdgeBody) edgeBody() edgeBody {
	return edgeBody{ID: b.ID, Description: b.Description, Metadata: b.Metadata, Hostports: b.Hostports,
		Backend: b.Backend, IPRestriction: b.IPRestriction, TrafficPolicy: b.TrafficPolicy}
}

// edgeKind is what differs between TCP and TLS edges.
type edgeKind struct {
	coll  string // "edges/tcp"
	table string // "tcp_edges": table, list property, seed file key
	noun  string // "TCP edge"
	tls   bool
	// hostport checks one hostport of a create or PATCH; the store lock is held.
	hostport func(s *Server, hp string) *apiError
}

var (
	tcpEdgeKind = &edgeKind{coll: collEdgesTCP, table: tableTCPEdges, noun: "TCP edge", hostport: (*Server).checkTCPEdgeHostportLocked}
	tlsEdgeKind = &edgeKind{coll: collEdgesTLS, table: tableTLSEdges, noun: "TLS edge", tls: true, hostport: (*Server).checkTLSEdgeHostportLocked}
)

func (k *edgeKind) tableOf(s *Server) *table[tcpTLSEdge] {
	if k.tls {
		return s.tlsEdges
	}
	return s.tcpEdges
}

// wire answers an edge: a TCP edge as tcpEdgeWire, a TLS edge as tlsEdgeWire.
func (k *edgeKind) wire(e *tcpTLSEdge, origin string) any {
	h := WireHeader{ID: e.ID, URI: objectURI(origin, k.coll, e.ID), CreatedAt: wireTime(e.CreatedAt),
		Description: e.Description, Metadata: e.Metadata}
	var hostports []string
	if len(e.Hostports) > 0 {
		hostports = slices.Clone(e.Hostports)
	}
	// NOTE: assigned one by one: a nil *module in an interface is not nil,
	// and the answer would hold an empty object instead of null.
	var backend, ipRestriction, trafficPolicy, mutualTLS, tlsTermination any
	if e.Backend != nil {
		backend = e.Backend.wire(origin)
	}
	if e.IPRestriction != nil {
		ipRestriction = e.IPRestriction.wire(origin)
	}
	if e.TrafficPolicy != nil {
		trafficPolicy = e.TrafficPolicy.wire(origin)
	}
	if !k.tls {
		return tcpEdgeWire{WireHeader: h, Hostports: hostports, Backend: backend, IPRestriction: ipRestriction, TrafficPolicy: trafficPolicy}
	}
	if e.MutualTLS != nil {
		mutualTLS = e.MutualTLS.wire(origin)
	}
	if e.TLSTermination != nil {
		tlsTermination = e.TLSTermination.wire(origin)
	}
	return tlsEdgeWire{WireHeader: h, Hostports: hostports, Backend: backend, IPRestriction: ipRestriction,
		MutualTLS: mutualTLS, TLSTermination: tlsTermination, TrafficPolicy: trafficPolicy}
}

// apply sets what body names on e, under the store lock: hostports and
// modules checked against the account's objects.
func (k *edgeKind) apply(s *Server, in edgeBody, e *tcpTLSEdge) *apiError {
	if in.ID != nil && e.ID != "" && *in.ID != e.ID {
		return errInvalidValue.with("id")
	}
	assign(&e.Description, in.Description)
	assign(&e.Metadata, in.Metadata)
	if err := checkFreeText(e.Description, e.Metadata, edgeText); err != nil {
		return err
	}
	if in.Hostports != nil {
		hostports := make([]string, 0, len(*in.Hostports))
		for _, hp := range *in.Hostports {
			if slices.Contains(hostports, hp) {
				return errInvalidValue.with("hostports")
			}
			if err := k.hostport(s, hp); err != nil {
				return err
			}
			if owner := s.edgeOfHostportLocked(hp); owner != "" && owner != e.ID {
				return errEdgeHostportTaken.with(hp)
			}
			hostports = append(hostports, hp)
		}
		e.Hostports = hostports
	}
	return k.applyModules(s, in, e)
}

func (k *edgeKind) applyModules(s *Server, in edgeBody, e *tcpTLSEdge) *apiError {
	es := s.edges
	if in.Backend != nil {
		m, err := buildBackend(es, in.Backend)
		if err != nil {
			return err
		}
		e.Backend = &m
	}
	if in.IPRestriction != nil {
		m, err := buildIPRestriction(es, in.IPRestriction)
		if err != nil {
			return err
		}
		e.IPRestriction = &m
	}
	if in.TrafficPolicy != nil {
		m, err := buildTrafficPolicy(s, in.TrafficPolicy)
		if err != nil {
			return err
		}
		e.TrafficPolicy = &m
	}
	if in.TLSTermination != nil {
		m, err := buildTLSTermination(s, in.TLSTermination)
		if err != nil {
			return err
		}
		e.TLSTermination = &m
	}
	if in.MutualTLS != nil {
		m, err := buildMutualTLS(s, in.MutualTLS)
		if err != nil {
			return err
		}
		e.MutualTLS = &m
	}
	return checkMutualTLSTermination(e)
}

// edgeOfHostportLocked is the ID of the edge, of any kind, that serves hp,
// or "".
func (s *Server) edgeOfHostportLocked(hp string) string {
	for _, t := range []*table[tcpTLSEdge]{s.tcpEdges, s.tlsEdges} {
		for id, r := range t.rows {
			if slices.Contains(r.val.Hostports, hp) {
				return id
			}
		}
	}
	for id, r := range s.edges.edges.rows {
		if slices.Contains(r.val.Hostports, hp) {
			return id
		}
	}
	return ""
}

// splitHostport splits hp as host:port, answering ERR_NGROK_7104 and 7112.
func splitHostport(hp string) (host string, port int, err *apiError) {
	host, p, serr := net.SplitHostPort(hp)
	n, perr := strconv.Atoi(p)
	if serr != nil || host == "" || perr != nil {
		return "", 0, errEdgeHostportFormat.with(hp)
	}
	if n < 1 || n > 65535 {
		return "", 0, errEdgeHostportPort.with(hp, n)
	}
	return host, n, nil
}

func (s *Server) checkTCPEdgeHostportLocked(hp string) *apiError {
	host, _, err := splitHostport(hp)
	if err != nil {
		return err
	}
	if s.reservedAddrExistsLocked(hp) {
		return nil
	}
	if _, ok := s.matchReservedDomainLocked(host); ok {
		return errEdgeTCPHostportDomain.with(hp)
	}
	return errEdgeAddrNotReserved.with(hp)
}

// Traffic policy module.

// NOTE: trafficPolicyBody and trafficPolicyModule are the route module's
// (edge_route_modules_seeded.go): the same shape in the spec.

func (m *trafficPolicyModule) wire(string) any { return m }

func buildTrafficPolicy(s *Server, in *trafficPolicyBody) (trafficPolicyModule, *apiError) {
	return buildTrafficPolicyModule(s.edges, in)
}

// Routes.

func (s *Server) tcpTLSEdgeRoutes() []route {
	return slices.Concat(
		edgeRoutesOf(s, tcpEdgeKind, bodyOf[tcpEdgeBody], func(rq *request) (edgeBody, *apiError) {
			b, err := bodyAs[tcpEdgeBody](rq)
			if err != nil {
				return edgeBody{}, err
			}
			return b.edgeBody(), nil
		}),
		edgeRoutesOf(s, tlsEdgeKind, bodyOf[tlsEdgeBody], func(rq *request) (edgeBody, *apiError) {
			b, err := bodyAs[tlsEdgeBody](rq)
			if err != nil {
				return edgeBody{}, err
			}
			return b.edgeBody(), nil
		}),
		tcpTLSEdgeModuleRoutes(s, tcpEdgeKind, tcpTLSEdgeModule[backendBody, backendModule]{ModuleBackend,
			func(s *Server, b *backendBody) (backendModule, *apiError) { return buildBackend(s.edges, b) },
			(*backendModule).wire, func(e *tcpTLSEdge) **backendModule { return &e.Backend }}),
		tcpTLSEdgeModuleRoutes(s, tcpEdgeKind, tcpTLSEdgeModule[ipRestrictionBody, ipRestrictionModule]{ModuleIPRestriction,
			func(s *Server, b *ipRestrictionBody) (ipRestrictionModule, *apiError) {
				return buildIPRestriction(s.edges, b)
			},
			(*ipRestrictionModule).wire, func(e *tcpTLSEdge) **ipRestrictionModule { return &e.IPRestriction }}),
		tcpTLSEdgeModuleRoutes(s, tcpEdgeKind, tcpTLSEdgeModule[trafficPolicyBody, trafficPolicyModule]{ModuleTrafficPolicy,
			buildTrafficPolicy, (*trafficPolicyModule).wire, func(e *tcpTLSEdge) **trafficPolicyModule { return &e.TrafficPolicy }}),
		s.tlsEdgeModuleRoutes(),
	)
}

// edgeRoutesOf serves the edges of kind k: create, list, get, PATCH, delete.
func edgeRoutesOf(s *Server, k *edgeKind, body func() any, decode func(*request) (edgeBody, *apiError)) []route {
	list, one := "/"+k.coll, "/"+k.coll+"/{id}"
	t := k.tableOf(s)
	id := map[string]idKind{"id": t.kind()}
	es := s.edges
	create := func(rq *request) (any, int, *apiError) {
		in, err := decode(rq)
		if err != nil {
			return nil, 0, err
		}
		if in.ID != nil {
			return nil, 0, unknownField("id", nil)
		}
		var e tcpTLSEdge
		check := func() *apiError {
			if err := es.writeRefusalLocked(); err != nil {
				return err
			}
			return k.apply(s, in, &e)
		}
		created := s.timestamp()
		e, err = t.insertChecked(check, func(id string) tcpTLSEdge {
			e.ID, e.CreatedAt = id, created
			return e
		})
		if err != nil {
			return nil, 0, err
		}
		return k.wire(&e, rq.origin()), http.StatusCreated, nil
	}
	update := func(rq *request) (any, int, *apiError) {
		in, err := decode(rq)
		if err != nil {
			return nil, 0, err
		}
		// NOTE: the edge is looked up first, so that an unknown edge is a
		// 404 whatever the settings, as for every object.
		e, err := t.update(rq.r.PathValue("id"), func(e *tcpTLSEdge) *apiError {
			if err := es.writeRefusalLocked(); err != nil {
				return err
			}
			return k.apply(s, in, e)
		})
		if err != nil {
			return nil, 0, err
		}
		return k.wire(&e, rq.origin()), http.StatusOK, nil
	}
	remove := func(rq *request) (any, int, *apiError) {
		if err := t.removeChecked(rq.r.PathValue("id"), func() *apiError {
			return es.writeRefusalLocked()
		}); err != nil {
			return nil, 0, err
		}
		return nil, http.StatusNoContent, nil
	}
	return []route{
		{method: http.MethodPost, path: list, body: body, handle: create},
		{method: http.MethodGet, path: list, query: unfilteredListQuery, handle: func(rq *request) (any, int, *apiError) {
			return listObjectsAt(s, rq, t, k.wire, k.table, k.coll)
		}},
		{method: http.MethodGet, path: one, ids: id, handle: func(rq *request) (any, int, *apiError) {
			e, err := t.get(rq.r.PathValue("id"))
			if err != nil {
				return nil, 0, err
			}
			return k.wire(&e, rq.origin()), http.StatusOK, nil
		}},
		{method: http.MethodPatch, path: one, ids: id, body: body, handle: update},
		{method: http.MethodDelete, path: one, ids: id, handle: remove},
	}
}

// tcpTLSEdgeModule describes one module of TCP and TLS edges: its PUT body B and
// what is stored, M.
type tcpTLSEdgeModule[B, M any] struct {
	name string
	// build validates a PUT body under the store lock.
	build func(s *Server, in *B) (M, *apiError)
	wire  func(m *M, origin string) any
	slot  func(e *tcpTLSEdge) **M
}

// tcpTLSEdgeModuleRoutes serves PUT, GET and DELETE of /<edges>/{id}/<module>.
func tcpTLSEdgeModuleRoutes[B, M any](s *Server, k *edgeKind, m tcpTLSEdgeModule[B, M]) []route {
	path := "/" + k.coll + "/{id}/" + m.name
	t := k.tableOf(s)
	ids := map[string]idKind{"id": t.kind()}
	es := s.edges
	replace := func(rq *request) (any, int, *apiError) {
		in, err := bodyAs[B](rq)
		if err != nil {
			return nil, 0, err
		}
		var v M
		if _, err := t.update(rq.r.PathValue("id"), func(e *tcpTLSEdge) *apiError {
			if err := es.writeRefusalLocked(); err != nil {
				return err
			}
			var err *apiError
			if v, err = m.build(s, in); err != nil {
				return err
			}
			*m.slot(e) = &v
			return checkMutualTLSTermination(e)
		}); err != nil {
			return nil, 0, err
		}
		return m.wire(&v, rq.origin()), http.StatusOK, nil
	}
	get := func(rq *request) (any, int, *apiError) {
		e, err := t.get(rq.r.PathValue("id"))
		if err != nil {
			return nil, 0, err
		}
		v := *m.slot(&e)
		if v == nil {
			return nil, 0, notFound()
		}
		return m.wire(v, rq.origin()), http.StatusOK, nil
	}
	remove := func(rq *request) (any, int, *apiError) {
		if _, err := t.update(rq.r.PathValue("id"), func(e *tcpTLSEdge) *apiError {
			if err := es.writeRefusalLocked(); err != nil {
				return err
			}
			*m.slot(e) = nil
			return nil
		}); err != nil {
			return nil, 0, err
		}
		return nil, http.StatusNoContent, nil
	}
	return []route{
		{method: http.MethodPut, path: path, ids: ids, body: bodyOf[B], handle: replace},
		{method: http.MethodGet, path: path, ids: ids, handle: get},
		{method: http.MethodDelete, path: path, ids: ids, handle: remove},
	}
}

// TCPEdgeSeed describes a TCP edge to seed. Every field is optional; its
// hostports are not checked against reservations, as an edge may outlive
// them.
type TCPEdgeSeed struct {
	// ID is the edge's ID: edgtcp_ and 27 base-62 characters; minted when empty.
	ID          string   `json:"id,omitempty"`
	Description string   `json:"description,omitempty"`
	Metadata    string   `json:"metadata,omitempty"`
	Hostports   []string `json:"hostports,omitempty"` // e.g. "1.tcp.ngrok.io:12345"

	// The edge's modules, each the body of the module's PUT, checked as a
	// PUT is; a module left out is not set.
	Backend       *RouteModuleSeed `json:"backend,omitempty"`
	IPRestriction *RouteModuleSeed `json:"ip_restriction,omitempty"`
	TrafficPolicy *RouteModuleSeed `json:"traffic_policy,omitempty"`
}

// SeedTCPEdge adds a TCP edge and returns its ID.
func (s *Server) SeedTCPEdge(in TCPEdgeSeed) (string, error) {
	return s.seedTCPTLSEdge(tcpEdgeKind, TLSEdgeSeed{ID: in.ID, Description: in.Description, Metadata: in.Metadata,
		Hostports: in.Hostports, Backend: in.Backend, IPRestriction: in.IPRestriction, TrafficPolicy: in.TrafficPolicy})
}

func (s *Server) seedTCPTLSEdge(k *edgeKind, in TLSEdgeSeed) (string, error) {
	if err := checkSeedText(k.noun, in.Description, in.Metadata); err != nil {
		return "", err
	}
	e := tcpTLSEdge{Description: in.Description, Metadata: in.Metadata, Hostports: slices.Clone(in.Hostports)}
	for _, hp := range e.Hostports {
		if _, _, err := splitHostport(hp); err != nil {
			return "", fmt.Errorf("seeding a %s: %s", k.noun, err.msg)
		}
	}
	if err := s.seedEdgeModules(&e, in); err != nil {
		return "", fmt.Errorf("seeding a %s: %w", k.noun, err)
	}
	created := s.timestamp()
	v, err := seedInsert(k.tableOf(s), in.ID, func(id string) tcpTLSEdge {
		v := e
		v.ID, v.CreatedAt = id, created
		return v
	})
	return v.ID, err
}
