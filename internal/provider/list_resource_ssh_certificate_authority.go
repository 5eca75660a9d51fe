package provider

import (
	"context"
	"strconv"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

var (
	_ list.ListResource              = (*sshCertificateAuthorityListResource)(nil)
	_ list.ListResourceWithConfigure = (*sshCertificateAuthorityListResource)(nil)
)

func NewSSHCertificateAuthorityListResource() list.ListResource {
	return &sshCertificateAuthorityListResource{}
}

type sshCertificateAuthorityListResource struct {
	client *apiclient.Client
}

type sshCertificateAuthorityListModel struct {
	Filter types.String `tfsdk:"filter"`
}

func (r *sshCertificateAuthorityListResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_ssh_certificate_authority"
}

func (r *sshCertificateAuthorityListResource) ListResourceConfigSchema(_ context.Context, _ list.ListResourceSchemaRequest, resp *list.ListResourceSchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "Lists the account's SSH certificate authorities, newest first, for `terraform query`: each with its " +
			"identity (`id`), its description and key as display name and, with `include_resource`, every attribute as an " +
			"import reads it (the key options read from the public key), so that `-generate-config-out` writes " +
			"configuration that imports with no change.",
		Attributes: map[string]schema.Attribute{
			"filter": listFilterAttribute("authority",
				"`obj.key_type == \"ed25519\"` or `obj.description.startsWith(\"prod\")`"),
		},
	}
}

func (r *sshCertificateAuthorityListResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.client = clientFromProviderData(req.ProviderData, &resp.Diagnostics)
}

func (r *sshCertificateAuthorityListResource) List(ctx context.Context, req list.ListRequest, stream *list.ListResultsStream) {
	var cfg sshCertificateAuthorityListModel
	if diags := req.Config.Get(ctx, &cfg); diags.HasError() {
		stream.Results = list.ListResultsStreamDiagnostics(diags)
		return
	}
	const summary = "Unable to List SSH Certificate Authorities"
	opts := &apiclient.ListOptions{Filter: cfg.Filter.ValueString(), Limit: listPageSize(req.Limit)}
	stream.Results = streamListResults(ctx, req, r.client.ListSSHCertificateAuthorities(ctx, opts), summary,
		func(_ context.Context, ca *apiclient.SSHCertificateAuthority) (listedObject, bool, diag.Diagnostics) {
			m, err := sshCertificateAuthorityModelFromAPI(ca)
			if err != nil {
				return listedObject{}, false, diag.Diagnostics{diag.NewErrorDiagnostic(summary, err.Error())}
			}
			return listedObject{id: ca.ID, displayName: describedAs(ca.Description, caKeyName(m)), state: m}, true, nil
		})
}

// caKeyName names an authority's key: "ed25519", "ecdsa p384", "rsa 4096".
func caKeyName(m sshCertificateAuthorityModel) string {
	name := m.PrivateKeyType.ValueString()
	if !m.EllipticCurve.IsNull() {
		name += " " + m.EllipticCurve.ValueString()
	}
	if !m.KeySize.IsNull() {
		name += " " + strconv.FormatInt(m.KeySize.ValueInt64(), 10)
	}
	return name
}
