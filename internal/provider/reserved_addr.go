package provider

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// reservedAddrType is ngrok_reserved_addr: a reserved TCP address
// (host:port), assigned by ngrok, on which a tcp:// cloud endpoint
// (ngrok_cloud_endpoint) listens. ngrok/ngrok v0.7.0 calls it
// ngrok_reserved_addr and v0.8.0 ngrok_tcp_address; both move here.
var reservedAddrType = &objectType[apiclient.ReservedAddr, apiclient.ReservedAddrCreate, apiclient.ReservedAddrUpdate, reservedAddrModel]{
	name: "reserved_addr", plural: "reserved_addrs", noun: "reserved address", nouns: "reserved addresses", article: "a",
	idPrefix: reservedAddrIDPrefix, api: apiclient.ReservedAddrs,
	description: "A reserved TCP address: a `host:port` that ngrok assigns to the account (`addr`) and keeps for it, so that " +
		"a TCP service keeps its address. A public `tcp://` cloud endpoint must be on one: set its `url` to " +
		"`\"tcp://${ngrok_reserved_addr.x.addr}\"`. ngrok/ngrok calls it `ngrok_reserved_addr` (v0.7) and " +
		"`ngrok_tcp_address` (v0.8): `moved` blocks from either name take over their state.",
	attributes: func() map[string]schema.Attribute {
		return map[string]schema.Attribute{
			"id":                  serverSetAttribute("Identifier of the reserved address (`ra_...`)."),
			"uri":                 serverSetAttribute("API address of the reserved address."),
			"created_at":          serverSetAttribute("When the address was reserved, RFC 3339."),
			"description":         descriptionResourceAttribute(),
			"metadata":            metadataResourceAttribute(),
			"addr":                serverSetAttribute("The address ngrok assigned, `host:port`, such as `1.tcp.ngrok.io:21345`; it never changes."),
			"deletion_protection": deletionProtectionAttribute("reserved address", "address"),
			"region": schema.StringAttribute{
				Description: fmt.Sprintf("The region the address is reserved in: %s. Defaults to the API's choice (`us`). "+
					"Changing it replaces the address, which gets a new `addr`.", quotedList(reservedDomainRegions)),
				Optional:   true,
				Computed:   true,
				Validators: []validator.String{stringvalidator.OneOf(reservedDomainRegions...)},
				PlanModifiers: []planmodifier.String{
					stringplanmodifier.UseStateForUnknown(),
					stringplanmodifier.RequiresReplaceIfConfigured(),
				},
			},
		}
	},
	resourceOnly:           []string{"deletion_protection"},
	dataSourceDescriptions: map[string]string{"region": "The region the address is reserved in."},
	fromAPI:                reservedAddrModelFromAPI,
	toCreate:               reservedAddrModel.toCreate,
	toUpdate:               reservedAddrModel.toUpdate,
	displayName:            func(a *apiclient.ReservedAddr, _ reservedAddrModel) string { return describedAs(a.Description, a.Addr) },
	filterExample:          "`obj.region == \"eu\"`",
	movesFrom:              []string{"ngrok_reserved_addr", "ngrok_tcp_address"},
	modifyPlan: func(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
		refuseProtectedDeletion(ctx, req, resp, "reserved address", "addr", "region")
	},
	keep: func(prior reservedAddrModel, m *reservedAddrModel) {
		if !prior.DeletionProtection.IsNull() && !prior.DeletionProtection.IsUnknown() {
			m.DeletionProtection = prior.DeletionProtection
		}
	},
	normalizeState: func(a stateAttrs) error {
		a.defaultIfNull("deletion_protection", false)
		a.nullIfEmpty("uri", "created_at")
		a.emptyIfNull("description", "metadata")
		// NOTE: v0.7.0's endpoint_configuration_id (edges, deprecated) is
		// not in this schema and is dropped.
		return nil
	},
}

type reservedAddrModel struct {
	ID          types.String `tfsdk:"id"`
	URI         types.String `tfsdk:"uri"`
	CreatedAt   types.String `tfsdk:"created_at"`
	Description types.String `tfsdk:"description"`
	Metadata    types.String `tfsdk:"metadata"`
	Addr        types.String `tfsdk:"addr"`
	Region      types.String `tfsdk:"region"`
	// DeletionProtection is the provider's, never the API's.
	DeletionProtection types.Bool `tfsdk:"deletion_protection"`
}

func reservedAddrModelFromAPI(a *apiclient.ReservedAddr) (reservedAddrModel, error) {
	return reservedAddrModel{
		ID:                 types.StringValue(a.ID),
		URI:                types.StringValue(a.URI),
		CreatedAt:          types.StringValue(a.CreatedAt),
		Description:        types.StringValue(a.Description),
		Metadata:           types.StringValue(a.Metadata),
		Addr:               types.StringValue(a.Addr),
		Region:             types.StringValue(a.Region),
		DeletionProtection: types.BoolValue(false),
	}, nil
}

func (m reservedAddrModel) toCreate() *apiclient.ReservedAddrCreate {
	return &apiclient.ReservedAddrCreate{Description: m.Description.ValueString(), Metadata: m.Metadata.ValueString(), Region: m.Region.ValueString()}
}

func (m reservedAddrModel) toUpdate() *apiclient.ReservedAddrUpdate {
	return &apiclient.ReservedAddrUpdate{Description: m.Description.ValueStringPointer(), Metadata: m.Metadata.ValueStringPointer()}
}
