package mockserver

import (
	"cmp"
	"net/http"
	"slices"
)

// edgeText are the description and metadata codes of edges and routes.
var edgeText = textCodes{errEdgeDescription, errEdgeMetadata}

// HTTPS edges and their routes as the API reads them
// (README.md, section HTTPS edges and backends):
//
//   - GET /edges/https lists the edges, newest first, each with its routes
//     and their modules nested as the API returns them [real shape]; GET
//     /edges/https/{id} reads one; GET /edges/https/{edge_id}/routes/{id}
//     reads one route.
//   - Edges and routes exist by seeding (seed_edges.go), and HTTPS edges
//     and routes by the API (https_edges.go, https_edge_routes.go) when
//     edges are writable; backends are collections (backends.go). Every
//     create, update and delete of one answers ERR_NGROK_7196 while edges
//     are read-only (SetEdgesReadOnly), and ERR_NGROK_7008 unless edges are
//     writable (SetEdgesWritable) [real codes: the real API answers 7008
//     where edges are no longer available to an account].
//   - A route's module not set is null in the route [real:
//     _edges_https_routes_get_response.md@3196b15].

type httpsEdgeWire struct {
	WireHeader
	Hostports      []string             `json:"hostports"`
	MutualTLS      any                  `json:"mutual_tls"`
	TLSTermination any                  `json:"tls_termination"`
	Routes         []httpsEdgeRouteWire `json:"routes"`
}

type httpsEdgeRouteWire struct {
	EdgeID      string  `json:"edge_id"`
	ID          string  `json:"id"`
	CreatedAt   apiTime `json:"created_at"`
	MatchType   string  `json:"match_type"`
	Match       string  `json:"match"`
	URI         string  `json:"uri"`
	Description string  `json:"description,omitempty"`
	Metadata    string  `json:"metadata,omitempty"`

	Backend        any `json:"backend"`
	IPRestriction  any `json:"ip_restriction"`
	RequestHeaders any `json:"request_headers"`
	OIDC           any `json:"oidc"`
	routeModulesSeededWire
}

func routeWire(r *httpsEdgeRoute, origin string) httpsEdgeRouteWire {
	w := httpsEdgeRouteWire{
		EdgeID: r.EdgeID, ID: r.ID, CreatedAt: wireTime(r.CreatedAt), MatchType: r.MatchType, Match: r.Match,
		URI:         origin + "/" + collEdgesHTTPS + "/" + r.EdgeID + "/routes/" + r.ID,
		Description: r.Description, Metadata: r.Metadata,
		routeModulesSeededWire: r.Seeded.wire(r.ID),
	}
	// NOTE: assigned one by one: a nil *module in an interface is not nil,
	// and would be written as the module's zero value rather than null.
	if r.Backend != nil {
		w.Backend = r.Backend.wire(origin)
	}
	if r.IPRestriction != nil {
		w.IPRestriction = r.IPRestriction.wire(origin)
	}
	if r.RequestHeaders != nil {
		w.RequestHeaders = r.RequestHeaders.wire(origin)
	}
	if r.OIDC != nil {
		w.OIDC = r.OIDC.wire(origin)
	}
	return w
}

// edgeWire answers an edge with its routes, oldest route first; it takes
// the store lock.
func (es *edgeState) edgeWire(e *httpsEdge, origin string) httpsEdgeWire {
	es.st.mu.Lock()
	var routes []httpsEdgeRoute
	for _, r := range es.routes.rows {
		if r.val.EdgeID == e.ID {
			routes = append(routes, r.val)
		}
	}
	es.st.mu.Unlock()
	slices.SortFunc(routes, func(a, b httpsEdgeRoute) int { return cmp.Compare(a.ID, b.ID) })
	w := httpsEdgeWire{
		WireHeader: WireHeader{
			ID: e.ID, URI: objectURI(origin, collEdgesHTTPS, e.ID), CreatedAt: wireTime(e.CreatedAt),
			Description: e.Description, Metadata: e.Metadata,
		},
		Hostports: slices.Clone(e.Hostports),
		Routes:    make([]httpsEdgeRouteWire, len(routes)),
	}
	if w.Hostports == nil {
		w.Hostports = []string{}
	}
	for i := range routes {
		w.Routes[i] = routeWire(&routes[i], origin)
	}
	// NOTE: one by one, as routeWire's modules: a nil *module in an
	// interface is not nil.
	if e.MutualTLS != nil {
		w.MutualTLS = e.MutualTLS.wire(origin)
	}
	if e.TLSTermination != nil {
		w.TLSTermination = e.TLSTermination.wire(origin)
	}
	return w
}

func (s *Server) edgeRoutes() []route {
	es := s.edges
	edges, edge := "/"+collEdgesHTTPS, "/"+collEdgesHTTPS+"/{id}"
	routesPath := "/" + collEdgesHTTPS + "/{edge_id}/routes"
	oneRoute := "/" + collEdgesHTTPS + "/{edge_id}/routes/{id}"
	edgeID := map[string]idKind{"id": es.edges.kind()}
	routeIDs := map[string]idKind{"edge_id": es.edges.kind(), "id": es.routes.kind()}

	return []route{
		{method: http.MethodPost, path: edges, rawBody: true, handle: s.createHTTPSEdge},
		{method: http.MethodGet, path: edges, query: unfilteredListQuery, handle: func(rq *request) (any, int, *apiError) {
			return listObjectsAt(s, rq, es.edges, es.edgeWire, "https_edges", collEdgesHTTPS)
		}},
		{method: http.MethodGet, path: edge, ids: edgeID, handle: func(rq *request) (any, int, *apiError) {
			e, err := es.edges.get(rq.r.PathValue("id"))
			if err != nil {
				return nil, 0, err
			}
			return es.edgeWire(&e, rq.origin()), http.StatusOK, nil
		}},
		{method: http.MethodPatch, path: edge, ids: edgeID, rawBody: true, handle: s.updateHTTPSEdge},
		{method: http.MethodDelete, path: edge, ids: edgeID, handle: s.deleteHTTPSEdge},
		{method: http.MethodPost, path: routesPath, ids: map[string]idKind{"edge_id": es.edges.kind()}, rawBody: true, handle: s.createHTTPSEdgeRoute},
		{method: http.MethodGet, path: oneRoute, ids: routeIDs, handle: func(rq *request) (any, int, *apiError) {
			es.st.mu.Lock()
			r, err := es.routeLocked(rq.r.PathValue("edge_id"), rq.r.PathValue("id"))
			var v httpsEdgeRoute
			if err == nil {
				v = r.val
			}
			es.st.mu.Unlock()
			if err != nil {
				return nil, 0, err
			}
			return routeWire(&v, rq.origin()), http.StatusOK, nil
		}},
		{method: http.MethodPatch, path: oneRoute, ids: routeIDs, rawBody: true, handle: s.updateHTTPSEdgeRoute},
		{method: http.MethodDelete, path: oneRoute, ids: routeIDs, handle: s.deleteHTTPSEdgeRoute},
	}
}
