package mockserver

import "time"

// IP policies (README.md, section IP policies): /ip_policies, a declared
// collection (collection.go) of plain objects, a description and metadata.
// Choices of ours where the real API is silent:
//   - Deleting a policy deletes its rules: a rule belongs to one policy and
//     names it in every answer. The API's documentation says only that a
//     deleted policy that an IP restriction names acts as one without rules
//     [real], which is what the mock does: the HTTPS edge route module keeps
//     naming it.

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
	removed: removeRulesOfPolicy,
})

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
