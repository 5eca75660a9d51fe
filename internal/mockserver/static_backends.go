package mockserver

import "time"

// Static backends (README.md, section Backends): /backends/static, a
// declared collection (collection.go) gated like every backend
// (backends.go).
//   - address is host:port: missing, ERR_NGROK_6505; not host:port, or a
//     port outside 1-65535, ERR_NGROK_6506; without a host, ERR_NGROK_6507
//     [real codes; the port range is ours].
//   - tls.enabled, false when tls is left out [real: the API reference's
//     example sends "tls":{} and answers "enabled": false].
//   - A PATCH's address, when not empty, and tls, when present, replace
//     them; otherwise they are kept [ours].

type staticBackend struct {
	ID          string    `json:"id"`
	CreatedAt   time.Time `json:"created_at"`
	Description string    `json:"description,omitempty"`
	Metadata    string    `json:"metadata,omitempty"`
	Address     string    `json:"address"`
	TLSEnabled  bool      `json:"tls_enabled,omitempty"`
}

func (b *staticBackend) fields() objectFields {
	return objectFields{&b.ID, &b.CreatedAt, &b.Description, &b.Metadata}
}

type staticBackendTLSWire struct {
	Enabled bool `json:"enabled"`
}

type staticBackendWire struct {
	WireHeader
	Address string               `json:"address"`
	TLS     staticBackendTLSWire `json:"tls"`
}

type staticBackendTLSBody struct {
	Enabled *bool `json:"enabled"`
}

type staticBackendCreate struct {
	Description string                `json:"description"`
	Metadata    string                `json:"metadata"`
	Address     string                `json:"address"`
	TLS         *staticBackendTLSBody `json:"tls"`
}

type staticBackendUpdate struct {
	Description *string               `json:"description"`
	Metadata    *string               `json:"metadata"`
	Address     string                `json:"address"`
	TLS         *staticBackendTLSBody `json:"tls"`
}

var staticBackendCollection = declare(collectionDecl[staticBackend, staticBackendWire, staticBackendCreate, staticBackendUpdate]{
	name: collStaticBackends, property: "backends", table: tableStaticBackends,
	noun: "static backend", prefix: prefixStaticBackend,
	fields: (*staticBackend).fields,
	text:   textCodes{errBackendDescription, errBackendMetadata},
	wire: func(b *staticBackend, origin string) staticBackendWire {
		return staticBackendWire{
			WireHeader: b.fields().header(origin, collStaticBackends),
			Address:    b.Address, TLS: staticBackendTLSWire{Enabled: b.TLSEnabled},
		}
	},
	create: func(s *Server, in *staticBackendCreate) (staticBackend, *apiError) {
		if err := s.edges.writeRefusal(); err != nil {
			return staticBackend{}, err
		}
		if err := checkHostPort(in.Address); err != nil {
			return staticBackend{}, err
		}
		b := staticBackend{Description: in.Description, Metadata: in.Metadata, Address: in.Address}
		if in.TLS != nil {
			b.TLSEnabled = deref(in.TLS.Enabled)
		}
		return b, nil
	},
	check: func(s *Server, _ *staticBackend) *apiError { return s.edges.writeRefusalLocked() },
	update: func(s *Server, in *staticBackendUpdate, v *staticBackend) *apiError {
		if err := s.edges.writeRefusalLocked(); err != nil {
			return err
		}
		assign(&v.Description, in.Description)
		assign(&v.Metadata, in.Metadata)
		if in.Address != "" {
			if err := checkHostPort(in.Address); err != nil {
				return err
			}
			v.Address = in.Address
		}
		if in.TLS != nil {
			v.TLSEnabled = deref(in.TLS.Enabled)
		}
		return nil
	},
	removable: func(s *Server, v *staticBackend) *apiError {
		return s.removableBackendLocked(v.ID)
	},
})
