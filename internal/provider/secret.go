package provider

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/resourcevalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// secretType is ngrok_secret: a named value in a vault, which traffic
// policies read with secrets.get("vault", "name"). The API never returns
// the value; given as value_wo (Terraform 1.11 and later) it is in neither
// the plan nor the state, and a new value_wo_version sends a new value in
// place. value, sensitive but stored in the state, is for configurations
// moved from ngrok/ngrok, whose state holds it.
var secretType = &objectType[apiclient.Secret, apiclient.SecretCreate, apiclient.SecretUpdate, secretModel]{
	name: "secret", plural: "secrets", noun: "secret", nouns: "secrets", article: "a",
	idPrefix: secretIDPrefix, api: apiclient.Secrets,
	planned: planSecret,
	description: "A secret: a named value in a vault (`ngrok_vault`), which traffic policies read with " +
		"`${secrets.get(\"vault-name\", \"secret-name\")}`. The API never returns the value. Give it as `value_wo` " +
		"(Terraform 1.11 and later) to keep it out of the plan and the state, and change `value_wo_version` to send a " +
		"new value, in place. `value` (stored in the state, marked sensitive) is for configurations moved from " +
		"ngrok/ngrok. Moving the secret to another vault replaces it.",
	attributes:   secretAttributes,
	resourceOnly: []string{"value", "value_wo_version"},
	dataSourceDescriptions: map[string]string{
		"name":     "Name of the secret, unique in its vault.",
		"vault_id": "ID of the vault that holds the secret.",
	},
	fromAPI:  secretModelFromAPI,
	toCreate: secretModel.toCreate,
	toUpdate: secretModel.toUpdate,
	displayName: func(s *apiclient.Secret, _ secretModel) string {
		return describedAs(s.Description, s.VaultName+"/"+s.Name)
	},
	filterExample: "`obj.name.startsWith(\"db\")`",
	// NOTE: the API's filter of secrets does not take their vault
	// (docs api/api-filtering.mdx), so the provider narrows by it.
	listArgs: []listArg{{
		name:        "vault_id",
		description: "Lists only the secrets of this vault (`vault_...`), with any `filter` as well.",
		validators:  []validator.String{idValidator(vaultIDPrefix, "a vault")},
		matches: func(obj any, id string) bool {
			s, ok := obj.(*apiclient.Secret)
			return ok && s.Vault.ID == id
		},
	}},
	natural: &naturalKeyImport{name: "vault name and name", examples: "prod-vault/db-password", check: checkSecretKey, resolve: secretIDByKey},
	configValidators: []resource.ConfigValidator{
		resourcevalidator.ExactlyOneOf(path.MatchRoot("value"), path.MatchRoot("value_wo")),
		resourcevalidator.RequiredTogether(path.MatchRoot("value_wo"), path.MatchRoot("value_wo_version")),
		writeOnlyAlternative{"value"},
		resourcevalidator.Conflicting(path.MatchRoot("value"), path.MatchRoot("value_wo_version")),
	},
	fromConfig: func(plan *secretModel, config secretModel) { plan.ValueWO = config.ValueWO },
	keep: func(prior secretModel, m *secretModel) {
		m.Value, m.ValueWOVersion = prior.Value, prior.ValueWOVersion
	},
	movesFrom: []string{"ngrok_secret"},
	normalizeState: func(a stateAttrs) error {
		a.nullIfEmpty("uri", "created_at", "updated_at", "created_by_id", "last_updated_by_id", "value")
		a.emptyIfNull("description", "metadata")
		return nil
	},
}

// maxSecretValueBytes bounds a secret's value. NOTE: ngrok documents a
// limit (ERR_NGROK_24004) without its value; 16384 is the mock's.
const maxSecretValueBytes = 16384

func secretAttributes() map[string]schema.Attribute {
	valueValidators := []validator.String{stringvalidator.LengthBetween(1, maxSecretValueBytes)}
	return map[string]schema.Attribute{
		"id":          serverSetAttribute("Identifier of the secret (`secret_...`)."),
		"uri":         serverSetAttribute("API address of the secret."),
		"created_at":  serverSetAttribute("When the secret was created, RFC 3339."),
		"updated_at":  schema.StringAttribute{Description: "When the secret was last changed, RFC 3339.", Computed: true},
		"description": descriptionResourceAttribute(),
		"metadata":    metadataResourceAttribute(),
		"name": schema.StringAttribute{
			Description: fmt.Sprintf("Name of the secret, unique in its vault, as traffic policies name it: up to %d of the "+
				"characters `a-z`, `A-Z`, `0-9`, `_`, `/`, `.` and `-`. Changed in place.", maxVaultNameLength),
			Required:   true,
			Validators: vaultNameValidators(),
		},
		"vault_id": schema.StringAttribute{
			Description:   fmt.Sprintf("ID of the vault that holds the secret (`%s...`). Changing it replaces the secret.", vaultIDPrefix),
			Required:      true,
			Validators:    []validator.String{idValidator(vaultIDPrefix, "a vault")},
			PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
		},
		"vault_name": schema.StringAttribute{Description: "Name of the vault that holds the secret.", Computed: true},
		"value_wo": schema.StringAttribute{
			Description: fmt.Sprintf("Value of the secret, write-only (Terraform 1.11 and later): sent to the API, never stored "+
				"in the plan or the state. Requires `value_wo_version`. Exactly one of `value_wo` and `value` is required. "+
				"At most %d bytes.", maxSecretValueBytes),
			Optional:   true,
			Sensitive:  true,
			WriteOnly:  true,
			Validators: valueValidators,
		},
		"value_wo_version": schema.Int64Attribute{
			Description: "Version of `value_wo`, required with it. Terraform cannot see a change of a write-only value: " +
				"change the version to send the current `value_wo`, which updates the secret in place.",
			Optional: true,
		},
		"value": schema.StringAttribute{
			Description: "Value of the secret, stored in the state (marked sensitive). For configurations moved from " +
				"ngrok/ngrok, whose state holds it; prefer `value_wo`. Changed in place.",
			Optional:   true,
			Sensitive:  true,
			Validators: valueValidators,
		},
		"created_by_id":      serverSetAttribute("ID of the user or bot that created the secret."),
		"last_updated_by_id": schema.StringAttribute{Description: "ID of the user or bot that last changed the secret.", Computed: true},
	}
}

