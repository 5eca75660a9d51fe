package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

var (
	_ datasource.DataSource              = (*sshCertificateAuthorityDataSource)(nil)
	_ datasource.DataSourceWithConfigure = (*sshCertificateAuthorityDataSource)(nil)
)

func NewSSHCertificateAuthorityDataSource() datasource.DataSource {
	return &sshCertificateAuthorityDataSource{}
}

type sshCertificateAuthorityDataSource struct {
	client *apiclient.Client
}

func (d *sshCertificateAuthorityDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_ssh_certificate_authority"
}

func (d *sshCertificateAuthorityDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "Reads one SSH certificate authority by ID, for example to trust its `public_key` " +
			"in configuration that does not manage the authority itself.",
		Attributes: sshCertificateAuthorityDataSourceAttributes(true),
	}
}

// sshCertificateAuthorityDataSourceAttributes describes an authority as the
// data sources return it: the single one looks it up by a required id, the
// list returns every attribute computed.
func sshCertificateAuthorityDataSourceAttributes(lookupByID bool) map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"id": schema.StringAttribute{
			Description: "Identifier of the authority (`sshca_...`).",
			Required:    lookupByID,
			Computed:    !lookupByID,
		},
		"uri":              schema.StringAttribute{Description: "API address of the authority.", Computed: true},
		"created_at":       schema.StringAttribute{Description: "When the authority was created, RFC 3339.", Computed: true},
		"description":      schema.StringAttribute{Description: "Human-readable description.", Computed: true},
		"metadata":         schema.StringAttribute{Description: "Arbitrary machine-readable data.", Computed: true},
		"private_key_type": schema.StringAttribute{Description: "Type of the key pair: " + quotedList(caKeyTypes) + ".", Computed: true},
		"elliptic_curve":   schema.StringAttribute{Description: "Curve of an `ecdsa` key; null for other types.", Computed: true},
		"key_size":         schema.Int64Attribute{Description: "Size in bits of an `rsa` key; null for other types.", Computed: true},
		"public_key":       schema.StringAttribute{Description: "Public key in OpenSSH authorized-keys format.", Computed: true},
		"key_type":         schema.StringAttribute{Description: "Type of the key as the API reports it.", Computed: true},
	}
}

func (d *sshCertificateAuthorityDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.client = clientFromProviderData(req.ProviderData, &resp.Diagnostics)
}

func (d *sshCertificateAuthorityDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var cfg sshCertificateAuthorityModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}

	ca, err := d.client.GetSSHCertificateAuthority(ctx, cfg.ID.ValueString())
	if err != nil {
		resp.Diagnostics.Append(apiErrorDiagnostic("Unable to Read SSH Certificate Authority", err))
		return
	}
	state, err := sshCertificateAuthorityModelFromAPI(ca)
	if err != nil {
		resp.Diagnostics.AddError("Unable to Read SSH Certificate Authority", err.Error())
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...)
}
