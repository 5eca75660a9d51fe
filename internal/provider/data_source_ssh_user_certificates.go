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
	_ datasource.DataSource              = (*sshUserCertificatesDataSource)(nil)
	_ datasource.DataSourceWithConfigure = (*sshUserCertificatesDataSource)(nil)
)

func NewSSHUserCertificatesDataSource() datasource.DataSource {
	return &sshUserCertificatesDataSource{}
}

type sshUserCertificatesDataSource struct {
	client *apiclient.Client
}

type sshUserCertificatesModel struct {
	SSHCertificateAuthorityID types.String              `tfsdk:"ssh_certificate_authority_id"`
	UserCertificates          []sshUserCertificateModel `tfsdk:"user_certificates"`
}

func (d *sshUserCertificatesDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_ssh_user_certificates"
}

func (d *sshUserCertificatesDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "Lists the account's SSH user certificates, newest first, optionally only those of one authority.",
		Attributes: map[string]schema.Attribute{
			"ssh_certificate_authority_id": schema.StringAttribute{
				Description: "Only the certificates this authority signed. The API cannot filter certificates, " +
					"so the provider reads them all and keeps the matching ones.",
				Optional: true,
				Validators: []validator.String{stringvalidator.RegexMatches(sshCAIDPattern,
					"must be an SSH certificate authority ID, starting with "+sshCertificateAuthorityIDPrefix)},
			},
			"user_certificates": schema.ListNestedAttribute{
				Description: "The user certificates, newest first.",
				Computed:    true,
				NestedObject: schema.NestedAttributeObject{
					Attributes: sshUserCertificateDataSourceAttributes(false),
				},
			},
		},
	}
}

func (d *sshUserCertificatesDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.client = clientFromProviderData(req.ProviderData, &resp.Diagnostics)
}

func (d *sshUserCertificatesDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var state sshUserCertificatesModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}

	caID := state.SSHCertificateAuthorityID.ValueString()
	state.UserCertificates = []sshUserCertificateModel{}
	for cert, err := range d.client.ListSSHUserCertificates(ctx, nil) {
		if err != nil {
			resp.Diagnostics.Append(apiErrorDiagnostic("Unable to List SSH User Certificates", err))
			return
		}
		if caID != "" && cert.SSHCertificateAuthorityID != caID {
			continue
		}
		m, diags := sshUserCertificateModelFromAPI(ctx, cert)
		resp.Diagnostics.Append(diags...)
		if resp.Diagnostics.HasError() {
			return
		}
		state.UserCertificates = append(state.UserCertificates, m)
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...)
}
