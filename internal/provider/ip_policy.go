package provider

import (
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// ipPolicyType is ngrok_ip_policy: a named group of allow and deny rules
// (ngrok_ip_policy_rule) that modules such as an edge route's IP
// restriction refer to.
var ipPolicyType = &objectType[apiclient.IPPolicy, apiclient.IPPolicyCreate, apiclient.IPPolicyUpdate, ipPolicyModel]{
	name: "ip_policy", plural: "ip_policies", noun: "IP policy", nouns: "IP policies", article: "an",
	idPrefix: ipPolicyIDPrefix, api: apiclient.IPPolicies,
	description: "An IP policy: a named group of CIDR rules (`ngrok_ip_policy_rule`) that allow or deny source IPs, " +
		"for `ngrok_ip_restriction`, `ngrok_https_edge_route_ip_restriction` and other modules that take IP policy IDs.\n\n" +
		"A policy that an `ngrok_ip_restriction` names cannot be deleted (`ERR_NGROK_1420`). When a policy leaves " +
		"the configuration while a restriction stays and stops naming it, Terraform deletes the policy *before* it " +
		"updates the restriction, and the delete is refused. Give policies that restrictions use " +
		"`lifecycle { create_before_destroy = true }` (from the apply that creates them: Terraform remembers it in " +
		"the state), which makes Terraform update the restriction first; or drop the policy from `ip_policy_ids` " +
		"in one apply and delete it in the next.",
	attributes: func() map[string]schema.Attribute {
		return map[string]schema.Attribute{
			"id":          serverSetAttribute("Identifier of the IP policy (`ipp_...`)."),
			"uri":         serverSetAttribute("API address of the IP policy."),
			"created_at":  serverSetAttribute("When the IP policy was created, RFC 3339."),
			"description": descriptionResourceAttribute(),
			"metadata":    metadataResourceAttribute(),
		}
	},
	fromAPI:       ipPolicyModelFromAPI,
	toCreate:      ipPolicyModel.toCreate,
	toUpdate:      ipPolicyModel.toUpdate,
	displayName:   func(p *apiclient.IPPolicy, _ ipPolicyModel) string { return describedAs(p.Description, p.ID) },
	filterExample: "`obj.description.startsWith(\"office\")`",
	movesFrom:     []string{"ngrok_ip_policy"},
	normalizeState: func(a stateAttrs) error {
		a.nullIfEmpty("uri", "created_at")
		a.emptyIfNull("description", "metadata")
		return nil
	},
}

type ipPolicyModel struct {
	ID          types.String `tfsdk:"id"`
	URI         types.String `tfsdk:"uri"`
	CreatedAt   types.String `tfsdk:"created_at"`
	Description types.String `tfsdk:"description"`
	Metadata    types.String `tfsdk:"metadata"`
}

func ipPolicyModelFromAPI(p *apiclient.IPPolicy) (ipPolicyModel, error) {
	return ipPolicyModel{
		ID:          types.StringValue(p.ID),
		URI:         types.StringValue(p.URI),
		CreatedAt:   types.StringValue(p.CreatedAt),
		Description: types.StringValue(p.Description),
		Metadata:    types.StringValue(p.Metadata),
	}, nil
}

func (m ipPolicyModel) toCreate() *apiclient.IPPolicyCreate {
	return &apiclient.IPPolicyCreate{Description: m.Description.ValueString(), Metadata: m.Metadata.ValueString()}
}

func (m ipPolicyModel) toUpdate() *apiclient.IPPolicyUpdate {
	return &apiclient.IPPolicyUpdate{Description: m.Description.ValueStringPointer(), Metadata: m.Metadata.ValueStringPointer()}
}
