package mockserver

import (
	"errors"
	"maps"
	"net"
	"slices"
	"strconv"
	"strings"
)

// Backends (README.md, section Backends): /backends/tunnel_group,
// /backends/http_response, /backends/failover, /backends/weighted and
// /backends/static, five declared collections (collection.go), one file
// each; what they share is here.
//
//   - Every create, update and delete is gated as the edges' are
//     (edgeState.writeRefusal): ERR_NGROK_7196 while edges are read-only,
//     ERR_NGROK_7008 unless edges are writable [real codes]; reads always
//     work. The gate runs first, before the body is checked, and again under
//     the store lock with the write.
//   - A failover or weighted backend names other backends of the account by
//     ID: an ID of no backend kind is ERR_NGROK_6526 [real]; one that names
//     no backend of the account, ERR_NGROK_6501 [real]; the backend itself,
//     or a backend that leads back to it through failover and weighted
//     backends, ERR_NGROK_6525 / ERR_NGROK_6524 [real codes; the rule is
//     ours: the documentation does not say which backends they refuse].
//   - Deleting a backend that another backend names is ERR_NGROK_6502
//     [real]; one that a route's backend module names, the same code [ours:
//     the documentation names backends only]. The control API deletes
//     regardless, as it does every row.

// Limits of ours: the real API documents that these limits exist
// (ERR_NGROK_6508, 6509, 6510, 6511, 6513, 6516, 6522, 6523) but not their
// values.
const (
	maxTunnelGroupLabels      = 10
	maxTunnelGroupLabelLen    = 255
	maxBackendChildren        = 10
	maxHTTPResponseBodyBytes  = 16384
	maxHTTPResponseHeaderName = 255
	maxHTTPResponseHeaderVal  = 4096
	// Weights of a weighted backend's children [real: the API's reference
	// says 0-10000].
	minBackendWeight = 0
	maxBackendWeight = 10000
	// Status codes of an HTTP response backend [ours: the three-digit
	// codes RFC 9110 §15 defines classes for].
	minHTTPStatus = 100
	maxHTTPStatus = 599
)

// backendTables are the five tables of backends, for the rules that span
// them: references by ID, deletes of what is named.
type backendTables struct {
	tunnelGroup  *table[tunnelGroupBackend]
	httpResponse *table[httpResponseBackend]
	failover     *table[failoverBackend]
	weighted     *table[weightedBackend]
	static       *table[staticBackend]
}

// backendKinds are the ID prefixes of backends, with the kind each names in
// messages.
var backendKinds = []struct{ prefix, kind string }{
	{prefixTunnelGroupBackend, "tunnel group"},
	{prefixHTTPResponseBackend, "http response"},
	{prefixFailoverBackend, "failover"},
	{prefixWeightedBackend, "weighted"},
	{prefixStaticBackend, "static"},
}

// backendCollections are the collections of the backends, by ID prefix.
var backendCollections = map[string]string{
	prefixTunnelGroupBackend: collTunnelGroupBackends, prefixHTTPResponseBackend: collHTTPResponseBackends,
	prefixFailoverBackend: collFailoverBackends, prefixWeightedBackend: collWeightedBackends,
	prefixStaticBackend: collStaticBackends,
}

// backendCollection is the collection of the backend id, by its prefix;
// the tunnel groups' for an ID of no backend kind, which no stored module
// holds.
func backendCollection(id string) string {
	for prefix, coll := range backendCollections {
		if strings.HasPrefix(id, prefix) {
			return coll
		}
	}
	return collTunnelGroupBackends
}

// checkReferenceLocked checks a route backend module's backend_id: the ID
// of a backend of any kind (ERR_NGROK_242) of the account
// (ERR_NGROK_6501); the store lock must be held.
func (b *backendTables) checkReferenceLocked(id string) *apiError {
	if backendKind(id) == "" {
		return errInvalidBackendID.with(id)
	}
	if !b.existsLocked(id) {
		return errBackendUnknown.with(id)
	}
	return nil
}

