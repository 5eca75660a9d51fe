package mockserver

import (
	"strings"
	"testing"
)

// A seed file makes agents and visitors; a tunnel of an unknown session
// fails the seed, which then leaves nothing behind.
func TestSeedFileAgentsAndVisitors(t *testing.T) {
	t.Parallel()
	s := New()
	f, err := ParseSeedFile([]byte(`
tunnel_sessions:
  - id: ts_2hHHEdGjzhqHoCeqNd9sYaUbMmT
    transport: ssh
tunnels:
  - tunnel_session_id: ts_2hHHEdGjzhqHoCeqNd9sYaUbMmT
    labels: {app: web}
application_users:
  - id: appusr_2hHHEdGjzhqHoCeqNd9sYaUbMmT
application_sessions:
  - application_user_id: appusr_2hHHEdGjzhqHoCeqNd9sYaUbMmT
`))
	if err != nil {
		t.Fatal(err)
	}
	counts, err := s.Seed(f)
	if err != nil {
		t.Fatal(err)
	}
	for _, kind := range []string{"tunnel_sessions", "tunnels", "application_users", "application_sessions"} {
		if counts[kind] != 1 {
			t.Errorf("seeded %d %s, want 1", counts[kind], kind)
		}
	}

	bad, err := ParseSeedFile([]byte(`
tunnel_sessions:
  - metadata: kept only if the seed succeeds
tunnels:
  - tunnel_session_id: ts_2hHHEdGjzhqHoCeqNd9sYaUbMmU
    public_url: https://x.ngrok.app
`))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Seed(bad); err == nil || !strings.Contains(err.Error(), "tunnels[0]") {
		t.Errorf("seeding a tunnel of an unknown session: %v, want an error naming tunnels[0]", err)
	}
	if n := s.tunnelSessions.len(); n != 1 {
		t.Errorf("%d tunnel sessions after the failed seed, want the 1 from before", n)
	}
}

// Seeds are checked as the API would answer them.
func TestSeedTunnelSessionRefusals(t *testing.T) {
	t.Parallel()
	s := New()
	for _, in := range []TunnelSessionSeed{
		{Transport: "quic"}, {Region: "mars"}, {CredentialID: "ak_2hHHEdGjzhqHoCeqNd9sYaUbMmT"}, {ID: "tn_2hHHEdGjzhqHoCeqNd9sYaUbMmT"},
	} {
		if _, err := s.SeedTunnelSession(in); err == nil {
			t.Errorf("seeded %+v", in)
		}
	}
	id, err := s.SeedTunnelSession(TunnelSessionSeed{})
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range []TunnelSeed{{TunnelSessionID: id}, {TunnelSessionID: id, PublicURL: "ftp://x"}} {
		if _, err := s.SeedTunnel(in); err == nil {
			t.Errorf("seeded %+v", in)
		}
	}
}