type secretModel struct {
	ID              types.String `tfsdk:"id"`
	URI             types.String `tfsdk:"uri"`
	CreatedAt       types.String `tfsdk:"created_at"`
	UpdatedAt       types.String `tfsdk:"updated_at"`
	Description     types.String `tfsdk:"description"`
	Metadata        types.String `tfsdk:"metadata"`
	Name            types.String `tfsdk:"name"`
	VaultID         types.String `tfsdk:"vault_id"`
	VaultName       types.String `tfsdk:"vault_name"`
	ValueWO         types.String `tfsdk:"value_wo"`
	ValueWOVersion  types.Int64  `tfsdk:"value_wo_version"`
	Value           types.String `tfsdk:"value"`
	CreatedByID     types.String `tfsdk:"created_by_id"`
	LastUpdatedByID types.String `tfsdk:"last_updated_by_id"`
}

// secretModelFromAPI maps the API object onto the model; the value, which
// the API never returns, is null (keep restores what the state holds).
func secretModelFromAPI(s *apiclient.Secret) (secretModel, error) {
	return secretModel{
		ID:              types.StringValue(s.ID),
		URI:             types.StringValue(s.URI),
		CreatedAt:       types.StringValue(s.CreatedAt),
		UpdatedAt:       types.StringValue(s.UpdatedAt),
		Description:     types.StringValue(s.Description),
		Metadata:        types.StringValue(s.Metadata),
		Name:            types.StringValue(s.Name),
		VaultID:         types.StringValue(s.Vault.ID),
		VaultName:       types.StringValue(s.VaultName),
		ValueWO:         types.StringNull(),
		ValueWOVersion:  types.Int64Null(),
		Value:           types.StringNull(),
		CreatedByID:     types.StringValue(s.CreatedBy.ID),
		LastUpdatedByID: types.StringValue(s.LastUpdatedBy.ID),
	}, nil
}

// value is the value to send: the write-only one when given.
func (m secretModel) value() string {
	if !m.ValueWO.IsNull() {
		return m.ValueWO.ValueString()
	}
	return m.Value.ValueString()
}

func (m secretModel) toCreate() *apiclient.SecretCreate {
	return &apiclient.SecretCreate{
		Name: m.Name.ValueString(), Value: m.value(), VaultID: m.VaultID.ValueString(),
		Description: m.Description.ValueString(), Metadata: m.Metadata.ValueString(),
	}
}

// toUpdate sends the value with every update.
//
// NOTE: an update runs only when the plan differs from the state, and the
// value is what most often differs (a new value_wo_version, or value);
// the machinery hands toUpdate the plan alone, and sending the same value
// again changes nothing but updated_at, which an update changes anyway.
func (m secretModel) toUpdate() *apiclient.SecretUpdate {
	value := m.value()
	return &apiclient.SecretUpdate{
		Name: m.Name.ValueStringPointer(), Value: &value,
		Description: m.Description.ValueStringPointer(), Metadata: m.Metadata.ValueStringPointer(),
	}
}

// checkSecretKey checks a natural key, vault_name/name: the vault's name
// may hold "/", so the secret's name is what follows the last one.
func checkSecretKey(key string) error {
	vault, name, ok := splitSecretKey(key)
	if !ok || checkVaultName(vault) != nil || checkVaultName(name) != nil || strings.Contains(name, "/") {
		return errors.New("expected the vault's name and the secret's name joined by \"/\"")
	}
	return nil
}

func splitSecretKey(key string) (vault, name string, ok bool) {
	i := strings.LastIndex(key, "/")
	if i <= 0 || i == len(key)-1 {
		return "", "", false
	}
	return key[:i], key[i+1:], true
}

// secretIDByKey resolves vault_name/name with one filtered list.
func secretIDByKey(ctx context.Context, client *apiclient.Client, key string, diags *diag.Diagnostics) string {
	vault, name, _ := splitSecretKey(key)
	k := naturalKey{
		noun: "secret", title: "Secret", keyName: "vault name and name", keyTitle: "Name", key: key,
		// NOTE: the API's filter of secrets takes their name, not their
		// vault's (docs api/api-filtering.mdx): the vault is matched here.
		filter: "obj.name == " + celString(name),
		notFoundHint: "Check both names (they are case-sensitive; a secret's name holds no \"/\"), or import by ID (" +
			secretIDPrefix + "...), which the ngrok_vault_secrets data source shows.",
	}
	return resolveNaturalKey(k, apiclient.Secrets.List(ctx, client, &apiclient.ListOptions{Filter: k.filter}),
		apiclient.Secrets.ID, func(s *apiclient.Secret) bool { return s.VaultName == vault && s.Name == name }, diags)
}