// backendKind is the kind of backend id names by its prefix, or "".
func backendKind(id string) string {
	for _, k := range backendKinds {
		if strings.HasPrefix(id, k.prefix) {
			return k.kind
		}
	}
	return ""
}

// existsLocked reports whether id names a backend of the account; the store
// lock must be held.
func (b *backendTables) existsLocked(id string) bool {
	switch {
	case strings.HasPrefix(id, prefixTunnelGroupBackend):
		_, ok := b.tunnelGroup.rows[id]
		return ok
	case strings.HasPrefix(id, prefixHTTPResponseBackend):
		_, ok := b.httpResponse.rows[id]
		return ok
	case strings.HasPrefix(id, prefixFailoverBackend):
		_, ok := b.failover.rows[id]
		return ok
	case strings.HasPrefix(id, prefixWeightedBackend):
		_, ok := b.weighted.rows[id]
		return ok
	case strings.HasPrefix(id, prefixStaticBackend):
		_, ok := b.static.rows[id]
		return ok
	}
	return false
}

// childrenLocked are the backends that the failover or weighted backend id
// names; the store lock must be held.
func (b *backendTables) childrenLocked(id string) []string {
	if r, ok := b.failover.rows[id]; ok {
		return r.val.Backends
	}
	if r, ok := b.weighted.rows[id]; ok {
		return slices.Sorted(maps.Keys(r.val.Backends))
	}
	return nil
}

// reachesLocked reports whether self is among children or the backends
// they name, through failover and weighted backends.
func (b *backendTables) reachesLocked(children []string, self string) bool {
	seen := map[string]bool{}
	stack := slices.Clone(children)
	for len(stack) > 0 {
		id := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if id == self {
			return true
		}
		if seen[id] {
			continue
		}
		seen[id] = true
		stack = append(stack, b.childrenLocked(id)...)
	}
	return false
}

// checkChildrenLocked checks the backends a failover or weighted backend
// (self, "" on a create) names; refusal is the code for naming itself.
func (s *Server) checkChildrenLocked(children []string, self string, refusal *errorKind) *apiError {
	if n := len(children); n > maxBackendChildren {
		kind := errFailoverBackendCount
		if refusal == errWeightedBackendRefused {
			kind = errWeightedBackendCount
		}
		return kind.with(maxBackendChildren, n)
	}
	for _, id := range children {
		if backendKind(id) == "" {
			return errBackendIDInvalid.with(id)
		}
		if !s.backends.existsLocked(id) {
			return errBackendUnknown.with(id)
		}
	}
	if self != "" && s.backends.reachesLocked(children, self) {
		return refusal.with(self, backendKind(self))
	}
	return nil
}

// removableBackendLocked refuses to delete a backend that another backend
// or a route's backend module names, and any write that edges refuse.
func (s *Server) removableBackendLocked(id string) *apiError {
	if err := s.edges.writeRefusalLocked(); err != nil {
		return err
	}
	for _, r := range s.backends.failover.rows {
		if slices.Contains(r.val.Backends, id) {
			return errBackendInUse.with()
		}
	}
	for _, r := range s.backends.weighted.rows {
		if _, ok := r.val.Backends[id]; ok {
			return errBackendInUse.with()
		}
	}
	for _, r := range s.edges.routes.rows {
		if r.val.Backend != nil && r.val.Backend.BackendID == id {
			return errBackendInUse.with()
		}
	}
	return nil
}

// checkHostPort checks a static backend's address: host:port with a host
// and a port from 1 to 65535 [real codes; the port range is ours].
func checkHostPort(addr string) *apiError {
	if addr == "" {
		return errStaticAddressMissing.with()
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		reason := err.Error()
		if ae := (*net.AddrError)(nil); errors.As(err, &ae) {
			reason = ae.Err
		}
		return errStaticAddressInvalid.with(addr, reason)
	}
	if host == "" {
		return errStaticAddressHost.with(addr)
	}
	if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
		return errStaticAddressInvalid.with(addr, "the port must be a number from 1 to 65535")
	}
	return nil
}
