package mockserver

import (
	"errors"
	"slices"
	"strings"
)

// TLS edges (README.md, section TCP and TLS edges): /edges/tls, served by
// the TCP edges' code (tcp_edges.go), with what is their own:
//
//   - A hostport is a reserved domain of the account (a wildcard reservation
//     covers its subdomains) at port 443 [real: ERR_NGROK_7116 another port,
//     7133 a reserved address, 7117 not reserved].
//   - mutual_tls names existing certificate authorities, at least one
//     [real: ERR_NGROK_1672 an unknown CA; ERR_NGROK_215 for none, ours].
//   - tls_termination: terminate_at is edge (the default when empty [ours])
//     or upstream (ERR_NGROK_224); min_version is 1.0, 1.1, 1.2 or 1.3
//     (ERR_NGROK_219) and must be null when terminate_at is upstream [real:
//     the spec's description] (ERR_NGROK_7032). Mutual TLS needs termination at the edge
//     (ERR_NGROK_1694 [real]), whichever of the two is written last.

// tlsEdgeBody is TLSEdgeCreate and TLSEdgeUpdate; id is the update's only.
type tlsEdgeBody struct {
	ID             *string             `json:"id"`
	Description    *string             `json:"description"`
	Metadata       *string             `json:"metadata"`
	Hostports      *[]string           `json:"hostports"`
	Backend        *backendBody        `json:"backend"`
	IPRestriction  *ipRestrictionBody  `json:"ip_restriction"`
	MutualTLS      *mutualTLSBody      `json:"mutual_tls"`
	TLSTermination *tlsTerminationBody `json:"tls_termination"`
	TrafficPolicy  *trafficPolicyBody  `json:"traffic_policy"`
}

func (b *tlsEdgeBody) edgeBody() edgeBody {
	return edgeBody{ID: b.ID, Description: b.Description, Metadata: b.Metadata, Hostports: b.Hostports,
		Backend: b.Backend, IPRestriction: b.IPRestriction, TrafficPolicy: b.TrafficPolicy,
		MutualTLS: b.MutualTLS, TLSTermination: b.TLSTermination}
}

func (s *Server) checkTLSEdgeHostportLocked(hp string) *apiError {
	host, port, err := splitHostport(hp)
	if err != nil {
		return err
	}
	if s.reservedAddrExistsLocked(hp) {
		return errEdgeTLSHostportAddr.with(hp)
	}
	if port != 443 {
		return errEdgeHostportNot443.with(hp)
	}
	if _, ok := s.matchReservedDomainLocked(strings.ToLower(host)); !ok {
		return errEdgeHostportNotReserved.with(hp)
	}
	return nil
}

// Mutual TLS module.

type mutualTLSBody struct {
	Enabled                 *bool    `json:"enabled"`
	CertificateAuthorityIDs []string `json:"certificate_authority_ids"`
}

type mutualTLSModule struct {
	Enabled bool     `json:"enabled"`
	CAIDs   []string `json:"certificate_authority_ids"`
}

type mutualTLSWire struct {
	Enabled                bool      `json:"enabled"`
	CertificateAuthorities []refWire `json:"certificate_authorities"`
}

func (m *mutualTLSModule) wire(origin string) any {
	refs := make([]refWire, len(m.CAIDs))
	for i, id := range m.CAIDs {
		refs[i] = refWire{ID: id, URI: objectURI(origin, collCertificateAuthorities, id)}
	}
	return mutualTLSWire{Enabled: m.Enabled, CertificateAuthorities: refs}
}

func buildMutualTLS(s *Server, in *mutualTLSBody) (mutualTLSModule, *apiError) {
	if len(in.CertificateAuthorityIDs) == 0 {
		return mutualTLSModule{}, errInvalidValue.with("certificate_authority_ids")
	}
	cas := s.certificateAuthorities
	ids := make([]string, 0, len(in.CertificateAuthorityIDs))
	for _, id := range in.CertificateAuthorityIDs {
		if err := checkIDPrefix(id, cas.kind()); err != nil {
			return mutualTLSModule{}, err
		}
		if _, ok := cas.rows[id]; !ok {
			return mutualTLSModule{}, errTLSEdgeUnknownCA.with(id)
		}
		if slices.Contains(ids, id) {
			return mutualTLSModule{}, errInvalidValue.with("certificate_authority_ids")
		}
		ids = append(ids, id)
	}
	return mutualTLSModule{Enabled: enabledOrDefault(in.Enabled), CAIDs: ids}, nil
}

// TLS termination module.

// TLS termination values [real: the spec's descriptions].
var (
	tlsTerminateAt  = []string{"edge", "upstream"}
	tlsTerminateUps = "upstream"
)

type tlsTerminationBody struct {
	Enabled     *bool   `json:"enabled"`
	TerminateAt string  `json:"terminate_at"`
	MinVersion  *string `json:"min_version"`
}

type tlsTerminationModule struct {
	Enabled     bool    `json:"enabled"`
	TerminateAt string  `json:"terminate_at"`
	MinVersion  *string `json:"min_version"`
}

func (m *tlsTerminationModule) wire(string) any { return m }

