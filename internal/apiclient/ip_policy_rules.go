package apiclient

// IPPolicyRule is one CIDR of an IP policy, allowed or denied. Its policy
// and its action are fixed at creation; its CIDR can change.
type IPPolicyRule struct {
	ID          string `json:"id"`
	URI         string `json:"uri"`
	CreatedAt   string `json:"created_at"`
	Description string `json:"description"`
	Metadata    string `json:"metadata"`
	CIDR        string `json:"cidr"`
	IPPolicy    Ref    `json:"ip_policy"`
	Action      string `json:"action"` // allow or deny
}

// IPPolicyRuleCreate is the body of a create.
type IPPolicyRuleCreate struct {
	Description string `json:"description,omitempty"`
	Metadata    string `json:"metadata,omitempty"`
	CIDR        string `json:"cidr"`
	IPPolicyID  string `json:"ip_policy_id"`
	Action      string `json:"action"`
}

// IPPolicyRuleUpdate is the body of an update: nil leaves a field
// unchanged, "" clears a description or metadata.
type IPPolicyRuleUpdate struct {
	Description *string `json:"description,omitempty"`
	Metadata    *string `json:"metadata,omitempty"`
	CIDR        *string `json:"cidr,omitempty"`
}

// IPPolicyRules is the collection of IP policy rules; a list filtered on
// obj.ip_policy.id holds the rules of one policy.
var IPPolicyRules = newCollection[IPPolicyRule, IPPolicyRuleCreate, IPPolicyRuleUpdate]("ip_policy_rules", "IP policy rule",
	func(o *IPPolicyRule) string { return o.ID })
