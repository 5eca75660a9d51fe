package apiclient

import "context"

// TunnelSession is an online agent's session.
type TunnelSession struct {
	AgentVersion string `json:"agent_version"`
	Credential   *Ref   `json:"credential"`
	ID           string `json:"id"`
	IP           string `json:"ip"`
	Metadata     string `json:"metadata"`
	OS           string `json:"os"`
	Region       string `json:"region"`
	StartedAt    string `json:"started_at"`
	Transport    string `json:"transport"`
	URI          string `json:"uri"`
}

// TunnelSessions is the collection of online tunnel sessions.
var TunnelSessions = newReadOnly("tunnel_sessions", "tunnel_sessions", "tunnel session",
	func(o *TunnelSession) string { return o.ID })

// RestartTunnelSession instructs the session's agent to restart; it
// reconnects with a new session ID.
func RestartTunnelSession(ctx context.Context, c *Client, id string) error {
	return TunnelSessions.verb(ctx, c, id, "restart")
}

// StopTunnelSession instructs the session's agent to exit.
func StopTunnelSession(ctx context.Context, c *Client, id string) error {
	return TunnelSessions.verb(ctx, c, id, "stop")
}

// UpdateTunnelSession instructs the session's agent to update itself to
// the newest version of its major version, which its next restart starts.
func UpdateTunnelSession(ctx context.Context, c *Client, id string) error {
	return TunnelSessions.verb(ctx, c, id, "update")
}
