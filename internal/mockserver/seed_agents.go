package mockserver

import (
	"cmp"
	"fmt"
	"net/url"
	"slices"
	"time"
)

// Tunnel sessions, tunnels, application users and application sessions
// cannot be created through the API: agents and visitors make them. They
// exist here by seeding, with the helpers below (Seed<Object>(<Object>Seed)
// (id string, err error), like every seed helper of this package), or a
// seed file's tunnel_sessions, tunnels, application_users and
// application_sessions.

// TunnelSessionSeed describes an online agent. Every field is optional.
type TunnelSessionSeed struct {
	// ID is the session's ID: ts_ and 27 base-62 characters. Minted when empty.
	ID           string `json:"id,omitempty"`
	AgentVersion string `json:"agent_version,omitempty"` // default "3.18.4"
	// CredentialID is the authtoken (cr_) the agent authenticated with;
	// omitted from the session when empty.
	CredentialID string `json:"credential_id,omitempty"`
	IP           string `json:"ip,omitempty"` // default "203.0.113.10"
	Metadata     string `json:"metadata,omitempty"`
	OS           string `json:"os,omitempty"`     // default "linux"
	Region       string `json:"region,omitempty"` // default "us"
	// Transport is "ngrok/2" (default; "ngrok/v2" is read as it) or "ssh".
	Transport string `json:"transport,omitempty"`
	// UpdatesDisabled: the agent's configuration disables update checks,
	// so that the update verb fails.
	UpdatesDisabled bool `json:"updates_disabled,omitempty"`
}

// TunnelSeed describes a tunnel of a seeded session. TunnelSessionID is
// required, and PublicURL unless Labels are set.
type TunnelSeed struct {
	ID              string            `json:"id,omitempty"` // tn_...; minted when empty
	TunnelSessionID string            `json:"tunnel_session_id"`
	PublicURL       string            `json:"public_url,omitempty"`
	Metadata        string            `json:"metadata,omitempty"`
	Labels          map[string]string `json:"labels,omitempty"`
	// EndpointID and BackendIDs are references the tunnel answers with, not
	// checked against the account.
	EndpointID string   `json:"endpoint_id,omitempty"`
	BackendIDs []string `json:"backend_ids,omitempty"`
	ForwardsTo string   `json:"forwards_to,omitempty"` // default "http://localhost:80"
}

// ApplicationUserSeed describes a visitor who signed in to an endpoint.
// Every field is optional.
type ApplicationUserSeed struct {
	ID string `json:"id,omitempty"` // appusr_...; minted when empty
	// IdentityProvider is the provider's name (default "Google") and
	// IdentityProviderURL its URL (default https://accounts.google.com).
	IdentityProvider    string `json:"identity_provider,omitempty"`
	IdentityProviderURL string `json:"identity_provider_url,omitempty"`
	ProviderUserID      string `json:"provider_user_id,omitempty"` // default the ID
	Username            string `json:"username,omitempty"`
	Email               string `json:"email,omitempty"`
	Name                string `json:"name,omitempty"`
}

// ApplicationSessionSeed describes a signed-in visitor's session.
// ApplicationUserID is required.
type ApplicationSessionSeed struct {
	ID                string `json:"id,omitempty"` // appses_...; minted when empty
	ApplicationUserID string `json:"application_user_id"`
	PublicURL         string `json:"public_url,omitempty"` // default "https://app.example.com"
	UserAgent         string `json:"user_agent,omitempty"`
	IPAddress         string `json:"ip_address,omitempty"` // default "198.51.100.7"
	CountryCode       string `json:"country_code,omitempty"`
	EndpointID        string `json:"endpoint_id,omitempty"`
}

