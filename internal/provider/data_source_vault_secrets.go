package provider

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	dsschema "github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

var (
	_ datasource.DataSource              = (*vaultSecretsDataSource)(nil)
	_ datasource.DataSourceWithConfigure = (*vaultSecretsDataSource)(nil)
)

// NewVaultSecretsDataSource is ngrok_vault_secrets: the secrets of one
// vault, read from the vault's own list (/vaults/{id}/secrets), each as
// ngrok_secret shows it (never a value: the API has none to give).
func NewVaultSecretsDataSource() datasource.DataSource { return &vaultSecretsDataSource{} }

type vaultSecretsDataSource struct {
	client *apiclient.Client
}

func (d *vaultSecretsDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_vault_secrets"
}

func (d *vaultSecretsDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = dsschema.Schema{
		Description: "Lists the secrets of one vault, newest first, without their values (the API never returns them).",
		Attributes: map[string]dsschema.Attribute{
			"vault_id": dsschema.StringAttribute{
				Description: fmt.Sprintf("ID of the vault (`%s...`).", vaultIDPrefix),
				Required:    true,
				Validators:  []validator.String{idValidator(vaultIDPrefix, "a vault")},
			},
			"secrets": dsschema.ListNestedAttribute{
				Description:  "The vault's secrets, newest first.",
				Computed:     true,
				NestedObject: dsschema.NestedAttributeObject{Attributes: secretType.dataSourceAttributes(false)},
			},
		},
	}
}

func (d *vaultSecretsDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.client = clientFromProviderData(req.ProviderData, &resp.Diagnostics)
}

func (d *vaultSecretsDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var vaultID types.String
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("vault_id"), &vaultID)...)
	if resp.Diagnostics.HasError() {
		return
	}
	items := []tftypes.Value{}
	for s, err := range apiclient.ListVaultSecrets(ctx, d.client, vaultID.ValueString(), nil) {
		if err != nil {
			resp.Diagnostics.Append(apiErrorDiagnostic("Unable to List the Vault's Secrets", err))
			return
		}
		v := secretType.project(ctx, s, &resp.Diagnostics)
		if resp.Diagnostics.HasError() {
			return
		}
		items = append(items, v)
	}
	t := resp.State.Schema.Type().TerraformType(ctx)
	resp.State.Raw = tftypes.NewValue(t, map[string]tftypes.Value{
		"vault_id": tftypes.NewValue(tftypes.String, vaultID.ValueString()),
		"secrets":  tftypes.NewValue(tftypes.List{ElementType: secretType.projectedType(ctx)}, items),
	})
}
