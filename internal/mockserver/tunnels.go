package mockserver

import "time"

// Tunnels (README.md, section Tunnel sessions and tunnels): /tunnels, a
// read-only collection (read_only.go) without a list filter [real: the spec
// takes none]. A tunnel belongs to the tunnel session of the agent that
// started it, and goes with it (tunnel_sessions.go); seeds make them
// (seed_agents.go).

type tunnel struct {
	ID              string            `json:"id"`
	PublicURL       string            `json:"public_url,omitempty"`
	StartedAt       time.Time         `json:"started_at"`
	Metadata        string            `json:"metadata,omitempty"`
	Proto           string            `json:"proto,omitempty"`
	Region          string            `json:"region"`
	TunnelSessionID string            `json:"tunnel_session_id"`
	EndpointID      string            `json:"endpoint_id,omitempty"`
	Labels          map[string]string `json:"labels,omitempty"`
	BackendIDs      []string          `json:"backend_ids,omitempty"`
	ForwardsTo      string            `json:"forwards_to"`
}

type tunnelWire struct {
	ID            string            `json:"id"`
	PublicURL     string            `json:"public_url,omitempty"`
	StartedAt     apiTime           `json:"started_at"`
	Metadata      string            `json:"metadata,omitempty"` // left out when empty [real]
	Proto         string            `json:"proto,omitempty"`
	Region        string            `json:"region"`
	TunnelSession refWire           `json:"tunnel_session"`
	Endpoint      *refWire          `json:"endpoint,omitempty"`
	Labels        map[string]string `json:"labels,omitempty"`
	Backends      []refWire         `json:"backends,omitempty"`
	ForwardsTo    string            `json:"forwards_to"`
}

var tunnelCollection = declareReadOnly(readOnlyDecl[tunnel, tunnelWire]{
	name: collTunnels, path: "/" + collTunnels, noun: "tunnel", prefix: prefixTunnel,
	wire: func(v *tunnel, origin string) tunnelWire {
		w := tunnelWire{
			ID:            v.ID,
			PublicURL:     v.PublicURL,
			StartedAt:     wireTime(v.StartedAt),
			Metadata:      v.Metadata,
			Proto:         v.Proto,
			Region:        v.Region,
			TunnelSession: refWire{ID: v.TunnelSessionID, URI: objectURI(origin, collTunnelSessions, v.TunnelSessionID)},
			Endpoint:      optionalRef(origin, collEndpoints, v.EndpointID),
			Labels:        v.Labels,
			ForwardsTo:    v.ForwardsTo,
		}
		for _, id := range v.BackendIDs {
			w.Backends = append(w.Backends, refWire{ID: id, URI: objectURI(origin, collTunnelGroupBackends, id)})
		}
		return w
	},
})
