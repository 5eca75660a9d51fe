package apiclient

// IPPolicy is a named group of IP policy rules, which modules such as an
// edge route's IP restriction refer to by ID.
type IPPolicy struct {
	ID          string `json:"id"`
	URI         string `json:"uri"`
	CreatedAt   string `json:"created_at"`
	Description string `json:"description"`
	Metadata    string `json:"metadata"`
}

// IPPolicyCreate is the body of a create.
type IPPolicyCreate struct {
	Description string `json:"description,omitempty"`
	Metadata    string `json:"metadata,omitempty"`
}

// IPPolicyUpdate is the body of an update: nil leaves a field unchanged,
// "" clears it.
type IPPolicyUpdate struct {
	Description *string `json:"description,omitempty"`
	Metadata    *string `json:"metadata,omitempty"`
}

// IPPolicies is the collection of IP policies.
var IPPolicies = newCollection[IPPolicy, IPPolicyCreate, IPPolicyUpdate]("ip_policies", "IP policy",
	func(o *IPPolicy) string { return o.ID })
