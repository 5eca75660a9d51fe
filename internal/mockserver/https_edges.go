package mockserver

import (
	"net"
	"net/http"
	"slices"
	"strconv"
	"strings"
)

// Writes of HTTPS edges (README.md, section HTTPS edges and backends): POST
// /edges/https, PATCH and DELETE /edges/https/{id}, and the edge's own
// modules at /edges/https/{id}/mutual_tls and /tls_termination (PUT, GET,
// DELETE). Every write is refused first when the account has no edge write
// access (writeRefusal): ERR_NGROK_7196 while read-only, ERR_NGROK_7008
// unless edges_writable.
//
//   - hostports are host:port strings [real: ERR_NGROK_7104]; the port is
//     1-65535 [real: ERR_NGROK_7112] and 443 [real: ERR_NGROK_7116]; a
//     reserved TCP address is refused [real: ERR_NGROK_7121]; the host is a
//     domain the account reserved, exactly or under a wildcard reservation
//     [real: ERR_NGROK_7117]; a hostport serves one edge [real:
//     ERR_NGROK_7122]; a hostport listed twice in one edge is refused [ours,
//     ERR_NGROK_215]. The host is compared lower-cased [ours].
//   - A PATCH changes what its body holds: description and metadata when
//     present, hostports when present (the list replaces the edge's), and
//     each module present replaces the edge's; a module cannot be removed by
//     a PATCH, only by the module's DELETE [real: ngrok's API reference,
//     "Update HTTPS Edge"].
//   - mutual_tls names certificate authorities of the account [real:
//     ERR_NGROK_7072], each once [ours]. tls_termination's min_version is
//     1.0, 1.1, 1.2 or 1.3 [real values; ERR_NGROK_219, a TLS version];
//     its answer's terminate_at is "edge" [real]. A module's enabled
//     defaults to true [ours, as the route modules].
//   - A module not set answers null in the edge [real shape]; its GET
//     answers 404 and its DELETE 204 [ours, as the route modules].
//   - Deleting an edge deletes its routes [ours: the API has no other way
//     to reach them].

type edgeMutualTLS struct {
	Enabled bool     `json:"enabled"`
	CAIDs   []string `json:"certificate_authority_ids"`
}

type edgeTLSTermination struct {
	Enabled    bool    `json:"enabled"`
	MinVersion *string `json:"min_version,omitempty"`
}

type edgeMutualTLSBody struct {
	Enabled *bool    `json:"enabled"`
	CAIDs   []string `json:"certificate_authority_ids"`
}

type edgeTLSTerminationBody struct {
	Enabled    *bool   `json:"enabled"`
	MinVersion *string `json:"min_version"`
}

type edgeMutualTLSWire struct {
	Enabled                bool      `json:"enabled"`
	CertificateAuthorities []refWire `json:"certificate_authorities"`
}

type edgeTLSTerminationWire struct {
	Enabled     bool    `json:"enabled"`
	TerminateAt string  `json:"terminate_at"`
	MinVersion  *string `json:"min_version"`
}

func (m *edgeMutualTLS) wire(origin string) any {
	refs := make([]refWire, len(m.CAIDs))
	for i, id := range m.CAIDs {
		refs[i] = refWire{ID: id, URI: objectURI(origin, collCertificateAuthorities, id)}
	}
	return edgeMutualTLSWire{Enabled: m.Enabled, CertificateAuthorities: refs}
}

func (m *edgeTLSTermination) wire(string) any {
	return edgeTLSTerminationWire{Enabled: m.Enabled, TerminateAt: "edge", MinVersion: m.MinVersion}
}

type httpsEdgeCreateBody struct {
	Description    string                  `json:"description"`
	Metadata       string                  `json:"metadata"`
	Hostports      []string                `json:"hostports"`
	MutualTLS      *edgeMutualTLSBody      `json:"mutual_tls"`
	TLSTermination *edgeTLSTerminationBody `json:"tls_termination"`
}

type httpsEdgeUpdateBody struct {
	ID             string                  `json:"id"`
	Description    *string                 `json:"description"`
	Metadata       *string                 `json:"metadata"`
	Hostports      *[]string               `json:"hostports"`
	MutualTLS      *edgeMutualTLSBody      `json:"mutual_tls"`
	TLSTermination *edgeTLSTerminationBody `json:"tls_termination"`
}

// tlsMinVersions are the values of tls_termination's min_version [real].
var tlsMinVersions = []string{"1.0", "1.1", "1.2", "1.3"}

