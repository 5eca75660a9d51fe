package provider

import (
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-validators/mapvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/mapdefault"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// tunnelGroupBackendType is ngrok_tunnel_group_backend: the agents' tunnels
// whose labels match serve it. Deprecated with edges (backend.go).
var tunnelGroupBackendType = &objectType[apiclient.TunnelGroupBackend, apiclient.TunnelGroupBackendCreate, apiclient.TunnelGroupBackendUpdate, tunnelGroupBackendModel]{
	name: "tunnel_group_backend", plural: "tunnel_group_backends", noun: "tunnel group backend", nouns: "tunnel group backends",
	article: "a", idPrefix: tunnelGroupBackendIDPrefix, api: apiclient.TunnelGroupBackends,
	description: backendDescription("A tunnel group backend of an edge: traffic goes to the agents' tunnels whose labels " +
		"match `labels`."),
	deprecationMessage: backendsDeprecationMessage,
	attributes: func() map[string]schema.Attribute {
		labelPart := []validator.String{
			stringvalidator.LengthAtLeast(1),
			stringvalidator.RegexMatches(regexp.MustCompile(`^[^=]*$`), "must not contain '='"),
		}
		return backendAttributes("tunnel group backend", tunnelGroupBackendIDPrefix, map[string]schema.Attribute{
			"labels": schema.MapAttribute{
				Description: "Labels a tunnel must carry to serve the backend, name to value (agents start labeled " +
					"tunnels with `--label name=value`); neither may be empty or contain `=`. Defaults to none. Changed in place.",
				ElementType: types.StringType,
				Optional:    true,
				Computed:    true,
				Default:     mapdefault.StaticValue(types.MapValueMust(types.StringType, nil)),
				Validators:  []validator.Map{mapvalidator.KeysAre(labelPart...), mapvalidator.ValueStringsAre(labelPart...)},
			},
			"tunnels": schema.ListAttribute{
				Description: "The tunnels that serve the backend now, as ngrok reports them: each an `id` (`tn_...`) and a `uri`.",
				ElementType: types.ObjectType{AttrTypes: refAttrTypes},
				Computed:    true,
			},
		})
	},
	dataSourceDescriptions: map[string]string{
		"labels": "Labels a tunnel must carry to serve the backend, name to value.",
	},
	fromAPI:  tunnelGroupBackendModelFromAPI,
	toCreate: tunnelGroupBackendModel.toCreate,
	toUpdate: tunnelGroupBackendModel.toUpdate,
	displayName: func(b *apiclient.TunnelGroupBackend, _ tunnelGroupBackendModel) string {
		return describedAs(b.Description, b.ID)
	},
	movesFrom: []string{"ngrok_tunnel_group_backend"},
	normalizeState: func(a stateAttrs) error {
		a.nullIfEmpty("uri", "created_at")
		a.emptyIfNull("description", "metadata")
		a.defaultIfNull("labels", map[string]any{})
		return nil
	},
}

// refAttrTypes are the attributes of a reference to another object.
var refAttrTypes = map[string]attr.Type{"id": types.StringType, "uri": types.StringType}

type tunnelGroupBackendModel struct {
	ID          types.String `tfsdk:"id"`
	URI         types.String `tfsdk:"uri"`
	CreatedAt   types.String `tfsdk:"created_at"`
	Description types.String `tfsdk:"description"`
	Metadata    types.String `tfsdk:"metadata"`
	Labels      types.Map    `tfsdk:"labels"`
	Tunnels     types.List   `tfsdk:"tunnels"`
}

func tunnelGroupBackendModelFromAPI(b *apiclient.TunnelGroupBackend) (tunnelGroupBackendModel, error) {
	tunnels := make([]attr.Value, len(b.Tunnels))
	for i, t := range b.Tunnels {
		tunnels[i] = types.ObjectValueMust(refAttrTypes, map[string]attr.Value{
			"id": types.StringValue(t.ID), "uri": types.StringValue(t.URI),
		})
	}
	return tunnelGroupBackendModel{
		ID:          types.StringValue(b.ID),
		URI:         types.StringValue(b.URI),
		CreatedAt:   types.StringValue(b.CreatedAt),
		Description: types.StringValue(b.Description),
		Metadata:    types.StringValue(b.Metadata),
		Labels:      stringMapOf(b.Labels),
		Tunnels:     types.ListValueMust(types.ObjectType{AttrTypes: refAttrTypes}, tunnels),
	}, nil
}

func (m tunnelGroupBackendModel) toCreate() *apiclient.TunnelGroupBackendCreate {
	return &apiclient.TunnelGroupBackendCreate{
		Description: m.Description.ValueString(), Metadata: m.Metadata.ValueString(), Labels: moduleMapStrings(m.Labels),
	}
}

func (m tunnelGroupBackendModel) toUpdate() *apiclient.TunnelGroupBackendUpdate {
	u := &apiclient.TunnelGroupBackendUpdate{Description: m.Description.ValueStringPointer(), Metadata: m.Metadata.ValueStringPointer()}
	if labels := moduleMapStrings(m.Labels); labels != nil {
		u.Labels = &labels
	}
	return u
}
