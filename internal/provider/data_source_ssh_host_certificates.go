package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

var (
	_ datasource.DataSource              = (*sshHostCertificatesDataSource)(nil)
	_ datasource.DataSourceWithConfigure = (*sshHostCertificatesDataSource)(nil)
)

func NewSSHHostCertificatesDataSource() datasource.DataSource {
	return &sshHostCertificatesDataSource{}
}

type sshHostCertificatesDataSource struct {
	client *apiclient.Client
}

type sshHostCertificatesModel struct {
	SSHCertificateAuthorityID types.String              `tfsdk:"ssh_certificate_authority_id"`
	HostCertificates          []sshHostCertificateModel `tfsdk:"host_certificates"`
}

func (d *sshHostCertificatesDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_ssh_host_certificates"
}

func (d *sshHostCertificatesDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "Lists the account's SSH host certificates, newest first, optionally only those of one authority.",
		Attributes: map[string]schema.Attribute{
			"ssh_certificate_authority_id": schema.StringAttribute{
				Description: "Only the certificates this authority signed. The API cannot filter certificates, " +
					"so the provider reads them all and keeps the matching ones.",
				Optional: true,
				Validators: []validator.String{stringvalidator.RegexMatches(sshCAIDPattern,
					"must be an SSH certificate authority ID, starting with "+sshCertificateAuthorityIDPrefix)},
			},
			"host_certificates": schema.ListNestedAttribute{
				Description: "The host certificates, newest first.",
				Computed:    true,
				NestedObject: schema.NestedAttributeObject{
					Attributes: sshCertificateDataSourceAttributes(sshHostCertKind, false),
				},
			},
		},
	}
}

func (d *sshHostCertificatesDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.client = clientFromProviderData(req.ProviderData, &resp.Diagnostics)
}

func (d *sshHostCertificatesDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var state sshHostCertificatesModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}

	caID := state.SSHCertificateAuthorityID.ValueString()
	state.HostCertificates = []sshHostCertificateModel{}
	for cert, err := range d.client.ListSSHHostCertificates(ctx, nil) {
		if err != nil {
			resp.Diagnostics.Append(apiErrorDiagnostic("Unable to List SSH Host Certificates", err))
			return
		}
		if caID != "" && cert.SSHCertificateAuthorityID != caID {
			continue
		}
		m, diags := sshHostCertificateModelFromAPI(ctx, cert)
		resp.Diagnostics.Append(diags...)
		if resp.Diagnostics.HasError() {
			return
		}
		state.HostCertificates = append(state.HostCertificates, m)
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...)
}
