package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

var (
	_ datasource.DataSource              = (*sshCertificateAuthoritiesDataSource)(nil)
	_ datasource.DataSourceWithConfigure = (*sshCertificateAuthoritiesDataSource)(nil)
)

func NewSSHCertificateAuthoritiesDataSource() datasource.DataSource {
	return &sshCertificateAuthoritiesDataSource{}
}

type sshCertificateAuthoritiesDataSource struct {
	client *apiclient.Client
}

type sshCertificateAuthoritiesModel struct {
	Filter                 types.String                   `tfsdk:"filter"`
	CertificateAuthorities []sshCertificateAuthorityModel `tfsdk:"certificate_authorities"`
}

func (d *sshCertificateAuthoritiesDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_ssh_certificate_authorities"
}

func (d *sshCertificateAuthoritiesDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "Lists the account's SSH certificate authorities, newest first, optionally narrowed by a filter.",
		Attributes: map[string]schema.Attribute{
			"filter": schema.StringAttribute{
				Description: "A CEL expression over `obj` that each authority must match, evaluated by the API, " +
					"for example `obj.key_type == \"ed25519\"` or `obj.description.startsWith(\"prod\")`.",
				Optional: true,
			},
			"certificate_authorities": schema.ListNestedAttribute{
				Description: "The authorities, newest first.",
				Computed:    true,
				NestedObject: schema.NestedAttributeObject{
					Attributes: sshCertificateAuthorityDataSourceAttributes(false),
				},
			},
		},
	}
}

func (d *sshCertificateAuthoritiesDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.client = clientFromProviderData(req.ProviderData, &resp.Diagnostics)
}

func (d *sshCertificateAuthoritiesDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var state sshCertificateAuthoritiesModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}

	state.CertificateAuthorities = []sshCertificateAuthorityModel{}
	opts := &apiclient.ListOptions{Filter: state.Filter.ValueString()}
	for ca, err := range d.client.ListSSHCertificateAuthorities(ctx, opts) {
		if err != nil {
			resp.Diagnostics.Append(apiErrorDiagnostic("Unable to List SSH Certificate Authorities", err))
			return
		}
		m, err := sshCertificateAuthorityModelFromAPI(ca)
		if err != nil {
			resp.Diagnostics.AddError("Unable to List SSH Certificate Authorities", err.Error())
			return
		}
		state.CertificateAuthorities = append(state.CertificateAuthorities, m)
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...)
}
