package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

var (
	_ datasource.DataSource              = (*sshCertificateDataSource[sshHostCertificateModel, apiclient.SSHHostCertificateCreate, apiclient.SSHHostCertificate])(nil)
	_ datasource.DataSourceWithConfigure = (*sshCertificateDataSource[sshHostCertificateModel, apiclient.SSHHostCertificateCreate, apiclient.SSHHostCertificate])(nil)
)

func newSSHCertificateDataSource[M, C, A any](ops *sshCertOps[M, C, A]) datasource.DataSource {
	return &sshCertificateDataSource[M, C, A]{ops: ops}
}

// sshCertificateDataSource is the data sources ngrok_ssh_host_certificate
// and ngrok_ssh_user_certificate, as ops says: one certificate by ID.
type sshCertificateDataSource[M, C, A any] struct {
	client *apiclient.Client
	ops    *sshCertOps[M, C, A]
}

func (d *sshCertificateDataSource[M, C, A]) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_" + d.ops.typeName
}

func (d *sshCertificateDataSource[M, C, A]) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: d.ops.dataSource,
		Attributes:  sshCertificateDataSourceAttributes(d.ops.sshCertKind, true),
	}
}

func (d *sshCertificateDataSource[M, C, A]) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.client = clientFromProviderData(req.ProviderData, &resp.Diagnostics)
}

func (d *sshCertificateDataSource[M, C, A]) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var id types.String
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("id"), &id)...)
	if resp.Diagnostics.HasError() {
		return
	}

	cert, err := d.ops.get(d.client, ctx, id.ValueString())
	if err != nil {
		resp.Diagnostics.Append(apiErrorDiagnostic("Unable to Read "+d.ops.title, err))
		return
	}
	state, diags := d.ops.fromAPI(ctx, cert)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...)
}