func (s *Server) buildEdgeMutualTLS(in *edgeMutualTLSBody) (edgeMutualTLS, *apiError) {
	ids := make([]string, 0, len(in.CAIDs))
	for _, id := range in.CAIDs {
		if err := checkIDPrefix(id, s.certificateAuthorities.kind()); err != nil {
			return edgeMutualTLS{}, err
		}
		if _, ok := s.certificateAuthorities.rows[id]; !ok {
			return edgeMutualTLS{}, errEdgeUnknownCA.with(id)
		}
		if slices.Contains(ids, id) {
			return edgeMutualTLS{}, errInvalidValue.with("certificate_authority_ids")
		}
		ids = append(ids, id)
	}
	return edgeMutualTLS{Enabled: enabledOrDefault(in.Enabled), CAIDs: ids}, nil
}

func buildEdgeTLSTermination(_ *Server, in *edgeTLSTerminationBody) (edgeTLSTermination, *apiError) {
	if in.MinVersion != nil && !slices.Contains(tlsMinVersions, *in.MinVersion) {
		return edgeTLSTermination{}, errTLSVersion.with(*in.MinVersion, strings.Join(tlsMinVersions, ", "))
	}
	var v *string
	if in.MinVersion != nil {
		v = new(string)
		*v = *in.MinVersion
	}
	return edgeTLSTermination{Enabled: enabledOrDefault(in.Enabled), MinVersion: v}, nil
}

// checkHostportsLocked checks an HTTPS edge's hostports; edgeID is the edge
// they are for ("" on a create). The store lock must be held.
func (s *Server) checkHostportsLocked(hostports []string, edgeID string) ([]string, *apiError) {
	out := make([]string, 0, len(hostports))
	for _, hp := range hostports {
		host, port, err := net.SplitHostPort(hp)
		if err != nil || host == "" || port == "" {
			return nil, errEdgeHostportFormat.with(hp)
		}
		n, err := strconv.Atoi(port)
		if err != nil || n < 1 || n > 65535 {
			return nil, errEdgeHostportPort.with(hp, port)
		}
		host = strings.ToLower(host)
		norm := net.JoinHostPort(host, port)
		if s.reservedAddrExistsLocked(norm) {
			return nil, errEdgeHostportTCP.with(hp)
		}
		if n != 443 {
			return nil, errEdgeHostportNot443.with(hp)
		}
		if _, ok := s.matchReservedDomainLocked(host); !ok {
			return nil, errEdgeHostportNotReserved.with(hp)
		}
		if slices.Contains(out, norm) {
			return nil, errInvalidValue.with("hostports")
		}
		for _, r := range s.edges.edges.rows {
			if r.id != edgeID && slices.Contains(r.val.Hostports, norm) {
				return nil, errEdgeHostportTaken.with(hp)
			}
		}
		out = append(out, norm)
	}
	return out, nil
}

// applyEdgeModulesLocked replaces the modules present in a body; the store
// lock must be held.
func (s *Server) applyEdgeModulesLocked(e *httpsEdge, mtls *edgeMutualTLSBody, tlsTerm *edgeTLSTerminationBody) *apiError {
	if mtls != nil {
		m, err := s.buildEdgeMutualTLS(mtls)
		if err != nil {
			return err
		}
		e.MutualTLS = &m
	}
	if tlsTerm != nil {
		t, err := buildEdgeTLSTermination(s, tlsTerm)
		if err != nil {
			return err
		}
		e.TLSTermination = &t
	}
	return nil
}

func (s *Server) createHTTPSEdge(rq *request) (any, int, *apiError) {
	es := s.edges
	if err := es.writeRefusal(); err != nil {
		return nil, 0, err
	}
	var in httpsEdgeCreateBody
	if err := decodeRawBody(rq.raw, &in); err != nil {
		return nil, 0, err
	}
	if err := checkFreeText(in.Description, in.Metadata, edgeText); err != nil {
		return nil, 0, err
	}
	created := s.timestamp()
	v := httpsEdge{CreatedAt: created, Description: in.Description, Metadata: in.Metadata}
	v, err := es.edges.insertChecked(func() *apiError {
		if err := es.writeRefusalLocked(); err != nil {
			return err
		}
		hps, err := s.checkHostportsLocked(in.Hostports, "")
		if err != nil {
			return err
		}
		v.Hostports = hps
		return s.applyEdgeModulesLocked(&v, in.MutualTLS, in.TLSTermination)
	}, func(id string) httpsEdge {
		v.ID = id
		return v
	})
	if err != nil {
		return nil, 0, err
	}
	return es.edgeWire(&v, rq.origin()), http.StatusCreated, nil
}

