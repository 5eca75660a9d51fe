package mockserver

import (
	"slices"
	"time"
)

// Failover backends (README.md, section Backends): /backends/failover, a
// declared collection (collection.go) gated like every backend
// (backends.go). backends names other backends of the account, in order
// (the rules in backends.go), at most maxBackendChildren of them
// (ERR_NGROK_6513) [real code, our limit]; a PATCH's backends, when present,
// replace them all, and absent or null keep them [ours].

type failoverBackend struct {
	ID          string    `json:"id"`
	CreatedAt   time.Time `json:"created_at"`
	Description string    `json:"description,omitempty"`
	Metadata    string    `json:"metadata,omitempty"`
	Backends    []string  `json:"backends,omitempty"`
}

func (b *failoverBackend) fields() objectFields {
	return objectFields{&b.ID, &b.CreatedAt, &b.Description, &b.Metadata}
}

type failoverBackendWire struct {
	WireHeader
	Backends []string `json:"backends"`
}

type failoverBackendCreate struct {
	Description string   `json:"description"`
	Metadata    string   `json:"metadata"`
	Backends    []string `json:"backends"`
}

type failoverBackendUpdate struct {
	Description *string  `json:"description"`
	Metadata    *string  `json:"metadata"`
	Backends    []string `json:"backends"`
}

var failoverBackendCollection = declare(collectionDecl[failoverBackend, failoverBackendWire, failoverBackendCreate, failoverBackendUpdate]{
	name: collFailoverBackends, property: "backends", table: tableFailoverBackends,
	noun: "failover backend", prefix: prefixFailoverBackend,
	fields: (*failoverBackend).fields,
	text:   textCodes{errBackendDescription, errBackendMetadata},
	wire: func(b *failoverBackend, origin string) failoverBackendWire {
		return failoverBackendWire{WireHeader: b.fields().header(origin, collFailoverBackends), Backends: nonNil(slices.Clone(b.Backends))}
	},
	create: func(s *Server, in *failoverBackendCreate) (failoverBackend, *apiError) {
		if err := s.edges.writeRefusal(); err != nil {
			return failoverBackend{}, err
		}
		return failoverBackend{Description: in.Description, Metadata: in.Metadata, Backends: slices.Clone(in.Backends)}, nil
	},
	check: func(s *Server, v *failoverBackend) *apiError {
		if err := s.edges.writeRefusalLocked(); err != nil {
			return err
		}
		return s.checkChildrenLocked(v.Backends, v.ID, errFailoverBackendRefused)
	},
	update: func(s *Server, in *failoverBackendUpdate, v *failoverBackend) *apiError {
		if err := s.edges.writeRefusalLocked(); err != nil {
			return err
		}
		assign(&v.Description, in.Description)
		assign(&v.Metadata, in.Metadata)
		if in.Backends != nil {
			v.Backends = slices.Clone(in.Backends)
		}
		return nil
	},
	removable: func(s *Server, v *failoverBackend) *apiError {
		return s.removableBackendLocked(v.ID)
	},
})
