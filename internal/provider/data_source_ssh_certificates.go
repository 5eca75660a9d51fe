package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

var (
	_ datasource.DataSource              = (*sshCertificatesDataSource[sshHostCertificateModel, apiclient.SSHHostCertificateCreate, apiclient.SSHHostCertificate])(nil)
	_ datasource.DataSourceWithConfigure = (*sshCertificatesDataSource[sshHostCertificateModel, apiclient.SSHHostCertificateCreate, apiclient.SSHHostCertificate])(nil)
)

func newSSHCertificatesDataSource[M, C, A any](ops *sshCertOps[M, C, A]) datasource.DataSource {
	return &sshCertificatesDataSource[M, C, A]{ops: ops}
}

// sshCertificatesDataSource is the data sources ngrok_ssh_host_certificates
// and ngrok_ssh_user_certificates, as ops says: every certificate of the
// kind, optionally only one authority's.
type sshCertificatesDataSource[M, C, A any] struct {
	client *apiclient.Client
	ops    *sshCertOps[M, C, A]
}

func (d *sshCertificatesDataSource[M, C, A]) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_" + d.ops.listTypeName()
}

func (d *sshCertificatesDataSource[M, C, A]) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "Lists the account's SSH " + d.ops.noun + "s, newest first, optionally only those of one authority.",
		Attributes: map[string]schema.Attribute{
			"ssh_certificate_authority_id": schema.StringAttribute{
				// NOTE: the API filters no certificate list (only reserved
				// domains, authorities and endpoints), so this argument is
				// applied here, to the whole list the API returns.
				Description: "Only the certificates this authority signed. The API cannot filter certificates, " +
					"so the provider reads them all and keeps the matching ones.",
				Optional:   true,
				Validators: []validator.String{idValidator(sshCertificateAuthorityIDPrefix, "an SSH certificate authority")},
			},
			d.ops.listAttribute(): schema.ListNestedAttribute{
				Description: "The " + d.ops.noun + "s, newest first.",
				Computed:    true,
				NestedObject: schema.NestedAttributeObject{
					Attributes: sshCertificateDataSourceAttributes(d.ops.sshCertKind, false),
				},
			},
		},
	}
}

func (d *sshCertificatesDataSource[M, C, A]) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.client = clientFromProviderData(req.ProviderData, &resp.Diagnostics)
}

func (d *sshCertificatesDataSource[M, C, A]) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var caID types.String
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("ssh_certificate_authority_id"), &caID)...)
	if resp.Diagnostics.HasError() {
		return
	}

	certs := []M{}
	for cert, err := range d.ops.list(d.client, ctx, nil) {
		if err != nil {
			resp.Diagnostics.Append(apiErrorDiagnostic("Unable to List "+d.ops.title+"s", err))
			return
		}
		m, diags := d.ops.fromAPI(ctx, cert)
		resp.Diagnostics.Append(diags...)
		if resp.Diagnostics.HasError() {
			return
		}
		if caID.IsNull() || d.ops.base(&m).SSHCertificateAuthorityID.Equal(caID) {
			certs = append(certs, m)
		}
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("ssh_certificate_authority_id"), caID)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root(d.ops.listAttribute()), certs)...)
}
