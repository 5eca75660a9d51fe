package apiclient

// Tunnel is an online tunnel of an agent's session.
type Tunnel struct {
	ID            string            `json:"id"`
	PublicURL     string            `json:"public_url"`
	StartedAt     string            `json:"started_at"`
	Metadata      string            `json:"metadata"`
	Proto         string            `json:"proto"`
	Region        string            `json:"region"`
	TunnelSession Ref               `json:"tunnel_session"`
	Endpoint      *Ref              `json:"endpoint"`
	Labels        map[string]string `json:"labels"`
	Backends      []Ref             `json:"backends"`
	ForwardsTo    string            `json:"forwards_to"`
}

// Tunnels is the collection of online tunnels.
var Tunnels = newReadOnly("tunnels", "tunnels", "tunnel", func(o *Tunnel) string { return o.ID })
