package provider

import (
	"context"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

var (
	_ list.ListResource              = (*sshCertificateListResource[sshHostCertificateModel, apiclient.SSHHostCertificateCreate, apiclient.SSHHostCertificate])(nil)
	_ list.ListResourceWithConfigure = (*sshCertificateListResource[sshHostCertificateModel, apiclient.SSHHostCertificateCreate, apiclient.SSHHostCertificate])(nil)
)

func NewSSHHostCertificateListResource() list.ListResource {
	return &sshCertificateListResource[sshHostCertificateModel, apiclient.SSHHostCertificateCreate, apiclient.SSHHostCertificate]{ops: sshHostCertificates}
}

func NewSSHUserCertificateListResource() list.ListResource {
	return &sshCertificateListResource[sshUserCertificateModel, apiclient.SSHUserCertificateCreate, apiclient.SSHUserCertificate]{ops: sshUserCertificates}
}

// sshCertificateListResource lists ngrok_ssh_host_certificate and
// ngrok_ssh_user_certificate, as ops says.
type sshCertificateListResource[M, C, A any] struct {
	client *apiclient.Client
	ops    *sshCertOps[M, C, A]
}

type sshCertificateListModel struct {
	SSHCertificateAuthorityID types.String `tfsdk:"ssh_certificate_authority_id"`
}

func (r *sshCertificateListResource[M, C, A]) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_" + r.ops.typeName
}

func (r *sshCertificateListResource[M, C, A]) ListResourceConfigSchema(_ context.Context, _ list.ListResourceSchemaRequest, resp *list.ListResourceSchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "Lists the account's SSH " + r.ops.noun + "s, newest first, optionally only those of one authority, " +
			"for `terraform query`: each with its identity (`id`), its description and principals as display name and, " +
			"with `include_resource`, every attribute as an import reads it, so that `-generate-config-out` writes " +
			"configuration that imports with no change.",
		Attributes: map[string]schema.Attribute{
			"ssh_certificate_authority_id": schema.StringAttribute{
				// NOTE: the API filters no certificate list, so this argument
				// is applied here, to the whole list the API returns.
				Description: "Only the certificates this authority signed. The API cannot filter certificates, " +
					"so the provider reads them all and keeps the matching ones.",
				Optional:   true,
				Validators: []validator.String{idValidator(sshCertificateAuthorityIDPrefix, "an SSH certificate authority")},
			},
		},
	}
}

func (r *sshCertificateListResource[M, C, A]) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.client = clientFromProviderData(req.ProviderData, &resp.Diagnostics)
}

func (r *sshCertificateListResource[M, C, A]) List(ctx context.Context, req list.ListRequest, stream *list.ListResultsStream) {
	var cfg sshCertificateListModel
	if diags := req.Config.Get(ctx, &cfg); diags.HasError() {
		stream.Results = list.ListResultsStreamDiagnostics(diags)
		return
	}
	// NOTE: with an authority, the list is filtered here, so the page size
	// cannot follow the limit: a page of 5 could hold none of its certificates.
	var opts *apiclient.ListOptions
	if cfg.SSHCertificateAuthorityID.IsNull() {
		opts = &apiclient.ListOptions{Limit: listPageSize(req.Limit)}
	}
	stream.Results = streamListResults(ctx, req, r.ops.list(r.client, ctx, opts), "Unable to List "+r.ops.title+"s",
		func(ctx context.Context, cert *A) (listedObject, bool, diag.Diagnostics) {
			m, diags := r.ops.fromAPI(ctx, cert)
			if diags.HasError() {
				return listedObject{}, false, diags
			}
			base := r.ops.base(&m)
			if !cfg.SSHCertificateAuthorityID.IsNull() && !base.SSHCertificateAuthorityID.Equal(cfg.SSHCertificateAuthorityID) {
				return listedObject{}, false, nil
			}
			id := base.ID.ValueString()
			return listedObject{id: id, displayName: r.displayName(ctx, base), state: m}, true, diags
		})
}

// displayName is the certificate's description and whom it is for.
func (r *sshCertificateListResource[M, C, A]) displayName(ctx context.Context, m *sshCertificateModel) string {
	principals, _ := stringListValue(ctx, m.Principals)
	who := strings.Join(principals, ", ")
	switch {
	case who != "":
	case r.ops.options:
		who = "any user"
	default:
		who = "any host"
	}
	return describedAs(m.Description.ValueString(), who)
}
