package mockserver

import (
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Tunnel sessions (README.md, section Tunnel sessions and tunnels):
// /tunnel_sessions, a read-only collection (read_only.go): an agent that
// connects starts one, with its tunnels (tunnels.go), and they exist here
// by seeding (seed_agents.go). The API acts on a session with three verbs,
// each an instruction to its agent:
//   - stop: the agent exits, so its session goes, with its tunnels and
//     agent endpoints [real: the list is of online sessions]; the mock's
//     agent obeys at once [ours: the real one is asynchronous].
//   - restart: the agent re-executes itself and reconnects with a new
//     session ID [real, the spec's words], so the session is replaced by one
//     of a new ID and start time with the same agent, whose tunnels and
//     agent endpoints follow it [ours]. An SSH session cannot restart
//     (ERR_NGROK_1122) [real], nor an agent on Windows (ERR_NGROK_804,
//     "restart is not supported on Windows") [real].
//   - update: the agent updates itself to the newest version of its major
//     version, which the restart that follows starts [real]. It fails
//     (ERR_NGROK_806) when no update is available, when the agent's
//     configuration disables update checks, or when it has updated and not
//     restarted yet [real reasons, the spec's list; one code for them is
//     ours]; an SSH session cannot update (ERR_NGROK_1121) [real]. The
//     newest versions are latestAgentVersions [ours].

// latestAgentVersions is the newest agent version of each major version
// that an update installs [ours: a fixed list, so tests know the outcome].
var latestAgentVersions = map[string]string{"2": "2.3.41", "3": "3.24.0"}

// Tunnel session transports [real: ngrok/2 in
// _tunnel_sessions_get_response.md@3196b15]. transportNgrokV2 is the name
// earlier versions of the mock gave the first: still read from seed and
// state files, answered as transportNgrok.
const (
	transportNgrok   = "ngrok/2"
	transportSSH     = "ssh"
	transportNgrokV2 = "ngrok/v2"
)

// answeredTransport is the transport a session is answered with: a state
// file of an earlier version may hold transportNgrokV2.
func answeredTransport(t string) string {
	if t == transportNgrokV2 {
		return transportNgrok
	}
	return t
}

type tunnelSession struct {
	ID           string    `json:"id"`
	AgentVersion string    `json:"agent_version"`
	CredentialID string    `json:"credential_id,omitempty"`
	IP           string    `json:"ip"`
	Metadata     string    `json:"metadata,omitempty"`
	OS           string    `json:"os"`
	Region       string    `json:"region"`
	StartedAt    time.Time `json:"started_at"`
	Transport    string    `json:"transport"`
	// UpdatesDisabled: the agent's configuration disables update checks.
	UpdatesDisabled bool `json:"updates_disabled,omitempty"`
	// UpdatedTo is the version an update installed, which the next
	// restart starts; "" when none is pending.
	UpdatedTo string `json:"updated_to,omitempty"`
}

// TunnelSessionWire is a tunnel session as the API answers it. NOTE:
// exported because list filters read it (filter.go).
type TunnelSessionWire struct {
	AgentVersion string   `json:"agent_version"`
	Credential   *refWire `json:"credential,omitempty"`
	ID           string   `json:"id"`
	IP           string   `json:"ip"`
	Metadata     string   `json:"metadata,omitempty"` // left out when empty [real]
	OS           string   `json:"os"`
	Region       string   `json:"region"`
	StartedAt    apiTime  `json:"started_at"`
	Transport    string   `json:"transport"`
	URI          string   `json:"uri"`
}

var tunnelSessionCollection = declareReadOnly(readOnlyDecl[tunnelSession, TunnelSessionWire]{
	name: collTunnelSessions, path: "/" + collTunnelSessions, noun: "tunnel session", prefix: prefixTunnelSession,
	filter: "ngrok.TunnelSession",
	wire: func(v *tunnelSession, origin string) TunnelSessionWire {
		return TunnelSessionWire{
			AgentVersion: v.AgentVersion,
			Credential:   optionalRef(origin, collCredentials, v.CredentialID),
			ID:           v.ID,
			IP:           v.IP,
			Metadata:     v.Metadata,
			OS:           v.OS,
			Region:       v.Region,
			StartedAt:    wireTime(v.StartedAt),
			Transport:    answeredTransport(v.Transport),
			URI:          objectURI(origin, collTunnelSessions, v.ID),
		}
	},
	removed: removeSessionTunnels,
})

// removeSessionTunnels takes the tunnels and agent endpoints of a session
// that went offline with it.
func removeSessionTunnels(s *Server, v *tunnelSession) {
	for _, id := range rowIDs(s.tunnels, func(t *tunnel) bool { return t.TunnelSessionID == v.ID }) {
		s.tunnels.removeLocked(id)
	}
	for _, id := range rowIDs(s.endpoints, func(e *endpoint) bool { return e.TunnelSessionID == v.ID }) {
		s.endpoints.removeLocked(id)
	}
}

// rowIDs are the IDs of t's rows that match; the store lock must be held.
func rowIDs[T any](t *table[T], match func(*T) bool) []string {
	var ids []string
	for id, r := range t.rows {
		if match(&r.val) {
			ids = append(ids, id)
		}
	}
	return ids
}

// tunnelSessionVerb is the body of restart, stop and update: the spec's
// Item and TunnelSessionsUpdate, whose id the path carries (ngrok's
// clients send {}).
type tunnelSessionVerb struct {
	ID string `json:"id"`
}

func (s *Server) tunnelSessionRoutes() []route {
	id := map[string]idKind{"id": s.tunnelSessions.kind()}
	verb := func(name string, handle handlerFunc) route {
		return route{method: http.MethodPost, path: "/" + collTunnelSessions + "/{id}/" + name, ids: id,
			body: bodyOf[tunnelSessionVerb], handle: handle}
	}
	return []route{
		verb("restart", s.restartTunnelSession),
		verb("stop", s.stopTunnelSession),
		verb("update", s.updateTunnelSession),
	}
}

func (s *Server) stopTunnelSession(rq *request) (any, int, *apiError) {
	if err := s.tunnelSessions.remove(rq.r.PathValue("id")); err != nil {
		return nil, 0, err
	}
	return nil, http.StatusNoContent, nil
}

func (s *Server) restartTunnelSession(rq *request) (any, int, *apiError) {
	st := s.store
	st.mu.Lock()
	defer st.mu.Unlock()
	r, err := s.tunnelSessions.rowLocked(rq.r.PathValue("id"))
	if err != nil {
		return nil, 0, err
	}
	old := r.val
	switch {
	case old.Transport == transportSSH:
		return nil, 0, errSSHSessionRestart.with()
	case strings.EqualFold(old.OS, "windows"):
		return nil, 0, errAgentCannotRestart.with("restart is not supported on Windows")
	}
	// NOTE: a restart within the second of the start still moves the start
	// on, so that a restart is always seen in started_at.
	started := s.timestamp()
	if !started.After(old.StartedAt) {
		started = old.StartedAt.Add(time.Second)
	}
	next, aerr := s.tunnelSessions.insertLocked(func(id string) tunnelSession {
		v := old
		v.ID, v.StartedAt = id, started
		if v.UpdatedTo != "" {
			v.AgentVersion, v.UpdatedTo = v.UpdatedTo, ""
		}
		return v
	})
	if aerr != nil {
		return nil, 0, aerr
	}
	for _, id := range rowIDs(s.tunnels, func(t *tunnel) bool { return t.TunnelSessionID == old.ID }) {
		t := s.tunnels.rows[id].val
		t.TunnelSessionID, t.StartedAt = next.ID, started
		s.tunnels.putLocked(id, t)
	}
	for _, id := range rowIDs(s.endpoints, func(e *endpoint) bool { return e.TunnelSessionID == old.ID }) {
		e := s.endpoints.rows[id].val
		e.TunnelSessionID = next.ID
		s.endpoints.putLocked(id, e)
	}
	// NOTE: its tunnels have moved, so its removed hook takes nothing.
	s.tunnelSessions.removeLocked(old.ID)
	return nil, http.StatusNoContent, nil
}

func (s *Server) updateTunnelSession(rq *request) (any, int, *apiError) {
	_, err := s.tunnelSessions.update(rq.r.PathValue("id"), func(v *tunnelSession) *apiError {
		cannot := func(reason string) *apiError {
			return errAgentCannotUpdate.with(reason)
		}
		latest := latestAgentVersions[majorVersion(v.AgentVersion)]
		switch {
		case v.Transport == transportSSH:
			return errSSHSessionUpdate.with()
		case v.UpdatesDisabled:
			return cannot("the agent's configuration disables update checks")
		case v.UpdatedTo != "":
			return cannot("the agent has updated to " + v.UpdatedTo + " and has not restarted yet")
		case latest == "" || !olderVersion(v.AgentVersion, latest):
			return cannot("no update is available")
		}
		v.UpdatedTo = latest
		return nil
	})
	if err != nil {
		return nil, 0, err
	}
	return nil, http.StatusNoContent, nil
}

// olderVersion reports whether the dotted version a is older than b,
// comparing numbers part by part.
func olderVersion(a, b string) bool {
	as, bs := strings.Split(a, "."), strings.Split(b, ".")
	for i := range max(len(as), len(bs)) {
		var x, y int
		if i < len(as) {
			x, _ = strconv.Atoi(as[i])
		}
		if i < len(bs) {
			y, _ = strconv.Atoi(bs[i])
		}
		if x != y {
			return x < y
		}
	}
	return false
}

// majorVersion is the major version of an agent version ("3" of "3.18.4").
func majorVersion(v string) string {
	major, _, _ := strings.Cut(v, ".")
	return major
}
