package mockserver

import (
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"sync"
	"time"
)

// IDs have the real API's shape: a prefix and 27 base-62 characters, e.g.
// rd_32ELEiXmgYnMmAx2rX3qJXK6Gxy. The 27 characters are a KSUID: 20 bytes,
// 4 of big-endian seconds since the KSUID epoch then 16 random ones, written
// as one big-endian base-62 number. The alphabet is in ASCII order, so
// comparing two IDs of a collection as strings compares their numbers, and
// ID order is creation order (see idSource.newID).
const (
	idLen        = 27
	ksuidEpoch   = 1400000000 // 2014-05-13T16:53:20Z
	ksuidTimeLen = 4
	ksuidLen     = ksuidTimeLen + 16
)

const base62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

// ID prefixes [real], one per kind of object: of the objects the server
// stores, and of the objects that seeded agent and edge endpoints refer to
// without the server holding them (tunnels, sessions, users, TLS and TCP
// edges), whose IDs it mints too.
const (
	prefixOperation             = "op_"
	prefixReservedDomain        = "rd_"
	prefixTLSCertificate        = "cert_"
	prefixEndpointConfiguration = "ec_"
	prefixEndpoint              = "ep_"
	prefixSSHCA                 = "sshca_"
	prefixSSHHostCert           = "shcrt_"
	prefixSSHUserCert           = "sucrt_"
	prefixEdgeHTTPS             = "edghts_"
	prefixEdgeHTTPSRoute        = "edghtsrt_"
	prefixEdgeTLS               = "edgtls_"
	prefixEdgeTCP               = "edgtcp_"
	prefixTunnelGroupBackend    = "bkdtg_"
	prefixHTTPResponseBackend   = "bkdhr_"
	prefixFailoverBackend       = "bkdfo_"
	prefixWeightedBackend       = "bkdwd_"
	prefixStaticBackend         = "bkdsc_"
	prefixIPPolicy              = "ipp_"
	prefixIPPolicyRule          = "ipr_"
	prefixCredential            = "cr_"
	prefixAPIKey                = "ak_"
	prefixSSHCredential         = "sshcr_"
	prefixBotUser               = "bot_"
	prefixTunnel                = "tn_"
	prefixTunnelSession         = "ts_"
	prefixUser                  = "usr_"
	prefixServiceUser           = "service_"
	prefixAgentIngress          = "agin_"
	prefixReservedAddr          = "ra_"
	prefixIPRestriction         = "ipx_"
	prefixCertificateAuthority  = "ca_"
	prefixVault                 = "vault_"
	prefixSecret                = "secret_"
	prefixEventDestination      = "ed_"
	prefixEventSubscription     = "esb_"
	prefixAbuseReport           = "abrp_"
)

// ID prefixes of application users and sessions [ours]: no public source
// shows one of their IDs (searched on 2026-11-25: ngrok's API reference and
// its example snippets, which are empty for both; ngrok-api-go; public code
// calling /app/users/ and /app/sessions/). The provider checks no prefix
// for them, so that real IDs pass whatever they are.
const (
	prefixApplicationUser    = "appusr_"
	prefixApplicationSession = "appses_"
)

// Collections: the path under which the real API serves each kind of
// object, which every uri and reference names (uri is the origin, the
// collection and the ID), also for the objects this server serves no route
// for (they exist by seeding, or only as references).
const (
	collReservedDomains        = "reserved_domains"
	collTLSCertificates        = "tls_certificates"
	collEndpointConfigurations = "endpoint_configurations"
	collEndpoints              = "endpoints"
	collSSHCAs                 = "ssh_certificate_authorities"
	collSSHHostCerts           = "ssh_host_certificates"
	collSSHUserCerts           = "ssh_user_certificates"
	collEdgesHTTPS             = "edges/https"
	collEdgesTLS               = "edges/tls"
	collEdgesTCP               = "edges/tcp"
	collTunnelGroupBackends    = "backends/tunnel_group"
	collHTTPResponseBackends   = "backends/http_response"
	collFailoverBackends       = "backends/failover"
	collWeightedBackends       = "backends/weighted"
	collStaticBackends         = "backends/static"
	collIPPolicies             = "ip_policies"
	collIPPolicyRules          = "ip_policy_rules"
	collCredentials            = "credentials"
	collAPIKeys                = "api_keys"
	collSSHCredentials         = "ssh_credentials"
	collTunnels                = "tunnels"
	collTunnelSessions         = "tunnel_sessions"
	collUsers                  = "users"
	collBotUsers               = "bot_users"
	collServiceUsers           = "service_users"
	collAgentIngresses         = "agent_ingresses"
	collReservedAddrs          = "reserved_addrs"
	collIPRestrictions         = "ip_restrictions"
	collCertificateAuthorities = "certificate_authorities"
	collVaults                 = "vaults"
	collSecrets                = "vault_secrets"
	collEventDestinations      = "event_destinations"
	collEventSubscriptions     = "event_subscriptions"
	collApplicationUsers       = "app/users"
	collApplicationSessions    = "app/sessions"
	collAbuseReports           = "abuse_reports"
)