// SeedTunnelSession adds an online tunnel session and returns its ID.
func (s *Server) SeedTunnelSession(in TunnelSessionSeed) (string, error) {
	if err := checkSeedText("tunnel session", "", in.Metadata); err != nil {
		return "", err
	}
	v := tunnelSession{
		AgentVersion: cmp.Or(in.AgentVersion, "3.18.4"), CredentialID: in.CredentialID, IP: cmp.Or(in.IP, "203.0.113.10"),
		Metadata: in.Metadata, OS: cmp.Or(in.OS, "linux"), Region: cmp.Or(in.Region, "us"), Transport: cmp.Or(in.Transport, transportNgrok),
		UpdatesDisabled: in.UpdatesDisabled, StartedAt: s.timestamp(),
	}
	if v.Transport == transportNgrokV2 {
		v.Transport = transportNgrok
	}
	switch {
	case v.Transport != transportNgrok && v.Transport != transportSSH:
		return "", fmt.Errorf("seeding a tunnel session: transport %q is not %q or %q", v.Transport, transportNgrok, transportSSH)
	case !slices.Contains(endpointRegions, v.Region):
		return "", fmt.Errorf("seeding a tunnel session: region %q is not one of %v", v.Region, endpointRegions)
	case in.CredentialID != "" && !wellFormedID(in.CredentialID, prefixCredential):
		return "", fmt.Errorf("seeding a tunnel session: credential_id %q is not a credential ID (%s...)", in.CredentialID, prefixCredential)
	}
	out, err := seedInsert(s.tunnelSessions, in.ID, func(id string) tunnelSession { v.ID = id; return v })
	return out.ID, err
}

// SeedTunnel adds a tunnel to a seeded tunnel session and returns its ID.
func (s *Server) SeedTunnel(in TunnelSeed) (string, error) {
	if err := checkSeedText("tunnel", "", in.Metadata); err != nil {
		return "", err
	}
	session, aerr := s.tunnelSessions.get(in.TunnelSessionID)
	if aerr != nil {
		return "", fmt.Errorf("seeding a tunnel: tunnel_session_id %q names no seeded tunnel session", in.TunnelSessionID)
	}
	v := tunnel{
		PublicURL: in.PublicURL, StartedAt: s.timestamp(), Metadata: in.Metadata, Region: session.Region,
		TunnelSessionID: session.ID, EndpointID: in.EndpointID, Labels: in.Labels, BackendIDs: in.BackendIDs,
		ForwardsTo: cmp.Or(in.ForwardsTo, "http://localhost:80"),
	}
	switch {
	case in.PublicURL != "":
		u, err := url.Parse(in.PublicURL)
		if err != nil || u.Host == "" || !slices.Contains([]string{"http", "https", "tcp", "tls"}, u.Scheme) {
			return "", fmt.Errorf("seeding a tunnel: public_url %q is not an http, https, tcp or tls URL", in.PublicURL)
		}
		v.Proto = u.Scheme
	case len(in.Labels) == 0:
		return "", fmt.Errorf("seeding a tunnel: public_url or labels is required")
	}
	out, err := seedInsert(s.tunnels, in.ID, func(id string) tunnel { v.ID = id; return v })
	return out.ID, err
}

// SeedApplicationUser adds an application user and returns its ID.
func (s *Server) SeedApplicationUser(in ApplicationUserSeed) (string, error) {
	now := s.timestamp()
	v := applicationUser{
		IdentityProvider: cmp.Or(in.IdentityProvider, "Google"), IdentityProviderURL: cmp.Or(in.IdentityProviderURL, "https://accounts.google.com"),
		Username: in.Username, Email: in.Email, Name: in.Name, CreatedAt: now, LastActive: now, LastLogin: now,
	}
	out, err := seedInsert(s.appUsers, in.ID, func(id string) applicationUser {
		v.ID, v.ProviderUserID = id, cmp.Or(in.ProviderUserID, id)
		return v
	})
	return out.ID, err
}

// applicationSessionLifetime is how long a seeded session lasts [ours].
const applicationSessionLifetime = 7 * 24 * time.Hour

// SeedApplicationSession adds a session of a seeded application user and
// returns its ID.
func (s *Server) SeedApplicationSession(in ApplicationSessionSeed) (string, error) {
	if _, err := s.appUsers.get(in.ApplicationUserID); err != nil {
		return "", fmt.Errorf("seeding an application session: application_user_id %q names no seeded application user", in.ApplicationUserID)
	}
	now := s.timestamp()
	v := applicationSession{
		PublicURL: cmp.Or(in.PublicURL, "https://app.example.com"), UserAgent: in.UserAgent, IPAddress: cmp.Or(in.IPAddress, "198.51.100.7"),
		CountryCode: in.CountryCode, ApplicationUserID: in.ApplicationUserID, CreatedAt: now, LastActive: now,
		ExpiresAt: now.Add(applicationSessionLifetime), EndpointID: in.EndpointID,
	}
	out, err := seedInsert(s.appSessions, in.ID, func(id string) applicationSession { v.ID = id; return v })
	return out.ID, err
}
