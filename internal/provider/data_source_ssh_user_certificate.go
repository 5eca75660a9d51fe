package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

var (
	_ datasource.DataSource              = (*sshUserCertificateDataSource)(nil)
	_ datasource.DataSourceWithConfigure = (*sshUserCertificateDataSource)(nil)
)

func NewSSHUserCertificateDataSource() datasource.DataSource {
	return &sshUserCertificateDataSource{}
}

type sshUserCertificateDataSource struct {
	client *apiclient.Client
}

func (d *sshUserCertificateDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_ssh_user_certificate"
}

func (d *sshUserCertificateDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "Reads one SSH user certificate by ID, for example to hand a certificate that another " +
			"configuration manages to the user it belongs to.",
		Attributes: sshUserCertificateDataSourceAttributes(true),
	}
}

func (d *sshUserCertificateDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.client = clientFromProviderData(req.ProviderData, &resp.Diagnostics)
}

func (d *sshUserCertificateDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var cfg sshUserCertificateModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}

	cert, err := d.client.GetSSHUserCertificate(ctx, cfg.ID.ValueString())
	if err != nil {
		resp.Diagnostics.Append(apiErrorDiagnostic("Unable to Read SSH User Certificate", err))
		return
	}
	state, diags := sshUserCertificateModelFromAPI(ctx, cert)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...)
}
