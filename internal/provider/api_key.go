package provider

import (
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// apiKeyType is ngrok_api_key: a key of the ngrok API, with an owner. As
// with credentials (credential.go), the API shows the token once and the
// resource keeps it in the state, sensitive; an imported key has none.
var apiKeyType = &objectType[apiclient.APIKey, apiclient.APIKeyCreate, apiclient.APIKeyUpdate, apiKeyModel]{
	name: "api_key", plural: "api_keys", noun: "API key", nouns: "API keys", article: "an",
	idPrefix: apiKeyIDPrefix, api: apiclient.APIKeys,
	description: "A key of the ngrok API. The API shows the key only when it creates it: the resource keeps it in the " +
		"state as the sensitive `token`, for outputs and other providers. After `terraform import` the token is null, " +
		"since the API cannot show it again. To hand a pipeline a key that never reaches the state, use the ephemeral " +
		"`ngrok_api_key` instead.",
	attributes: func() map[string]schema.Attribute {
		return map[string]schema.Attribute{
			"id":          serverSetAttribute("Identifier of the API key (`ak_...`)."),
			"uri":         serverSetAttribute("API address of the API key."),
			"created_at":  serverSetAttribute("When the API key was created, RFC 3339."),
			"description": descriptionResourceAttribute(),
			"metadata":    metadataResourceAttribute(),
			"owner_id":    ownerIDResourceAttribute("API key"),
			"token":       tokenResourceAttribute("The API key, for the `Authorization: Bearer` header or a provider's `api_key`"),
		}
	},
	resourceOnly: []string{"token"},
	dataSourceDescriptions: map[string]string{
		"owner_id": "ID of the user, service user or bot user that owns the API key.",
	},
	fromAPI: func(k *apiclient.APIKey) (apiKeyModel, error) {
		return apiKeyModel{
			ID: types.StringValue(k.ID), URI: types.StringValue(k.URI), CreatedAt: types.StringValue(k.CreatedAt),
			Description: types.StringValue(k.Description), Metadata: types.StringValue(k.Metadata),
			OwnerID: types.StringPointerValue(k.OwnerID), Token: types.StringPointerValue(k.Token),
		}, nil
	},
	toCreate: func(m apiKeyModel) *apiclient.APIKeyCreate {
		return &apiclient.APIKeyCreate{Description: m.Description.ValueString(), Metadata: m.Metadata.ValueString(),
			OwnerID: knownStringPointer(m.OwnerID)}
	},
	toUpdate: func(m apiKeyModel) *apiclient.APIKeyUpdate {
		return &apiclient.APIKeyUpdate{Description: m.Description.ValueStringPointer(), Metadata: m.Metadata.ValueStringPointer()}
	},
	displayName:   func(k *apiclient.APIKey, _ apiKeyModel) string { return describedAs(k.Description, k.ID) },
	filterExample: "`obj.description.startsWith(\"ci\")`",
	keep: func(prior apiKeyModel, m *apiKeyModel) {
		m.Token = keptToken(prior.Token, m.Token)
	},
	movesFrom: []string{"ngrok_api_key"},
	normalizeState: func(a stateAttrs) error {
		a.nullIfEmpty("uri", "created_at", "owner_id", "token")
		a.emptyIfNull("description", "metadata")
		return nil
	},
}

type apiKeyModel struct {
	ID          types.String `tfsdk:"id"`
	URI         types.String `tfsdk:"uri"`
	CreatedAt   types.String `tfsdk:"created_at"`
	Description types.String `tfsdk:"description"`
	Metadata    types.String `tfsdk:"metadata"`
	OwnerID     types.String `tfsdk:"owner_id"`
	Token       types.String `tfsdk:"token"`
}
