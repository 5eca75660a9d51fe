package mockserver

import (
	"net/http"
	"testing"
	"time"
)

// seedSession seeds a tunnel session with one tunnel and one agent
// endpoint, and returns the session's ID.
func seedSession(t *testing.T, s *Server, in TunnelSessionSeed) string {
	t.Helper()
	id, err := s.SeedTunnelSession(in)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.SeedTunnel(TunnelSeed{TunnelSessionID: id, PublicURL: "https://a.ngrok.app"}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.SeedAgentEndpoint(AgentEndpointSeed{URL: "https://a.ngrok.app", TunnelSessionID: id}); err != nil {
		t.Fatal(err)
	}
	return id
}

type sessionList struct {
	TunnelSessions []TunnelSessionWire `json:"tunnel_sessions"`
}

type tunnelList struct {
	Tunnels []tunnelWire `json:"tunnels"`
}

func listSessions(t *testing.T, s *Server, target string) []TunnelSessionWire {
	t.Helper()
	w := do(t, s, http.MethodGet, target, "")
	wantStatus(t, w, http.StatusOK)
	return decodeBody[sessionList](t, w).TunnelSessions
}

func TestTunnelSessionsListAndFilter(t *testing.T) {
	t.Parallel()
	s := New()
	a := seedSession(t, s, TunnelSessionSeed{Metadata: "a"})
	seedSession(t, s, TunnelSessionSeed{Metadata: "b", OS: "darwin"})
	if got := listSessions(t, s, "/tunnel_sessions"); len(got) != 2 {
		t.Fatalf("listed %d sessions, want 2", len(got))
	}
	got := listSessions(t, s, `/tunnel_sessions?filter=obj.metadata%20%3D%3D%20%22a%22`)
	if len(got) != 1 || got[0].ID != a || got[0].Transport != transportNgrok || got[0].OS != "linux" {
		t.Errorf("filtered list = %+v, want session %s", got, a)
	}
	wantStatus(t, do(t, s, http.MethodGet, "/tunnel_sessions/"+a, ""), http.StatusOK)
	// NOTE: read-only: no create, no PATCH, no DELETE [real: the spec has none].
	wantRouteNotFound(t, do(t, s, http.MethodPost, "/tunnel_sessions", `{}`), "/tunnel_sessions")
	wantRouteNotFound(t, do(t, s, http.MethodDelete, "/tunnel_sessions/"+a, ""), "/tunnel_sessions/"+a)
	wantError(t, do(t, s, http.MethodGet, "/tunnels?filter=true", ""), http.StatusBadRequest, errUnknownQueryParameter.code)
}

func TestTunnelSessionStop(t *testing.T) {
	t.Parallel()
	s := New()
	a := seedSession(t, s, TunnelSessionSeed{})
	b := seedSession(t, s, TunnelSessionSeed{})
	wantStatus(t, do(t, s, http.MethodPost, "/tunnel_sessions/"+a+"/stop", `{}`), http.StatusNoContent)
	if got := listSessions(t, s, "/tunnel_sessions"); len(got) != 1 || got[0].ID != b {
		t.Errorf("after stop, sessions = %+v, want only %s", got, b)
	}
	wantError(t, do(t, s, http.MethodGet, "/tunnel_sessions/"+a, ""), http.StatusNotFound, "")
	w := do(t, s, http.MethodGet, "/tunnels", "")
	if tl := decodeBody[tunnelList](t, w).Tunnels; len(tl) != 1 || tl[0].TunnelSession.ID != b {
		t.Errorf("after stop, tunnels = %+v, want only %s's", tl, b)
	}
	if n := s.endpoints.len(); n != 1 {
		t.Errorf("after stop, %d agent endpoints, want 1", n)
	}
	wantError(t, do(t, s, http.MethodPost, "/tunnel_sessions/"+a+"/stop", `{}`), http.StatusNotFound, "")
}

func TestTunnelSessionRestart(t *testing.T) {
	t.Parallel()
	clock := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	s := New(WithClock(func() time.Time { return clock }))
	a := seedSession(t, s, TunnelSessionSeed{Metadata: "m", AgentVersion: "3.1.0"})
	wantStatus(t, do(t, s, http.MethodPost, "/tunnel_sessions/"+a+"/restart", `{}`), http.StatusNoContent)
	got := listSessions(t, s, "/tunnel_sessions")
	if len(got) != 1 || got[0].ID == a || got[0].Metadata != "m" || got[0].AgentVersion != "3.1.0" {
		t.Fatalf("after restart, sessions = %+v, want one new session of the same agent", got)
	}
	// NOTE: the clock stood still: the restart still moves the start on.
	if !time.Time(got[0].StartedAt).After(clock) {
		t.Errorf("restarted session started at %v, want after %v", time.Time(got[0].StartedAt), clock)
	}
	tl := decodeBody[tunnelList](t, do(t, s, http.MethodGet, "/tunnels", "")).Tunnels
	if len(tl) != 1 || tl[0].TunnelSession.ID != got[0].ID {
		t.Errorf("after restart, tunnels = %+v, want one on %s", tl, got[0].ID)
	}
}

func TestTunnelSessionRestartRefused(t *testing.T) {
	t.Parallel()
	s := New()
	ssh := seedSession(t, s, TunnelSessionSeed{Transport: transportSSH})
	win := seedSession(t, s, TunnelSessionSeed{OS: "windows"})
	wantError(t, do(t, s, http.MethodPost, "/tunnel_sessions/"+ssh+"/restart", `{}`), http.StatusBadRequest, errSSHSessionRestart.code)
	wantError(t, do(t, s, http.MethodPost, "/tunnel_sessions/"+win+"/restart", `{}`), http.StatusBadRequest, errAgentCannotRestart.code)
	wantError(t, do(t, s, http.MethodPost, "/tunnel_sessions/"+ssh+"/update", `{}`), http.StatusBadRequest, errSSHSessionUpdate.code)
	if got := listSessions(t, s, "/tunnel_sessions"); len(got) != 2 {
		t.Errorf("refused restarts left %d sessions, want 2", len(got))
	}
}

func TestTunnelSessionUpdateThenRestart(t *testing.T) {
	t.Parallel()
	s := New()
	a := seedSession(t, s, TunnelSessionSeed{AgentVersion: "3.1.0"})
	wantStatus(t, do(t, s, http.MethodPost, "/tunnel_sessions/"+a+"/update", `{"id":"`+a+`"}`), http.StatusNoContent)
	// An update awaiting its restart cannot update again.
	wantError(t, do(t, s, http.MethodPost, "/tunnel_sessions/"+a+"/update", `{}`), http.StatusBadRequest, errAgentCannotUpdate.code)
	if got := listSessions(t, s, "/tunnel_sessions"); got[0].AgentVersion != "3.1.0" {
		t.Errorf("before the restart the agent runs %s, want 3.1.0", got[0].AgentVersion)
	}
	wantStatus(t, do(t, s, http.MethodPost, "/tunnel_sessions/"+a+"/restart", `{}`), http.StatusNoContent)
	got := listSessions(t, s, "/tunnel_sessions")
	if want := latestAgentVersions["3"]; got[0].AgentVersion != want {
		t.Errorf("after update and restart the agent runs %s, want %s", got[0].AgentVersion, want)
	}
	// Up to date: no update is available.
	wantError(t, do(t, s, http.MethodPost, "/tunnel_sessions/"+got[0].ID+"/update", `{}`), http.StatusBadRequest, errAgentCannotUpdate.code)
	disabled := seedSession(t, s, TunnelSessionSeed{UpdatesDisabled: true})
	wantError(t, do(t, s, http.MethodPost, "/tunnel_sessions/"+disabled+"/update", `{}`), http.StatusBadRequest, errAgentCannotUpdate.code)
}

func TestOlderVersion(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		a, b string
		want bool
	}{{"3.1.0", "3.24.0", true}, {"3.24.0", "3.24.0", false}, {"3.30.1", "3.24.0", false}, {"3.24", "3.24.1", true}} {
		if got := olderVersion(c.a, c.b); got != c.want {
			t.Errorf("olderVersion(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}
