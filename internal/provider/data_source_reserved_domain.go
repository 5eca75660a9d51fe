package provider

import (
	"context"
	"errors"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

var (
	_ datasource.DataSource              = (*reservedDomainDataSource)(nil)
	_ datasource.DataSourceWithConfigure = (*reservedDomainDataSource)(nil)
)

func NewReservedDomainDataSource() datasource.DataSource {
	return &reservedDomainDataSource{}
}

type reservedDomainDataSource struct {
	client *apiclient.Client
}

func (d *reservedDomainDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_reserved_domain"
}

func (d *reservedDomainDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	attrs := reservedDomainDataSourceAttributes(true)
	resp.Schema = schema.Schema{
		Description: "Reads one reserved domain, by `id` or by `domain`, for example to publish its `cname_target` " +
			"in DNS from configuration that does not manage the reservation.",
		Attributes: attrs,
	}
}

// reservedDomainDataSourceAttributes describes a reserved domain as the
// data sources return it. The single one looks it up by id or by domain
// (exactly one of them); the list returns every attribute computed.
func reservedDomainDataSourceAttributes(lookup bool) map[string]schema.Attribute {
	ref := func(what string) schema.SingleNestedAttribute {
		return schema.SingleNestedAttribute{
			Description: what,
			Computed:    true,
			Attributes: map[string]schema.Attribute{
				"id":  schema.StringAttribute{Description: "Identifier of the object.", Computed: true},
				"uri": schema.StringAttribute{Description: "API address of the object.", Computed: true},
			},
		}
	}
	idAttr := schema.StringAttribute{Description: "Identifier of the reserved domain (`rd_...`).", Computed: true}
	domainAttr := schema.StringAttribute{
		Description: "The reserved hostname, lower case, such as `app.example.com` or `*.example.com`.",
		Computed:    true,
	}
	if lookup {
		idAttr.Description += " Set exactly one of `id` and `domain`."
		idAttr.Optional = true
		idAttr.Validators = []validator.String{
			stringvalidator.ExactlyOneOf(path.MatchRoot("id"), path.MatchRoot("domain")),
			idValidator(reservedDomainIDPrefix, "a reserved domain"),
		}
		domainAttr.Description = "The reserved hostname to look up, in any case, such as `app.example.com` or `*.example.com`. " +
			"Set exactly one of `id` and `domain`."
		domainAttr.Optional = true
		domainAttr.Validators = []validator.String{domainNameValidator{}}
	}
	return map[string]schema.Attribute{
		"id":          idAttr,
		"domain":      domainAttr,
		"uri":         schema.StringAttribute{Description: "API address of the reserved domain.", Computed: true},
		"created_at":  schema.StringAttribute{Description: "When the domain was reserved, RFC 3339.", Computed: true},
		"description": schema.StringAttribute{Description: "Human-readable description.", Computed: true},
		"metadata":    schema.StringAttribute{Description: "Arbitrary machine-readable data.", Computed: true},
		"cname_target": schema.StringAttribute{
			Description: "Target of the DNS CNAME record to create for a custom domain; null for a subdomain of an ngrok domain.",
			Computed:    true,
		},
		"acme_challenge_cname_target": schema.StringAttribute{
			Description: "Target of the DNS CNAME record to create for `_acme-challenge.<domain>` of a wildcard custom domain; null otherwise.",
			Computed:    true,
		},
		"certificate": ref("The certificate served on the domain: the uploaded one, or the most recently issued managed one; null when none."),
		"certificate_management_policy": schema.SingleNestedAttribute{
			Description: "Automatic certificate management; null when disabled.",
			Computed:    true,
			Attributes: map[string]schema.Attribute{
				"authority":        schema.StringAttribute{Description: "Certificate authority: " + quotedList(certAuthorities) + ".", Computed: true},
				"private_key_type": schema.StringAttribute{Description: "Type of the private key: " + quotedList(certKeyTypes) + ".", Computed: true},
			},
		},
		"certificate_management_status": schema.SingleNestedAttribute{
			Description: "Status of automatic certificate management; null when disabled.",
			Computed:    true,
			Attributes: map[string]schema.Attribute{
				"renews_at": schema.StringAttribute{Description: "When the next renewal will be requested, RFC 3339; null until a certificate is issued.", Computed: true},
				"provisioning_job": schema.SingleNestedAttribute{
					Description: "The job provisioning or renewing the certificate; null when none runs.",
					Computed:    true,
					Attributes: map[string]schema.Attribute{
						"error_code": schema.StringAttribute{Description: "`INTERNAL_ERROR` (temporary) or `DNS_ERROR` (correct the DNS records); null while the job is not failing.", Computed: true},
						"msg":        schema.StringAttribute{Description: "What the job is doing, or why it fails.", Computed: true},
						"started_at": schema.StringAttribute{Description: "When the job started, RFC 3339.", Computed: true},
						"retries_at": schema.StringAttribute{Description: "When a failing job is retried, RFC 3339.", Computed: true},
					},
				},
			},
		},
		"http_endpoint_configuration":  ref("Endpoint configuration applied to HTTP traffic; null when none."),
		"https_endpoint_configuration": ref("Endpoint configuration applied to HTTPS traffic; null when none."),
		"resolves_to": schema.SetAttribute{
			Description: "The points of presence the domain is pinned to (region pinning), such as `eu` or `us-cal-1`; " +
				"empty when it resolves globally, to every point of presence.",
			ElementType: types.StringType,
			Computed:    true,
		},
	}
}

func (d *reservedDomainDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.client = clientFromProviderData(req.ProviderData, &resp.Diagnostics)
}

func (d *reservedDomainDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var cfg reservedDomainDataModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}

	var rd *apiclient.ReservedDomain
	var err error
	if !cfg.ID.IsNull() {
		rd, err = d.client.GetReservedDomain(ctx, cfg.ID.ValueString())
	} else {
		rd, err = findReservedDomainByName(ctx, d.client, cfg.Domain.ValueString())
	}
	if errors.Is(err, errNoSuchDomain) {
		resp.Diagnostics.AddAttributeError(path.Root("domain"), "Reserved Domain Not Found",
			capitalize(err.Error())+". Check the name, or reserve it with an ngrok_reserved_domain resource.")
		return
	}
	if err != nil {
		resp.Diagnostics.Append(apiErrorDiagnostic("Unable to Read Reserved Domain", err))
		return
	}
	state := reservedDomainDataModelFromAPI(rd)
	// NOTE: a configured domain keeps its spelling: the value of an argument
	// must come back as written.
	if !cfg.Domain.IsNull() && normalizeDomainName(cfg.Domain.ValueString()) == rd.Domain {
		state.Domain = cfg.Domain
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...)
}
