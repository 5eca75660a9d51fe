package provider

import (
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/mapvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/mapdefault"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// weightedBackendType is ngrok_weighted_backend: traffic is shared between
// its backends by weight.
var weightedBackendType = &objectType[apiclient.WeightedBackend, apiclient.WeightedBackendCreate, apiclient.WeightedBackendUpdate, weightedBackendModel]{
	name: "weighted_backend", plural: "weighted_backends", noun: "weighted backend", nouns: "weighted backends",
	article: "a", idPrefix: weightedBackendIDPrefix, api: apiclient.WeightedBackends,
	description:        backendDescription("A weighted backend of an edge: traffic is shared between `backends` in proportion to their weights."),
	deprecationMessage: backendsDeprecationMessage,
	attributes: func() map[string]schema.Attribute {
		return backendAttributes("weighted backend", weightedBackendIDPrefix, map[string]schema.Attribute{
			"backends": schema.MapAttribute{
				Description: fmt.Sprintf("Backend ID to weight, %d to %d: backends of this account, of any kind, never "+
					"this one nor one that leads back to it. A backend named here cannot be deleted first. Defaults to none. "+
					"Changed in place.", minBackendWeight, maxBackendWeight),
				ElementType: types.Int64Type,
				Optional:    true,
				Computed:    true,
				Default:     mapdefault.StaticValue(types.MapValueMust(types.Int64Type, nil)),
				Validators: []validator.Map{
					mapvalidator.KeysAre(backendIDValidator()),
					mapvalidator.ValueInt64sAre(int64validator.Between(minBackendWeight, maxBackendWeight)),
				},
			},
		})
	},
	dataSourceDescriptions: map[string]string{
		"backends": "Backend ID to weight.",
	},
	fromAPI:  weightedBackendModelFromAPI,
	toCreate: weightedBackendModel.toCreate,
	toUpdate: weightedBackendModel.toUpdate,
	displayName: func(b *apiclient.WeightedBackend, _ weightedBackendModel) string {
		return describedAs(b.Description, b.ID)
	},
}

type weightedBackendModel struct {
	ID          types.String `tfsdk:"id"`
	URI         types.String `tfsdk:"uri"`
	CreatedAt   types.String `tfsdk:"created_at"`
	Description types.String `tfsdk:"description"`
	Metadata    types.String `tfsdk:"metadata"`
	Backends    types.Map    `tfsdk:"backends"`
}

func weightedBackendModelFromAPI(b *apiclient.WeightedBackend) (weightedBackendModel, error) {
	weights := make(map[string]attr.Value, len(b.Backends))
	for id, w := range b.Backends {
		weights[id] = types.Int64Value(w)
	}
	return weightedBackendModel{
		ID:          types.StringValue(b.ID),
		URI:         types.StringValue(b.URI),
		CreatedAt:   types.StringValue(b.CreatedAt),
		Description: types.StringValue(b.Description),
		Metadata:    types.StringValue(b.Metadata),
		Backends:    types.MapValueMust(types.Int64Type, weights),
	}, nil
}

// weights are the known weights of the map; nil when it is null or unknown.
func (m weightedBackendModel) weights() map[string]int64 {
	if m.Backends.IsNull() || m.Backends.IsUnknown() {
		return nil
	}
	out := make(map[string]int64, len(m.Backends.Elements()))
	for id, e := range m.Backends.Elements() {
		if w, ok := e.(types.Int64); ok && !w.IsNull() && !w.IsUnknown() {
			out[id] = w.ValueInt64()
		}
	}
	return out
}

func (m weightedBackendModel) toCreate() *apiclient.WeightedBackendCreate {
	return &apiclient.WeightedBackendCreate{
		Description: m.Description.ValueString(), Metadata: m.Metadata.ValueString(), Backends: m.weights(),
	}
}

func (m weightedBackendModel) toUpdate() *apiclient.WeightedBackendUpdate {
	u := &apiclient.WeightedBackendUpdate{Description: m.Description.ValueStringPointer(), Metadata: m.Metadata.ValueStringPointer()}
	if w := m.weights(); w != nil {
		u.Backends = &w
	}
	return u
}
