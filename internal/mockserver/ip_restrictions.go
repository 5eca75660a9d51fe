package mockserver

import (
	"net"
	"net/http"
	"net/netip"
	"slices"
	"strings"
	"time"
)

// IP restrictions (README.md, section IP restrictions): /ip_restrictions, a
// declared collection (collection.go). A restriction applies IP policies to
// one way into the account: the dashboard, the API, agents or endpoints.
// Choices of ours where the real API is silent:
//   - type is required (ERR_NGROK_1803 [real]); one restriction per type
//     (ERR_NGROK_1802 [real code], 409 as a conflict with the current
//     state); ip_policy_ids needs at least one policy (ERR_NGROK_1804
//     [real]), each of the account (ERR_NGROK_1801 [real]), listed once
//     (a repeat is dropped, the first kept). type cannot change [real: the
//     spec's update body has none]; a PATCH's ip_policy_ids replaces the
//     list.
//   - enforced defaults to false [real: the example answer].
//   - An enforced api restriction is enforced: every API request (the
//     control API excepted, so that a locked-out user can undo it) whose
//     remote address the restriction's policies do not allow is refused
//     with 403 ERR_NGROK_220 [real code], after its API key is checked.
//     An address is allowed when some rule of the restriction's policies
//     with action allow covers it and no deny rule does (a deny wins); a
//     policy that was deleted, or has no rules, allows nothing. The remote
//     address is the connection's (X-Forwarded-For is not trusted). The
//     dashboard, agent and endpoints types are stored only: the mock serves
//     none of those.

// IP restriction types [real].
var ipRestrictionTypes = []string{"dashboard", "api", "agent", "endpoints"}

const (
	ipRestrictionAPI       = "api"
	ipRestrictionDashboard = "dashboard"
)

type ipRestriction struct {
	ID          string    `json:"id"`
	CreatedAt   time.Time `json:"created_at"`
	Description string    `json:"description,omitempty"`
	Metadata    string    `json:"metadata,omitempty"`
	Enforced    bool      `json:"enforced"`
	Type        string    `json:"type"`
	IPPolicyIDs []string  `json:"ip_policy_ids"`
}

func (x *ipRestriction) fields() objectFields {
	return objectFields{&x.ID, &x.CreatedAt, &x.Description, &x.Metadata}
}

type accountIPRestrictionWire struct {
	WireHeader
	Enforced   bool      `json:"enforced"`
	Type       string    `json:"type"`
	IPPolicies []refWire `json:"ip_policies"`
}

type ipRestrictionCreate struct {
	Description string   `json:"description"`
	Metadata    string   `json:"metadata"`
	Enforced    bool     `json:"enforced"`
	Type        string   `json:"type"`
	IPPolicyIDs []string `json:"ip_policy_ids"`
}

type ipRestrictionUpdate struct {
	Description *string  `json:"description"`
	Metadata    *string  `json:"metadata"`
	Enforced    *bool    `json:"enforced"`
	IPPolicyIDs []string `json:"ip_policy_ids"`
}

var ipRestrictionCollection = declare(collectionDecl[ipRestriction, accountIPRestrictionWire, ipRestrictionCreate, ipRestrictionUpdate]{
	name: collIPRestrictions, noun: "IP restriction", prefix: prefixIPRestriction,
	filter: "ngrok.IPRestriction",
	fields: (*ipRestriction).fields,
	wire: func(x *ipRestriction, origin string) accountIPRestrictionWire {
		w := accountIPRestrictionWire{WireHeader: x.fields().header(origin, collIPRestrictions), Enforced: x.Enforced, Type: x.Type,
			IPPolicies: make([]refWire, len(x.IPPolicyIDs))}
		for i, id := range x.IPPolicyIDs {
			w.IPPolicies[i] = refWire{ID: id, URI: objectURI(origin, collIPPolicies, id)}
		}
		return w
	},
	create: func(s *Server, in *ipRestrictionCreate) (ipRestriction, *apiError) {
		if !slices.Contains(ipRestrictionTypes, in.Type) {
			return ipRestriction{}, errIPRestrictionType.with(in.Type, strings.Join(ipRestrictionTypes, ", "))
		}
		ids, err := ipRestrictionPolicies(s, in.IPPolicyIDs)
		if err != nil {
			return ipRestriction{}, err
		}
		return ipRestriction{Description: in.Description, Metadata: in.Metadata, Enforced: in.Enforced, Type: in.Type, IPPolicyIDs: ids}, nil
	},
	update: func(s *Server, in *ipRestrictionUpdate, x *ipRestriction) *apiError {
		if in.IPPolicyIDs != nil {
			ids, err := ipRestrictionPolicies(s, in.IPPolicyIDs)
			if err != nil {
				return err
			}
			x.IPPolicyIDs = ids
		}
		assign(&x.Description, in.Description)
		assign(&x.Metadata, in.Metadata)
		assign(&x.Enforced, in.Enforced)
		return nil
	},
	unique: func(x *ipRestriction) string { return x.Type },
	check: func(s *Server, x *ipRestriction) *apiError {
		if id, ok := s.ipRestrictions.idByKeyLocked(x.Type); ok && id != x.ID {
			return errIPRestrictionTypeTaken.with(x.Type)
		}
		for _, id := range x.IPPolicyIDs {
			if _, ok := s.edges.ipPolicies.rows[id]; !ok {
				return errIPRestrictionPolicy.with(id)
			}
		}
		return nil
	},
})

// ipRestrictionPolicies checks a body's ip_policy_ids and drops repeats.
func ipRestrictionPolicies(s *Server, ids []string) ([]string, *apiError) {
	if len(ids) == 0 {
		return nil, errIPRestrictionNoPolicies.with()
	}
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		if err := checkIDPrefix(id, s.edges.ipPolicies.kind()); err != nil {
			return nil, err
		}
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out, nil
}

// checkAPIRestriction refuses a request that an enforced api IP
// restriction does not allow from its remote address.
func (s *Server) checkAPIRestriction(r *http.Request) *apiError {
	s.store.mu.Lock()
	defer s.store.mu.Unlock()
	if len(s.ipRestrictions.rows) == 0 {
		return nil
	}
	id, ok := s.ipRestrictions.idByKeyLocked(ipRestrictionAPI)
	if !ok {
		return nil
	}
	x := s.ipRestrictions.rows[id].val
	if !x.Enforced {
		return nil
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	addr, err := netip.ParseAddr(host)
	if err == nil && s.policiesAllowLocked(x.IPPolicyIDs, addr.Unmap().WithZone("")) {
		return nil
	}
	return errIPRestricted.with()
}

// policiesAllowLocked reports whether the rules of the policies allow addr:
// an allow rule covers it and no deny rule does.
func (s *Server) policiesAllowLocked(policies []string, addr netip.Addr) bool {
	allowed := false
	for _, r := range s.ipRules.rows {
		if !slices.Contains(policies, r.val.IPPolicyID) {
			continue
		}
		p, err := netip.ParsePrefix(r.val.CIDR)
		if err != nil || !p.Contains(addr) {
			continue
		}
		if r.val.Action == ipRuleDeny {
			return false
		}
		allowed = true
	}
	return allowed
}
