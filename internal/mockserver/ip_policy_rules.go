package mockserver

import (
	"net/netip"
	"slices"
	"strings"
	"time"
)

// IP policy rules (README.md, section IP policy rules): /ip_policy_rules, a
// declared collection (collection.go). A rule is one CIDR block of one IP
// policy, allowed or denied. Choices of ours where the real API is silent:
//   - cidr is canonicalised after the real API's checks (a mask, no host
//     bits): IPv6 in lower case and its shortest form ("2001:DB8:0::/32"
//     becomes "2001:db8::/32"), and the answer shows the canonical form.
//   - Two rules of one policy with the same canonical cidr: the second is
//     refused (ERR_NGROK_1408 [real code]) with 409, the status of a
//     conflict with the current state; rules of different policies may
//     share a cidr.
//   - The real API's per-policy limit on rules (ERR_NGROK_1411) depends on
//     the account's plan and is not enforced.
//   - Deleting the only rule of a policy that the dashboard IP restriction
//     names is refused (ERR_NGROK_1419 [real: errors/err_ngrok_1419.mdx,
//     whose message this is]), whether or not the restriction is enforced
//     [ours], with 409 as a conflict with the current state [ours]. The
//     page names the dashboard restriction alone, so the others do not
//     hold their rules.

// Rule actions [real].
const (
	ipRuleAllow = "allow"
	ipRuleDeny  = "deny"
)

type ipPolicyRule struct {
	ID          string    `json:"id"`
	CreatedAt   time.Time `json:"created_at"`
	Description string    `json:"description,omitempty"`
	Metadata    string    `json:"metadata,omitempty"`
	CIDR        string    `json:"cidr"` // canonical
	IPPolicyID  string    `json:"ip_policy_id"`
	Action      string    `json:"action"`
}

func (r *ipPolicyRule) fields() objectFields {
	return objectFields{&r.ID, &r.CreatedAt, &r.Description, &r.Metadata}
}

// policyCIDR is the rule's key among the rules: no two rules of a policy
// share a cidr.
func (r *ipPolicyRule) policyCIDR() string { return r.IPPolicyID + " " + r.CIDR }

type ipPolicyRuleWire struct {
	WireHeader
	CIDR     string  `json:"cidr"`
	IPPolicy refWire `json:"ip_policy"`
	Action   string  `json:"action"`
}

type ipPolicyRuleCreate struct {
	Description string `json:"description"`
	Metadata    string `json:"metadata"`
	CIDR        string `json:"cidr"`
	IPPolicyID  string `json:"ip_policy_id"`
	Action      string `json:"action"`
}

// ipPolicyRuleUpdate is the PATCH body: action and ip_policy_id cannot
// change [real: the spec's update body has neither], so they are unknown
// fields.
type ipPolicyRuleUpdate struct {
	Description *string `json:"description"`
	Metadata    *string `json:"metadata"`
	CIDR        *string `json:"cidr"`
}

var ipPolicyRuleCollection = declare(collectionDecl[ipPolicyRule, ipPolicyRuleWire, ipPolicyRuleCreate, ipPolicyRuleUpdate]{
	name: collIPPolicyRules, noun: "IP policy rule", prefix: prefixIPPolicyRule,
	filter:    "ngrok.IPPolicyRule",
	fields:    (*ipPolicyRule).fields,
	text:      textCodes{errIPRuleDescription, nil},
	removable: ipPolicyRuleRemovable,
	wire: func(r *ipPolicyRule, origin string) ipPolicyRuleWire {
		return ipPolicyRuleWire{
			WireHeader: r.fields().header(origin, collIPPolicyRules),
			CIDR:       r.CIDR,
			IPPolicy:   refWire{ID: r.IPPolicyID, URI: objectURI(origin, collIPPolicies, r.IPPolicyID)},
			Action:     r.Action,
		}
	},
	create: createIPPolicyRule,
	check:  checkIPPolicyRule,
	unique: (*ipPolicyRule).policyCIDR,
	update: updateIPPolicyRule,
})

func createIPPolicyRule(s *Server, in *ipPolicyRuleCreate) (ipPolicyRule, *apiError) {
	if in.IPPolicyID == "" {
		return ipPolicyRule{}, errIPRulePolicy.with()
	}
	if err := checkIDPrefix(in.IPPolicyID, s.edges.ipPolicies.kind()); err != nil {
		return ipPolicyRule{}, err
	}
	cidr, err := canonicalCIDR(in.CIDR)
	if err != nil {
		return ipPolicyRule{}, err
	}
	if in.Action != ipRuleAllow && in.Action != ipRuleDeny {
		return ipPolicyRule{}, errIPRuleAction.with()
	}
	return ipPolicyRule{Description: in.Description, Metadata: in.Metadata, CIDR: cidr, IPPolicyID: in.IPPolicyID, Action: in.Action}, nil
}

func updateIPPolicyRule(_ *Server, in *ipPolicyRuleUpdate, r *ipPolicyRule) *apiError {
	if in.Description == nil && in.Metadata == nil && in.CIDR == nil {
		return errIPRuleEmptyUpdate.with()
	}
	if in.CIDR != nil {
		cidr, err := canonicalCIDR(*in.CIDR)
		if err != nil {
			return err
		}
		r.CIDR = cidr
	}
	assign(&r.Description, in.Description)
	assign(&r.Metadata, in.Metadata)
	return nil
}

// checkIPPolicyRule holds, when a rule is stored, that its policy exists
// and no other rule of the policy has its cidr.
func checkIPPolicyRule(s *Server, r *ipPolicyRule) *apiError {
	if _, ok := s.edges.ipPolicies.rows[r.IPPolicyID]; !ok {
		return errIPRulePolicy.with()
	}
	if id, ok := s.ipRules.idByKeyLocked(r.policyCIDR()); ok && id != r.ID {
		return errIPRuleDuplicate.with(r.CIDR)
	}
	return nil
}

// canonicalCIDR checks a rule's cidr as the real API does (an IPv4 or IPv6
// prefix, with a mask, without host bits) and returns its canonical form.
func canonicalCIDR(raw string) (string, *apiError) {
	if !strings.Contains(raw, "/") {
		if addr, err := netip.ParseAddr(raw); err == nil && addr.Zone() == "" {
			return "", errIPRuleNoMask.with(addr, addr.BitLen())
		}
		return "", errIPRuleCIDR.with(raw)
	}
	p, err := netip.ParsePrefix(raw)
	if err != nil {
		return "", errIPRuleCIDR.with(raw)
	}
	if masked := p.Masked(); masked != p {
		return "", errIPRuleHostBits.with(raw, masked)
	}
	return p.String(), nil
}

// ipPolicyRuleRemovable refuses to delete the only rule of a policy that the
// dashboard IP restriction names.
func ipPolicyRuleRemovable(s *Server, r *ipPolicyRule) *apiError {
	for id, other := range s.ipRules.rows {
		if id != r.ID && other.val.IPPolicyID == r.IPPolicyID {
			return nil
		}
	}
	for id, x := range s.ipRestrictions.rows {
		if x.val.Type == ipRestrictionDashboard && slices.Contains(x.val.IPPolicyIDs, r.IPPolicyID) {
			return errIPRuleOnlyOfDashboardRestriction.with(r.ID, id)
		}
	}
	return nil
}
