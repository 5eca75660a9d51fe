package provider

import (
	"context"
	"errors"
	"fmt"
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// vaultType is ngrok_vault: a named container of secrets (ngrok_secret)
// that traffic policies read with secrets.get("vault", "secret"). Its name
// changes in place; a vault must be empty to be deleted, which Terraform's
// order (secrets first) ensures for the secrets it manages.
var vaultType = &objectType[apiclient.Vault, apiclient.VaultCreate, apiclient.VaultUpdate, vaultModel]{
	name: "vault", plural: "vaults", noun: "vault", nouns: "vaults", article: "a",
	idPrefix: vaultIDPrefix, api: apiclient.Vaults,
	planned: planVault,
	description: "A vault: a named container of secrets (`ngrok_secret`) that traffic policies read with " +
		"`${secrets.get(\"vault-name\", \"secret-name\")}`. The API refuses to delete a vault that holds secrets.",
	attributes: func() map[string]schema.Attribute {
		return map[string]schema.Attribute{
			"id":          serverSetAttribute("Identifier of the vault (`vault_...`)."),
			"uri":         serverSetAttribute("API address of the vault."),
			"created_at":  serverSetAttribute("When the vault was created, RFC 3339."),
			"updated_at":  schema.StringAttribute{Description: "When the vault was last changed, RFC 3339.", Computed: true},
			"description": descriptionResourceAttribute(),
			"metadata":    metadataResourceAttribute(),
			"name": schema.StringAttribute{
				Description: fmt.Sprintf("Name of the vault, unique in the account, as traffic policies name it: up to %d of "+
					"the characters `a-z`, `A-Z`, `0-9`, `_`, `/`, `.` and `-`. Changed in place (policies that name the "+
					"vault by its old name stop finding it).", maxVaultNameLength),
				Required:   true,
				Validators: vaultNameValidators(),
			},
			"created_by":      serverSetAttribute("ID of the user or bot that created the vault."),
			"last_updated_by": schema.StringAttribute{Description: "ID of the user or bot that last changed the vault.", Computed: true},
		}
	},
	dataSourceDescriptions: map[string]string{"name": "Name of the vault, unique in the account."},
	fromAPI:                vaultModelFromAPI,
	toCreate:               vaultModel.toCreate,
	toUpdate:               vaultModel.toUpdate,
	displayName:            func(v *apiclient.Vault, _ vaultModel) string { return describedAs(v.Description, v.Name) },
	filterExample:          "`obj.name.startsWith(\"prod\")`",
	natural: &naturalKeyImport{name: "name", examples: "prod-vault", check: checkVaultName,
		resolve: func(ctx context.Context, client *apiclient.Client, name string, diags *diag.Diagnostics) string {
			k := naturalKey{
				noun: "vault", title: "Vault", keyName: "name", keyTitle: "Name", key: name,
				filter:       "obj.name == " + celString(name),
				notFoundHint: "Check the name (names are case-sensitive), or import by ID (" + vaultIDPrefix + "...).",
			}
			return resolveNaturalKey(k, apiclient.Vaults.List(ctx, client, &apiclient.ListOptions{Filter: k.filter}),
				apiclient.Vaults.ID, func(v *apiclient.Vault) bool { return v.Name == name }, diags)
		}},
	movesFrom: []string{"ngrok_vault"},
	normalizeState: func(a stateAttrs) error {
		a.nullIfEmpty("uri", "created_at", "updated_at", "created_by", "last_updated_by")
		a.emptyIfNull("description", "metadata")
		return nil
	},
}

// maxVaultNameLength bounds vault and secret names. NOTE: ngrok documents
// a limit (ERR_NGROK_23002, 24002) without its value; 64 is the mock's.
const maxVaultNameLength = 64

// vaultNamePattern is the characters of vault and secret names: those of
// ngrok's error documentation (ERR_NGROK_23000), and "-", which ngrok's
// own examples use.
var vaultNamePattern = regexp.MustCompile(`^[a-zA-Z0-9_/.-]+$`)

func vaultNameValidators() []validator.String {
	return []validator.String{
		stringvalidator.LengthBetween(1, maxVaultNameLength),
		stringvalidator.RegexMatches(vaultNamePattern, "must hold only the characters a-z, A-Z, 0-9, _, /, . and -"),
	}
}

func checkVaultName(name string) error {
	if len(name) > maxVaultNameLength || !vaultNamePattern.MatchString(name) {
		return errors.New("a vault name is 1 to 64 of the characters a-z, A-Z, 0-9, _, /, . and -")
	}
	return nil
}

type vaultModel struct {
	ID            types.String `tfsdk:"id"`
	URI           types.String `tfsdk:"uri"`
	CreatedAt     types.String `tfsdk:"created_at"`
	UpdatedAt     types.String `tfsdk:"updated_at"`
	Description   types.String `tfsdk:"description"`
	Metadata      types.String `tfsdk:"metadata"`
	Name          types.String `tfsdk:"name"`
	CreatedBy     types.String `tfsdk:"created_by"`
	LastUpdatedBy types.String `tfsdk:"last_updated_by"`
}

func vaultModelFromAPI(v *apiclient.Vault) (vaultModel, error) {
	return vaultModel{
		ID:            types.StringValue(v.ID),
		URI:           types.StringValue(v.URI),
		CreatedAt:     types.StringValue(v.CreatedAt),
		UpdatedAt:     types.StringValue(v.UpdatedAt),
		Description:   types.StringValue(v.Description),
		Metadata:      types.StringValue(v.Metadata),
		Name:          types.StringValue(v.Name),
		CreatedBy:     types.StringValue(v.CreatedBy),
		LastUpdatedBy: types.StringValue(v.LastUpdatedBy),
	}, nil
}

func (m vaultModel) toCreate() *apiclient.VaultCreate {
	return &apiclient.VaultCreate{Name: m.Name.ValueString(), Description: m.Description.ValueString(), Metadata: m.Metadata.ValueString()}
}

func (m vaultModel) toUpdate() *apiclient.VaultUpdate {
	return &apiclient.VaultUpdate{
		Name: m.Name.ValueStringPointer(), Description: m.Description.ValueStringPointer(), Metadata: m.Metadata.ValueStringPointer(),
	}
}
