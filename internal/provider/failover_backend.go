package provider

import (
	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/listdefault"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// failoverBackendType is ngrok_failover_backend: traffic goes to the first
// of its backends that can take it.
var failoverBackendType = &objectType[apiclient.FailoverBackend, apiclient.FailoverBackendCreate, apiclient.FailoverBackendUpdate, failoverBackendModel]{
	name: "failover_backend", plural: "failover_backends", noun: "failover backend", nouns: "failover backends",
	article: "a", idPrefix: failoverBackendIDPrefix, api: apiclient.FailoverBackends,
	description: backendDescription("A failover backend of an edge: traffic goes to the first of `backends` that can " +
		"take it, then the next."),
	deprecationMessage: backendsDeprecationMessage,
	attributes: func() map[string]schema.Attribute {
		return backendAttributes("failover backend", failoverBackendIDPrefix, map[string]schema.Attribute{
			"backends": schema.ListAttribute{
				Description: "IDs of the backends to try, in order: backends of this account, of any kind, never this " +
					"one nor one that leads back to it. A backend named here cannot be deleted first. Defaults to none. Changed in place.",
				ElementType: types.StringType,
				Optional:    true,
				Computed:    true,
				Default:     listdefault.StaticValue(types.ListValueMust(types.StringType, nil)),
				Validators:  []validator.List{listvalidator.ValueStringsAre(backendIDValidator())},
			},
		})
	},
	dataSourceDescriptions: map[string]string{
		"backends": "IDs of the backends to try, in order.",
	},
	fromAPI:  failoverBackendModelFromAPI,
	toCreate: failoverBackendModel.toCreate,
	toUpdate: failoverBackendModel.toUpdate,
	displayName: func(b *apiclient.FailoverBackend, _ failoverBackendModel) string {
		return describedAs(b.Description, b.ID)
	},
	movesFrom: []string{"ngrok_failover_backend"},
	normalizeState: func(a stateAttrs) error {
		a.nullIfEmpty("uri", "created_at")
		a.emptyIfNull("description", "metadata")
		a.defaultIfNull("backends", []any{})
		return nil
	},
}

type failoverBackendModel struct {
	ID          types.String `tfsdk:"id"`
	URI         types.String `tfsdk:"uri"`
	CreatedAt   types.String `tfsdk:"created_at"`
	Description types.String `tfsdk:"description"`
	Metadata    types.String `tfsdk:"metadata"`
	Backends    types.List   `tfsdk:"backends"`
}

func failoverBackendModelFromAPI(b *apiclient.FailoverBackend) (failoverBackendModel, error) {
	ids := make([]attr.Value, len(b.Backends))
	for i, id := range b.Backends {
		ids[i] = types.StringValue(id)
	}
	return failoverBackendModel{
		ID:          types.StringValue(b.ID),
		URI:         types.StringValue(b.URI),
		CreatedAt:   types.StringValue(b.CreatedAt),
		Description: types.StringValue(b.Description),
		Metadata:    types.StringValue(b.Metadata),
		Backends:    types.ListValueMust(types.StringType, ids),
	}, nil
}

// backendIDs are the known IDs of the list; nil when it is null or unknown.
func (m failoverBackendModel) backendIDs() []string {
	if m.Backends.IsNull() || m.Backends.IsUnknown() {
		return nil
	}
	ids := make([]string, 0, len(m.Backends.Elements()))
	for _, e := range m.Backends.Elements() {
		if s, ok := e.(types.String); ok && !s.IsNull() && !s.IsUnknown() {
			ids = append(ids, s.ValueString())
		}
	}
	return ids
}

func (m failoverBackendModel) toCreate() *apiclient.FailoverBackendCreate {
	return &apiclient.FailoverBackendCreate{
		Description: m.Description.ValueString(), Metadata: m.Metadata.ValueString(), Backends: m.backendIDs(),
	}
}

func (m failoverBackendModel) toUpdate() *apiclient.FailoverBackendUpdate {
	u := &apiclient.FailoverBackendUpdate{Description: m.Description.ValueStringPointer(), Metadata: m.Metadata.ValueStringPointer()}
	if ids := m.backendIDs(); ids != nil {
		u.Backends = &ids
	}
	return u
}