func (s *Server) updateHTTPSEdge(rq *request) (any, int, *apiError) {
	es := s.edges
	if err := es.writeRefusal(); err != nil {
		return nil, 0, err
	}
	var in httpsEdgeUpdateBody
	if err := decodeRawBody(rq.raw, &in); err != nil {
		return nil, 0, err
	}
	id := rq.r.PathValue("id")
	if in.ID != "" && in.ID != id {
		return nil, 0, errInvalidValue.with("id")
	}
	v, err := es.edges.update(id, func(e *httpsEdge) *apiError {
		if err := es.writeRefusalLocked(); err != nil {
			return err
		}
		assign(&e.Description, in.Description)
		assign(&e.Metadata, in.Metadata)
		if err := checkFreeText(e.Description, e.Metadata, edgeText); err != nil {
			return err
		}
		if in.Hostports != nil {
			hps, err := s.checkHostportsLocked(*in.Hostports, e.ID)
			if err != nil {
				return err
			}
			e.Hostports = hps
		}
		return s.applyEdgeModulesLocked(e, in.MutualTLS, in.TLSTermination)
	})
	if err != nil {
		return nil, 0, err
	}
	return es.edgeWire(&v, rq.origin()), http.StatusOK, nil
}

func (s *Server) deleteHTTPSEdge(rq *request) (any, int, *apiError) {
	es := s.edges
	id := rq.r.PathValue("id")
	es.st.mu.Lock()
	defer es.st.mu.Unlock()
	if err := es.writeRefusalLocked(); err != nil {
		return nil, 0, err
	}
	if !es.edges.removeLocked(id) {
		return nil, 0, notFound()
	}
	return nil, http.StatusNoContent, nil
}

// edgeRemovedLocked deletes the routes of a deleted edge, however it went
// (the API, the control API, an undone seed).
func (es *edgeState) edgeRemovedLocked(e *httpsEdge) {
	var ids []string
	for _, r := range es.routes.rows {
		if r.val.EdgeID == e.ID {
			ids = append(ids, r.id)
		}
	}
	for _, id := range ids {
		es.routes.removeLocked(id)
	}
}

// decodeRawBody decodes a raw body read by a rawBody route; an empty body is
// every field omitted.
func decodeRawBody(raw []byte, dst any) *apiError {
	if len(strings.TrimSpace(string(raw))) == 0 {
		return nil
	}
	return decodeStrict(raw, dst)
}

// edgeModule is one of an HTTPS edge's own modules: B its replace body, M
// what is stored.
type edgeModule[B, M any] struct {
	name  string
	build func(s *Server, in *B) (M, *apiError)
	wire  func(m *M, origin string) any
	slot  func(e *httpsEdge) **M
}

func (s *Server) httpsEdgeModuleRoutes() []route {
	return slices.Concat(
		edgeModuleRoutes(s, edgeModule[edgeMutualTLSBody, edgeMutualTLS]{
			name: "mutual_tls", build: (*Server).buildEdgeMutualTLS, wire: (*edgeMutualTLS).wire,
			slot: func(e *httpsEdge) **edgeMutualTLS { return &e.MutualTLS },
		}),
		edgeModuleRoutes(s, edgeModule[edgeTLSTerminationBody, edgeTLSTermination]{
			name: "tls_termination", build: buildEdgeTLSTermination, wire: (*edgeTLSTermination).wire,
			slot: func(e *httpsEdge) **edgeTLSTermination { return &e.TLSTermination },
		}),
	)
}

func edgeModuleRoutes[B, M any](s *Server, m edgeModule[B, M]) []route {
	es := s.edges
	path := "/" + collEdgesHTTPS + "/{id}/" + m.name
	ids := map[string]idKind{"id": es.edges.kind()}
	replace := func(rq *request) (any, int, *apiError) {
		if err := es.writeRefusal(); err != nil {
			return nil, 0, err
		}
		var in B
		if err := decodeRawBody(rq.raw, &in); err != nil {
			return nil, 0, err
		}
		var out M
		_, err := es.edges.update(rq.r.PathValue("id"), func(e *httpsEdge) *apiError {
			if err := es.writeRefusalLocked(); err != nil {
				return err
			}
			v, err := m.build(s, &in)
			if err != nil {
				return err
			}
			out = v
			*m.slot(e) = &v
			return nil
		})
		if err != nil {
			return nil, 0, err
		}
		return m.wire(&out, rq.origin()), http.StatusOK, nil
	}
	get := func(rq *request) (any, int, *apiError) {
		e, err := es.edges.get(rq.r.PathValue("id"))
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
		if err := es.writeRefusal(); err != nil {
			return nil, 0, err
		}
		_, err := es.edges.update(rq.r.PathValue("id"), func(e *httpsEdge) *apiError {
			if err := es.writeRefusalLocked(); err != nil {
				return err
			}
			*m.slot(e) = nil
			return nil
		})
		if err != nil {
			return nil, 0, err
		}
		return nil, http.StatusNoContent, nil
	}
	return []route{
		{method: http.MethodPut, path: path, ids: ids, rawBody: true, handle: replace},
		{method: http.MethodGet, path: path, ids: ids, handle: get},
		{method: http.MethodDelete, path: path, ids: ids, handle: remove},
	}
}
