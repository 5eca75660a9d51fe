package apiclient

// IPRestriction applies IP policies to one way into the account: the
// dashboard, the API, agents or endpoints.
type IPRestriction struct {
	ID          string `json:"id"`
	URI         string `json:"uri"`
	CreatedAt   string `json:"created_at"`
	Description string `json:"description"`
	Metadata    string `json:"metadata"`
	Enforced    bool   `json:"enforced"`
	Type        string `json:"type"`
	IPPolicies  []Ref  `json:"ip_policies"`
}

// IPRestrictionCreate is the body of a create.
type IPRestrictionCreate struct {
	Description string   `json:"description,omitempty"`
	Metadata    string   `json:"metadata,omitempty"`
	Enforced    bool     `json:"enforced"`
	Type        string   `json:"type"`
	IPPolicyIDs []string `json:"ip_policy_ids"`
}

// IPRestrictionUpdate is the body of an update: nil leaves a field
// unchanged; IPPolicyIDs replaces the list.
type IPRestrictionUpdate struct {
	Description *string  `json:"description,omitempty"`
	Metadata    *string  `json:"metadata,omitempty"`
	Enforced    *bool    `json:"enforced,omitempty"`
	IPPolicyIDs []string `json:"ip_policy_ids,omitempty"`
}

// IPRestrictions is the collection of the account's IP restrictions.
var IPRestrictions = newCollection[IPRestriction, IPRestrictionCreate, IPRestrictionUpdate]("ip_restrictions", "IP restriction",
	func(o *IPRestriction) string { return o.ID })
