package mockserver

import (
	"slices"
	"strings"
	"time"
)

// IP policies (README.md, section IP policies): /ip_policies, a declared
// collection (collection.go) of plain objects, a description and metadata.
// Choices of ours where the real API is silent:
//   - Deleting a policy deletes its rules: a rule belongs to one policy and
//     names it in every answer.
//   - A policy that an IP restriction names cannot be deleted: 409
//     ERR_NGROK_1420 [real code and message; the status is ours, that of a
//     conflict with the current state]. The API reference says that a
//     deleted policy that another object names for traffic restriction acts
//     as one without rules [real]: that is what an HTTPS edge route's IP
//     restriction module does, which keeps naming it.

type ipPolicy struct {
	ID          string    `json:"id"`
	CreatedAt   time.Time `json:"created_at"`
	Description string    `json:"description,omitempty"`
	Metadata    string    `json:"metadata,omitempty"`
}

func (p *ipPolicy) fields() objectFields {
	return objectFields{&p.ID, &p.CreatedAt, &p.Description, &p.Metadata}
}

type ipPolicyWire struct {
	WireHeader
}

type ipPolicyCreate struct {
	Description string `json:"description"`
	Metadata    string `json:"metadata"`
}

var ipPolicyCollection = declare(collectionDecl[ipPolicy, ipPolicyWire, ipPolicyCreate, freeTextUpdate]{
	name: collIPPolicies, noun: "IP policy", prefix: prefixIPPolicy,
	filter: "ngrok.IPPolicy",
	fields: (*ipPolicy).fields,
	wire: func(p *ipPolicy, origin string) ipPolicyWire {
		return ipPolicyWire{p.fields().header(origin, collIPPolicies)}
	},
	create: func(_ *Server, in *ipPolicyCreate) (ipPolicy, *apiError) {
		return ipPolicy{Description: in.Description, Metadata: in.Metadata}, nil
	},
	emptyUpdate: errIPPolicyEmptyUpdate,
	removable:   ipPolicyRemovable,
	removed:     removeRulesOfPolicy,
})

// ipPolicyRemovable refuses to delete a policy that an IP restriction names.
func ipPolicyRemovable(s *Server, p *ipPolicy) *apiError {
	var ids []string
	for id, r := range s.ipRestrictions.rows {
		if slices.Contains(r.val.IPPolicyIDs, p.ID) {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	slices.Sort(ids)
	return errIPPolicyInUse.with(p.ID, strings.Join(ids, ", "))
}

// removeRulesOfPolicy deletes the rules of a deleted policy.
func removeRulesOfPolicy(s *Server, p *ipPolicy) {
	var ids []string
	for id, r := range s.ipRules.rows {
		if r.val.IPPolicyID == p.ID {
			ids = append(ids, id)
		}
	}
	for _, id := range ids {
		s.ipRules.removeLocked(id)
	}
}