func buildTLSTermination(_ *Server, in *tlsTerminationBody) (tlsTerminationModule, *apiError) {
	at := in.TerminateAt
	if at == "" {
		at = "edge"
	}
	if !slices.Contains(tlsTerminateAt, at) {
		return tlsTerminationModule{}, errTerminateAt.with(in.TerminateAt)
	}
	if in.MinVersion != nil {
		if at == tlsTerminateUps {
			return tlsTerminationModule{}, errTLSTerminationParameter.with("min_version")
		}
		if !slices.Contains(tlsMinVersions, *in.MinVersion) {
			return tlsTerminationModule{}, errTLSVersion.with(*in.MinVersion, strings.Join(tlsMinVersions, ", "))
		}
	}
	v := tlsTerminationModule{Enabled: enabledOrDefault(in.Enabled), TerminateAt: at}
	if in.MinVersion != nil {
		mv := *in.MinVersion
		v.MinVersion = &mv
	}
	return v, nil
}

// checkMutualTLSTermination refuses mutual TLS on an edge that passes TLS
// through to the upstream.
func checkMutualTLSTermination(e *tcpTLSEdge) *apiError {
	if e.MutualTLS != nil && e.TLSTermination != nil && e.TLSTermination.TerminateAt == tlsTerminateUps {
		return errEdgeMutualTLSUpstream.with()
	}
	return nil
}

func (s *Server) tlsEdgeModuleRoutes() []route {
	k := tlsEdgeKind
	return slices.Concat(
		tcpTLSEdgeModuleRoutes(s, k, tcpTLSEdgeModule[backendBody, backendModule]{ModuleBackend,
			func(s *Server, b *backendBody) (backendModule, *apiError) { return buildBackend(s.edges, b) },
			(*backendModule).wire, func(e *tcpTLSEdge) **backendModule { return &e.Backend }}),
		tcpTLSEdgeModuleRoutes(s, k, tcpTLSEdgeModule[ipRestrictionBody, ipRestrictionModule]{ModuleIPRestriction,
			func(s *Server, b *ipRestrictionBody) (ipRestrictionModule, *apiError) {
				return buildIPRestriction(s.edges, b)
			},
			(*ipRestrictionModule).wire, func(e *tcpTLSEdge) **ipRestrictionModule { return &e.IPRestriction }}),
		tcpTLSEdgeModuleRoutes(s, k, tcpTLSEdgeModule[mutualTLSBody, mutualTLSModule]{ModuleMutualTLS,
			buildMutualTLS, (*mutualTLSModule).wire, func(e *tcpTLSEdge) **mutualTLSModule { return &e.MutualTLS }}),
		tcpTLSEdgeModuleRoutes(s, k, tcpTLSEdgeModule[tlsTerminationBody, tlsTerminationModule]{ModuleTLSTermination,
			buildTLSTermination, (*tlsTerminationModule).wire, func(e *tcpTLSEdge) **tlsTerminationModule { return &e.TLSTermination }}),
		tcpTLSEdgeModuleRoutes(s, k, tcpTLSEdgeModule[trafficPolicyBody, trafficPolicyModule]{ModuleTrafficPolicy,
			buildTrafficPolicy, (*trafficPolicyModule).wire, func(e *tcpTLSEdge) **trafficPolicyModule { return &e.TrafficPolicy }}),
	)
}

// TLSEdgeSeed describes a TLS edge to seed. Every field is optional; its
// hostports are not checked against reservations, as an edge may outlive
// them.
type TLSEdgeSeed struct {
	// ID is the edge's ID: edgtls_ and 27 base-62 characters; minted when empty.
	ID          string   `json:"id,omitempty"`
	Description string   `json:"description,omitempty"`
	Metadata    string   `json:"metadata,omitempty"`
	Hostports   []string `json:"hostports,omitempty"` // e.g. "tls.example.com:443"

	// The edge's modules, each the body of the module's PUT, checked as a
	// PUT is; a module left out is not set.
	Backend        *RouteModuleSeed `json:"backend,omitempty"`
	IPRestriction  *RouteModuleSeed `json:"ip_restriction,omitempty"`
	MutualTLS      *RouteModuleSeed `json:"mutual_tls,omitempty"`
	TLSTermination *RouteModuleSeed `json:"tls_termination,omitempty"`
	TrafficPolicy  *RouteModuleSeed `json:"traffic_policy,omitempty"`
}

// SeedTLSEdge adds a TLS edge and returns its ID.
func (s *Server) SeedTLSEdge(in TLSEdgeSeed) (string, error) {
	return s.seedTCPTLSEdge(tlsEdgeKind, in)
}

// seedEdgeModules checks the modules of a seeded edge as their PUTs would
// be, and sets them on e.
func (s *Server) seedEdgeModules(e *tcpTLSEdge, in TLSEdgeSeed) error {
	s.store.mu.Lock()
	defer s.store.mu.Unlock()
	err := errors.Join(
		seedModule(s.edges, ModuleBackend, in.Backend, buildBackend, &e.Backend),
		seedModule(s.edges, ModuleIPRestriction, in.IPRestriction, buildIPRestriction, &e.IPRestriction),
		seedModule(s.edges, ModuleMutualTLS, in.MutualTLS, func(_ *edgeState, b *mutualTLSBody) (mutualTLSModule, *apiError) {
			return buildMutualTLS(s, b)
		}, &e.MutualTLS),
		seedModule(s.edges, ModuleTLSTermination, in.TLSTermination, func(_ *edgeState, b *tlsTerminationBody) (tlsTerminationModule, *apiError) {
			return buildTLSTermination(s, b)
		}, &e.TLSTermination),
		seedModule(s.edges, ModuleTrafficPolicy, in.TrafficPolicy, func(_ *edgeState, b *trafficPolicyBody) (trafficPolicyModule, *apiError) {
			return buildTrafficPolicy(s, b)
		}, &e.TrafficPolicy),
	)
	if err != nil {
		return err
	}
	if err := checkMutualTLSTermination(e); err != nil {
		return errors.New(err.msg)
	}
	return nil
}