// ownerIDPrefixes are the prefixes of the IDs that may own credentials and
// API keys (owner_id): a user of the account, a service user, or a bot user
// (the service users' older name) [real].
var ownerIDPrefixes = []string{prefixUser, prefixServiceUser, prefixBotUser}

// Table names of the seed-only objects of HTTPS edges. The control API
// (/_mock/objects/{collection}/{id}) and the state file name every table by
// one path segment, which edges/https is not; every other table is named
// by its collection.
const (
	tableHTTPSEdges          = "https_edges"
	tableHTTPSEdgeRoutes     = "https_edge_routes"
	tableTunnelGroupBackends = "tunnel_group_backends"
	// The other backends [ours], named as the tunnel-group one is.
	tableHTTPResponseBackends = "http_response_backends"
	tableFailoverBackends     = "failover_backends"
	tableWeightedBackends     = "weighted_backends"
	tableStaticBackends       = "static_backends"
	// NOTE: the list property of application users and sessions [real].
	tableApplicationUsers    = "application_users"
	tableApplicationSessions = "application_sessions"
)

// errIDSpaceExhausted is returned only when the greatest ID held is already
// the greatest 27-character one, which only a seeded "zzz…" ID can cause.
var errIDSpaceExhausted = errors.New("no ID is greater than the greatest one held")

// idSource mints the IDs of one server: every object and operation ID comes
// from it, so that one ordering covers them all.
//
// NOTE: ID order equals the order in which IDs are minted, even within one
// second and when the clock goes backwards: last is the greatest ID minted
// (or observed: loaded from a state file, or seeded), and a candidate not
// greater than it is replaced by last+1, as monotonic ULID generators do.
// A restart keeps the order because loading observes every stored ID.
//
// The lock also guards r, since a caller-supplied reader (WithIDSource) is
// rarely safe for concurrent use.
type idSource struct {
	mu   sync.Mutex
	r    io.Reader
	now  func() time.Time
	last [idLen]byte // 27 base-62 digits; all zero bytes before the first ID
	buf  [32]byte

	// pool holds randomness read ahead from r, when r is crypto/rand;
	// pooled bytes from pool[pos:] are not yet used.
	//
	// NOTE: every request mints an operation ID, and one read of crypto/rand
	// per ID cost more than its encoding. A caller-supplied reader is read
	// exactly as before, 16 bytes per ID, so that its IDs stay reproducible.
	pooled bool
	pool   [1024]byte
	pos    int
}

func newIDSource(r io.Reader) *idSource {
	return &idSource{r: r, now: time.Now, pooled: r == rand.Reader, pos: len(idSource{}.pool)}
}

// random fills p from r, through pool when the source reads ahead.
func (g *idSource) random(p []byte) error {
	if !g.pooled || len(p) > len(g.pool) {
		_, err := io.ReadFull(g.r, p)
		return err
	}
	if len(g.pool)-g.pos < len(p) {
		if _, err := io.ReadFull(g.r, g.pool[:]); err != nil {
			return err
		}
		g.pos = 0
	}
	g.pos += copy(p, g.pool[g.pos:])
	return nil
}

// newID mints an ID with the given prefix, greater than every ID minted or
// observed before it.
func (g *idSource) newID(prefix string) (string, error) { return g.newIDAt(prefix, g.now()) }

