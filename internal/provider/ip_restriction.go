package provider

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// ipRestrictionType is ngrok_ip_restriction: IP policies applied to one way
// into the account (the dashboard, the API, agents or endpoints). One per
// type; the type cannot change.
var ipRestrictionType = &objectType[apiclient.IPRestriction, apiclient.IPRestrictionCreate, apiclient.IPRestrictionUpdate, ipRestrictionModel]{
	name: "ip_restriction", plural: "ip_restrictions", noun: "IP restriction", nouns: "IP restrictions", article: "an",
	idPrefix: ipRestrictionIDPrefix, api: apiclient.IPRestrictions,
	description: "An IP restriction of the account: the IP policies (`ngrok_ip_policy`) that decide from which addresses " +
		"the dashboard, the API, agents or endpoints may be used. An account has at most one restriction of each `type`. " +
		"Until `enforced` is true a restriction only warns.\n\n" +
		"**Warning:** an enforced `api` restriction applies to this provider too. If its policies do not allow the " +
		"address Terraform runs from, every later request fails with `ERR_NGROK_220`, including the refresh and " +
		"the delete that would undo it: only the dashboard (or another address) can. Apply it first with " +
		"`enforced = false`, check the addresses, then enforce. ngrok-mock enforces it too, against the caller's " +
		"address, so that you can see the lock-out offline; its control API (`DELETE /_mock/objects/ip_restrictions/{id}`) undoes it.",
	attributes: func() map[string]schema.Attribute {
		return map[string]schema.Attribute{
			"id":          serverSetAttribute("Identifier of the IP restriction (`ipx_...`)."),
			"uri":         serverSetAttribute("API address of the IP restriction."),
			"created_at":  serverSetAttribute("When the IP restriction was created, RFC 3339."),
			"description": descriptionResourceAttribute(),
			"metadata":    metadataResourceAttribute(),
			"type": schema.StringAttribute{
				Description: fmt.Sprintf("What the restriction applies to: %s. One restriction per type. Changing it replaces "+
					"the restriction.", quotedList(ipRestrictionTypes)),
				Required:      true,
				Validators:    []validator.String{stringvalidator.OneOf(ipRestrictionTypes...)},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"enforced": schema.BoolAttribute{
				Description: "Whether the restriction is enforced; when false, addresses its policies do not allow are " +
					"only warned. Defaults to `false`. See the warning above before enforcing an `api` restriction.",
				Optional: true,
				Computed: true,
				Default:  booldefault.StaticBool(false),
			},
			"ip_policy_ids": schema.ListAttribute{
				Description: "IDs of the IP policies (`ipp_...`) whose rules decide, at least one, each listed once. Changed in place.",
				ElementType: types.StringType,
				Required:    true,
				Validators: []validator.List{
					listvalidator.SizeAtLeast(1),
					listvalidator.UniqueValues(),
					listvalidator.ValueStringsAre(idValidator(ipPolicyIDPrefix, "an IP policy")),
				},
			},
		}
	},
	dataSourceDescriptions: map[string]string{
		"type":          "What the restriction applies to: " + quotedList(ipRestrictionTypes) + ".",
		"enforced":      "Whether the restriction is enforced.",
		"ip_policy_ids": "IDs of the IP policies whose rules decide.",
	},
	fromAPI:  ipRestrictionModelFromAPI,
	toCreate: ipRestrictionModel.toCreate,
	toUpdate: ipRestrictionModel.toUpdate,
	displayName: func(x *apiclient.IPRestriction, _ ipRestrictionModel) string {
		return describedAs(x.Description, x.Type)
	},
	filterExample: "`obj.description.startsWith(\"office\")`",
	movesFrom:     []string{"ngrok_ip_restriction"},
	normalizeState: func(a stateAttrs) error {
		a.nullIfEmpty("uri", "created_at")
		a.emptyIfNull("description", "metadata")
		a.defaultIfNull("enforced", false)
		return nil
	},
}

// Types of IP restriction.
var ipRestrictionTypes = []string{"dashboard", "api", "agent", "endpoints"}

type ipRestrictionModel struct {
	ID          types.String `tfsdk:"id"`
	URI         types.String `tfsdk:"uri"`
	CreatedAt   types.String `tfsdk:"created_at"`
	Description types.String `tfsdk:"description"`
	Metadata    types.String `tfsdk:"metadata"`
	Type        types.String `tfsdk:"type"`
	Enforced    types.Bool   `tfsdk:"enforced"`
	IPPolicyIDs types.List   `tfsdk:"ip_policy_ids"`
}

func ipRestrictionModelFromAPI(x *apiclient.IPRestriction) (ipRestrictionModel, error) {
	ids := make([]attr.Value, len(x.IPPolicies))
	for i, p := range x.IPPolicies {
		ids[i] = types.StringValue(p.ID)
	}
	return ipRestrictionModel{
		ID:          types.StringValue(x.ID),
		URI:         types.StringValue(x.URI),
		CreatedAt:   types.StringValue(x.CreatedAt),
		Description: types.StringValue(x.Description),
		Metadata:    types.StringValue(x.Metadata),
		Type:        types.StringValue(x.Type),
		Enforced:    types.BoolValue(x.Enforced),
		IPPolicyIDs: types.ListValueMust(types.StringType, ids),
	}, nil
}

func (m ipRestrictionModel) policyIDs() []string {
	var ids []string
	_ = m.IPPolicyIDs.ElementsAs(context.Background(), &ids, false)
	return ids
}

func (m ipRestrictionModel) toCreate() *apiclient.IPRestrictionCreate {
	return &apiclient.IPRestrictionCreate{
		Description: m.Description.ValueString(),
		Metadata:    m.Metadata.ValueString(),
		Enforced:    m.Enforced.ValueBool(),
		Type:        m.Type.ValueString(),
		IPPolicyIDs: m.policyIDs(),
	}
}

func (m ipRestrictionModel) toUpdate() *apiclient.IPRestrictionUpdate {
	return &apiclient.IPRestrictionUpdate{
		Description: m.Description.ValueStringPointer(),
		Metadata:    m.Metadata.ValueStringPointer(),
		Enforced:    m.Enforced.ValueBoolPointer(),
		IPPolicyIDs: m.policyIDs(),
	}
}
