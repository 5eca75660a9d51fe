package mockserver

import (
	"maps"
	"slices"
	"time"
)

// Weighted backends (README.md, section Backends): /backends/weighted, a
// declared collection (collection.go) gated like every backend
// (backends.go). backends maps other backends of the account (the rules in
// backends.go) to weights from 0 to 10000 (ERR_NGROK_6512) [real], at most
// maxBackendChildren of them (ERR_NGROK_6511) [real code, our limit]; a
// PATCH's backends, when present, replace them all, and absent or null keep
// them [ours].

type weightedBackend struct {
	ID          string           `json:"id"`
	CreatedAt   time.Time        `json:"created_at"`
	Description string           `json:"description,omitempty"`
	Metadata    string           `json:"metadata,omitempty"`
	Backends    map[string]int64 `json:"backends,omitempty"`
}

func (b *weightedBackend) fields() objectFields {
	return objectFields{&b.ID, &b.CreatedAt, &b.Description, &b.Metadata}
}

type weightedBackendWire struct {
	WireHeader
	Backends map[string]int64 `json:"backends"`
}

type weightedBackendCreate struct {
	Description string           `json:"description"`
	Metadata    string           `json:"metadata"`
	Backends    map[string]int64 `json:"backends"`
}

type weightedBackendUpdate struct {
	Description *string          `json:"description"`
	Metadata    *string          `json:"metadata"`
	Backends    map[string]int64 `json:"backends"`
}

var weightedBackendCollection = declare(collectionDecl[weightedBackend, weightedBackendWire, weightedBackendCreate, weightedBackendUpdate]{
	name: collWeightedBackends, property: "backends", table: tableWeightedBackends,
	noun: "weighted backend", prefix: prefixWeightedBackend,
	fields: (*weightedBackend).fields,
	text:   textCodes{errBackendDescription, errBackendMetadata},
	wire: func(b *weightedBackend, origin string) weightedBackendWire {
		w := maps.Clone(b.Backends)
		if w == nil {
			w = map[string]int64{}
		}
		return weightedBackendWire{WireHeader: b.fields().header(origin, collWeightedBackends), Backends: w}
	},
	create: func(s *Server, in *weightedBackendCreate) (weightedBackend, *apiError) {
		if err := s.edges.writeRefusal(); err != nil {
			return weightedBackend{}, err
		}
		if err := checkWeights(in.Backends); err != nil {
			return weightedBackend{}, err
		}
		return weightedBackend{Description: in.Description, Metadata: in.Metadata, Backends: maps.Clone(in.Backends)}, nil
	},
	check: func(s *Server, v *weightedBackend) *apiError {
		if err := s.edges.writeRefusalLocked(); err != nil {
			return err
		}
		return s.checkChildrenLocked(slices.Sorted(maps.Keys(v.Backends)), v.ID, errWeightedBackendRefused)
	},
	update: func(s *Server, in *weightedBackendUpdate, v *weightedBackend) *apiError {
		if err := s.edges.writeRefusalLocked(); err != nil {
			return err
		}
		assign(&v.Description, in.Description)
		assign(&v.Metadata, in.Metadata)
		if in.Backends != nil {
			if err := checkWeights(in.Backends); err != nil {
				return err
			}
			v.Backends = maps.Clone(in.Backends)
		}
		return nil
	},
	removable: func(s *Server, v *weightedBackend) *apiError {
		return s.removableBackendLocked(v.ID)
	},
})

func checkWeights(backends map[string]int64) *apiError {
	for _, id := range slices.Sorted(maps.Keys(backends)) {
		if w := backends[id]; w < minBackendWeight || w > maxBackendWeight {
			return errBackendWeight.with(id, w, minBackendWeight, maxBackendWeight)
		}
	}
	return nil
}