// newIDAt is newID at a time the caller has already read from the clock.
func (g *idSource) newIDAt(prefix string, now time.Time) (string, error) {
	g.mu.Lock()
	defer g.mu.Unlock()

	var raw [ksuidLen]byte
	binary.BigEndian.PutUint32(raw[:ksuidTimeLen], ksuidSeconds(now))
	// NOTE: read through g.buf, which lives on the heap anyway: raw, handed
	// to a reader, would escape, one allocation per ID.
	if err := g.random(g.buf[:ksuidLen-ksuidTimeLen]); err != nil {
		return "", fmt.Errorf("reading ID randomness: %w", err)
	}
	copy(raw[ksuidTimeLen:], g.buf[:])
	next := encodeBase62(raw)
	if string(next[:]) <= string(g.last[:]) {
		next = g.last
		if !incrementBase62(next[:]) {
			return "", errIDSpaceExhausted
		}
	}
	g.last = next
	return prefix + string(next[:]), nil
}

// observe raises last to the ID's 27 characters when they are greater, so
// that IDs minted later sort after id. IDs of another shape are ignored.
func (g *idSource) observe(id string) {
	body := idBody(id)
	if body == "" {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if body > string(g.last[:]) {
		copy(g.last[:], body)
	}
}

// randomString returns n base-62 characters drawn from the ID randomness,
// for names that must look random rather than ordered (CNAME targets).
func (g *idSource) randomString(n int) (string, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	out := make([]byte, 0, n)
	for len(out) < n {
		if err := g.random(g.buf[:]); err != nil {
			return "", fmt.Errorf("reading ID randomness: %w", err)
		}
		for _, b := range g.buf {
			// NOTE: rejecting bytes >= 248 (4*62) keeps every character
			// equally likely; b%62 over all 256 values would not.
			if b >= 4*62 {
				continue
			}
			out = append(out, base62[b%62])
			if len(out) == n {
				break
			}
		}
	}
	return string(out), nil
}

// ksuidSeconds is t as a KSUID timestamp, clamped to what 4 bytes hold.
func ksuidSeconds(t time.Time) uint32 {
	s := t.Unix() - ksuidEpoch
	return uint32(min(max(s, 0), math.MaxUint32))
}

// encodeBase62 writes the 160-bit big-endian number raw as 27 base-62
// digits (62^27 > 2^160), most significant first.
func encodeBase62(raw [ksuidLen]byte) [idLen]byte {
	var words [ksuidLen / 4]uint32
	for i := range words {
		words[i] = binary.BigEndian.Uint32(raw[4*i:])
	}
	// NOTE: dividing by 62^5 yields five digits per pass over the words, a
	// fifth of the long divisions of one digit per pass; every request pays
	// for one such encoding (its operation ID).
	const chunk = 62 * 62 * 62 * 62 * 62
	var out [idLen]byte
	for pos := idLen; pos > 0; {
		var rem uint64
		for j := range words {
			v := rem<<32 | uint64(words[j])
			words[j] = uint32(v / chunk)
			rem = v % chunk
		}
		for k := 0; k < 5 && pos > 0; k++ {
			pos--
			out[pos] = base62[rem%62]
			rem /= 62
		}
	}
	return out
}

// incrementBase62 adds one to the base-62 number digits in place; false
// means it overflowed (every digit was the last one).
func incrementBase62(digits []byte) bool {
	for i := len(digits) - 1; i >= 0; i-- {
		k := strings.IndexByte(base62, digits[i])
		if k < len(base62)-1 {
			digits[i] = base62[k+1]
			return true
		}
		digits[i] = base62[0]
	}
	return false
}

// idBody is the 27 base-62 characters after the prefix (everything up to
// the last "_"), or "" when id has another shape.
func idBody(id string) string {
	i := strings.LastIndexByte(id, '_')
	body := id[i+1:]
	if i < 0 || len(body) != idLen || strings.Trim(body, base62) != "" {
		return ""
	}
	return body
}

// wellFormedID reports whether id is prefix followed by 27 base-62
// characters: the shape of every ID of a collection, held or not.
func wellFormedID(id, prefix string) bool {
	rest, ok := strings.CutPrefix(id, prefix)
	return ok && len(rest) == idLen && strings.Trim(rest, base62) == ""
}

// mockUserID is the account's one user: the owner of what is created without
// an owner_id, and who every change is made by (created_by,
// last_updated_by); 27 base-62 characters after the prefix, as a real ID.
const mockUserID = prefixUser + "2mockAccountUser00000000000"
