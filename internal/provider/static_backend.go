package provider

import (
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// staticBackendType is ngrok_static_backend: traffic goes to a fixed
// host:port. The API's tls object, which holds only enabled, is the flat
// tls_enabled.
var staticBackendType = &objectType[apiclient.StaticBackend, apiclient.StaticBackendCreate, apiclient.StaticBackendUpdate, staticBackendModel]{
	name: "static_backend", plural: "static_backends", noun: "static backend", nouns: "static backends",
	article: "a", idPrefix: staticBackendIDPrefix, api: apiclient.StaticBackends,
	description:        backendDescription("A static backend of an edge: traffic goes to a fixed `address`, over TLS when `tls_enabled`."),
	deprecationMessage: backendsDeprecationMessage,
	attributes: func() map[string]schema.Attribute {
		return backendAttributes("static backend", staticBackendIDPrefix, map[string]schema.Attribute{
			"address": schema.StringAttribute{
				Description: "Where traffic goes: host:port, for example `example.com:443`. Changed in place.",
				Required:    true,
				Validators:  []validator.String{hostPortValidator{}},
			},
			"tls_enabled": schema.BoolAttribute{
				Description: "Whether ngrok speaks TLS to `address`. Defaults to `false`. Changed in place.",
				Optional:    true,
				Computed:    true,
				Default:     booldefault.StaticBool(false),
			},
		})
	},
	dataSourceDescriptions: map[string]string{
		"address":     "Where traffic goes: host:port.",
		"tls_enabled": "Whether ngrok speaks TLS to `address`.",
	},
	fromAPI:  staticBackendModelFromAPI,
	toCreate: staticBackendModel.toCreate,
	toUpdate: staticBackendModel.toUpdate,
	displayName: func(b *apiclient.StaticBackend, _ staticBackendModel) string {
		return describedAs(b.Description, b.Address)
	},
}

type staticBackendModel struct {
	ID          types.String `tfsdk:"id"`
	URI         types.String `tfsdk:"uri"`
	CreatedAt   types.String `tfsdk:"created_at"`
	Description types.String `tfsdk:"description"`
	Metadata    types.String `tfsdk:"metadata"`
	Address     types.String `tfsdk:"address"`
	TLSEnabled  types.Bool   `tfsdk:"tls_enabled"`
}

func staticBackendModelFromAPI(b *apiclient.StaticBackend) (staticBackendModel, error) {
	return staticBackendModel{
		ID:          types.StringValue(b.ID),
		URI:         types.StringValue(b.URI),
		CreatedAt:   types.StringValue(b.CreatedAt),
		Description: types.StringValue(b.Description),
		Metadata:    types.StringValue(b.Metadata),
		Address:     types.StringValue(b.Address),
		TLSEnabled:  types.BoolValue(b.TLS.Enabled),
	}, nil
}

func (m staticBackendModel) toCreate() *apiclient.StaticBackendCreate {
	return &apiclient.StaticBackendCreate{
		Description: m.Description.ValueString(), Metadata: m.Metadata.ValueString(),
		Address: m.Address.ValueString(), TLS: &apiclient.StaticBackendTLS{Enabled: m.TLSEnabled.ValueBool()},
	}
}

func (m staticBackendModel) toUpdate() *apiclient.StaticBackendUpdate {
	return &apiclient.StaticBackendUpdate{
		Description: m.Description.ValueStringPointer(), Metadata: m.Metadata.ValueStringPointer(),
		Address: m.Address.ValueStringPointer(), TLS: &apiclient.StaticBackendTLS{Enabled: m.TLSEnabled.ValueBool()},
	}
}
