package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

var (
	_ datasource.DataSource              = (*sshHostCertificateDataSource)(nil)
	_ datasource.DataSourceWithConfigure = (*sshHostCertificateDataSource)(nil)
)

func NewSSHHostCertificateDataSource() datasource.DataSource {
	return &sshHostCertificateDataSource{}
}

type sshHostCertificateDataSource struct {
	client *apiclient.Client
}

func (d *sshHostCertificateDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_ssh_host_certificate"
}

func (d *sshHostCertificateDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "Reads one SSH host certificate by ID, for example to install a certificate that another " +
			"configuration manages on the server it belongs to.",
		Attributes: sshCertificateDataSourceAttributes(sshHostCertKind, true),
	}
}

func (d *sshHostCertificateDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.client = clientFromProviderData(req.ProviderData, &resp.Diagnostics)
}

func (d *sshHostCertificateDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var cfg sshHostCertificateModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}

	cert, err := d.client.GetSSHHostCertificate(ctx, cfg.ID.ValueString())
	if err != nil {
		resp.Diagnostics.Append(apiErrorDiagnostic("Unable to Read SSH Host Certificate", err))
		return
	}
	state, diags := sshHostCertificateModelFromAPI(ctx, cert)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...)
}
