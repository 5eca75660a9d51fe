package mockserver

import (
	"maps"
	"slices"
	"strings"
)

// Tunnel-group backends (README.md, section Backends): /backends/tunnel_group,
// a declared collection (collection.go) gated like every backend
// (backends.go); they are seedable too (seed_edges.go, key
// tunnel_group_backends of a seed file).
//   - labels: at most maxTunnelGroupLabels (ERR_NGROK_6508), each key and
//     value 1 to maxTunnelGroupLabelLen characters (ERR_NGROK_6509, 6510)
//     [real codes, our limits], neither holding '=' (ERR_NGROK_6531) [real].
//   - A PATCH's labels, when present, replace them all; absent or null,
//     they are kept [ours, as for every map of a PATCH].
//   - tunnels is always empty [ours: the mock's agents do not serve backends].

func (b *tunnelGroupBackend) fields() objectFields {
	return objectFields{&b.ID, &b.CreatedAt, &b.Description, &b.Metadata}
}

type tunnelGroupBackendWire struct {
	WireHeader
	Labels  map[string]string `json:"labels"`
	Tunnels []refWire         `json:"tunnels"`
}

type tunnelGroupBackendCreate struct {
	Description string            `json:"description"`
	Metadata    string            `json:"metadata"`
	Labels      map[string]string `json:"labels"`
}

type tunnelGroupBackendUpdate struct {
	Description *string           `json:"description"`
	Metadata    *string           `json:"metadata"`
	Labels      map[string]string `json:"labels"`
}

var tunnelGroupBackendCollection = declare(collectionDecl[tunnelGroupBackend, tunnelGroupBackendWire, tunnelGroupBackendCreate, tunnelGroupBackendUpdate]{
	name: collTunnelGroupBackends, property: "backends", table: tableTunnelGroupBackends,
	noun: "tunnel group backend", prefix: prefixTunnelGroupBackend,
	fields: (*tunnelGroupBackend).fields,
	text:   textCodes{errBackendDescription, errBackendMetadata},
	wire:   tunnelGroupBackendToWire,
	create: func(s *Server, in *tunnelGroupBackendCreate) (tunnelGroupBackend, *apiError) {
		if err := s.edges.writeRefusal(); err != nil {
			return tunnelGroupBackend{}, err
		}
		if err := checkTunnelGroupLabels(in.Labels); err != nil {
			return tunnelGroupBackend{}, err
		}
		return tunnelGroupBackend{Description: in.Description, Metadata: in.Metadata, Labels: maps.Clone(in.Labels)}, nil
	},
	check: func(s *Server, _ *tunnelGroupBackend) *apiError { return s.edges.writeRefusalLocked() },
	update: func(s *Server, in *tunnelGroupBackendUpdate, v *tunnelGroupBackend) *apiError {
		if err := s.edges.writeRefusalLocked(); err != nil {
			return err
		}
		if in.Labels != nil {
			if err := checkTunnelGroupLabels(in.Labels); err != nil {
				return err
			}
			v.Labels = maps.Clone(in.Labels)
		}
		assign(&v.Description, in.Description)
		assign(&v.Metadata, in.Metadata)
		return nil
	},
	removable: func(s *Server, v *tunnelGroupBackend) *apiError {
		return s.removableBackendLocked(v.ID)
	},
})

func tunnelGroupBackendToWire(b *tunnelGroupBackend, origin string) tunnelGroupBackendWire {
	return tunnelGroupBackendWire{
		WireHeader: b.fields().header(origin, collTunnelGroupBackends),
		Labels:     nonNilMap(b.Labels),
		Tunnels:    []refWire{},
	}
}

func checkTunnelGroupLabels(labels map[string]string) *apiError {
	if n := len(labels); n > maxTunnelGroupLabels {
		return errTunnelGroupLabelCount.with(maxTunnelGroupLabels, n)
	}
	for _, k := range slices.Sorted(maps.Keys(labels)) {
		v := labels[k]
		if n := len(k); n < 1 || n > maxTunnelGroupLabelLen {
			return errTunnelGroupLabelKey.with(1, maxTunnelGroupLabelLen, k, n)
		}
		if n := len(v); n < 1 || n > maxTunnelGroupLabelLen {
			return errTunnelGroupLabelValue.with(1, maxTunnelGroupLabelLen, v, n)
		}
		if strings.Contains(k, "=") || strings.Contains(v, "=") {
			return errTunnelGroupLabelEquals.with(k + "=" + v)
		}
	}
	return nil
}
