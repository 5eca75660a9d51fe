package provider

import (
	"context"
	"fmt"
	"net"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/listdefault"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// httpsEdgeType is ngrok_https_edge, managed: ngrok deprecated edges, so the
// resource is deprecated too, and exists so that an account that kept edge
// write access can import, keep and change its edges, and so that
// `terraform query` can list them (a list resource needs a managed resource
// of its name). Its data sources are the hand-written ngrok_https_edge and
// ngrok_https_edges (data_source_https_edge.go), whose schema, with the
// routes and their modules, configurations already use.
//
// NOTE: an update sends the edge's modules that the plan holds; a module the
// plan removes is removed by its DELETE in settle, because an update cannot
// remove one (ngrok's API reference: "there is no way to delete an existing
// module via this API").
var httpsEdgeType = &objectType[apiclient.HTTPSEdge, apiclient.HTTPSEdgeCreate, apiclient.HTTPSEdgeUpdate, httpsEdgeModel]{
	name: "https_edge", plural: "https_edges", noun: "HTTPS edge", nouns: "HTTPS edges", article: "an",
	idPrefix: httpsEdgeIDPrefix, api: apiclient.HTTPSEdges,
	description: "An HTTPS edge: the domains (`hostports`) whose HTTPS traffic ngrok terminates and sends down the " +
		"edge's routes (`ngrok_https_edge_route`). Only an account that kept edge write access can create, change " +
		"or delete one; others can import it and read it, and `terraform query` lists them.",
	deprecationMessage:     edgesDeprecationMessage,
	handWrittenDataSources: true,
	attributes: func() map[string]schema.Attribute {
		return map[string]schema.Attribute{
			"id":          serverSetAttribute("Identifier of the HTTPS edge (`edghts_...`)."),
			"uri":         serverSetAttribute("API address of the HTTPS edge."),
			"created_at":  serverSetAttribute("When the HTTPS edge was created, RFC 3339."),
			"description": descriptionResourceAttribute(),
			"metadata":    metadataResourceAttribute(),
			"hostports": schema.ListAttribute{
				Description: "The edge's domains, each `domain:443`, such as `app.example.com:443`: a domain the account " +
					"reserved (`ngrok_reserved_domain`), exactly or under a wildcard reservation, in lower case, and on " +
					"no other edge. Changed in place; omitted, none.",
				ElementType: types.StringType,
				Optional:    true,
				Computed:    true,
				Default:     listdefault.StaticValue(types.ListValueMust(types.StringType, nil)),
				Validators: []validator.List{
					listvalidator.UniqueValues(),
					listvalidator.ValueStringsAre(hostportValidator{}),
				},
			},
			"mutual_tls": schema.SingleNestedAttribute{
				Description: "The mutual TLS module: visitors present a client certificate signed by one of the " +
					"certificate authorities. Changed in place; removing it removes the module.",
				Optional: true,
				Attributes: map[string]schema.Attribute{
					"enabled": edgeModuleEnabledAttribute(),
					"certificate_authority_ids": schema.ListAttribute{
						Description: fmt.Sprintf("IDs of the certificate authorities (`%s...`, `ngrok_certificate_authority`) "+
							"that sign the client certificates accepted, each once.", certificateAuthorityIDPrefix),
						ElementType: types.StringType,
						Required:    true,
						Validators: []validator.List{
							listvalidator.SizeAtLeast(1),
							listvalidator.UniqueValues(),
							listvalidator.ValueStringsAre(idValidator(certificateAuthorityIDPrefix, "a certificate authority")),
						},
					},
				},
			},
			"tls_termination": schema.SingleNestedAttribute{
				Description: "The TLS termination module: an HTTPS edge terminates TLS at ngrok's edge; this sets the " +
					"oldest TLS version visitors may use. Changed in place; removing it removes the module.",
				Optional: true,
				Attributes: map[string]schema.Attribute{
					"enabled": edgeModuleEnabledAttribute(),
					"min_version": schema.StringAttribute{
						Description: "The oldest TLS version accepted: " + quotedList(tlsMinVersions) + ". Omitted, ngrok's default.",
						Optional:    true,
						Validators:  []validator.String{stringvalidator.OneOf(tlsMinVersions...)},
					},
				},
			},
		}
	},
	fromAPI:  httpsEdgeModelFromAPI,
	toCreate: httpsEdgeModel.toCreate,
	toUpdate: httpsEdgeModel.toUpdate,
	displayName: func(e *apiclient.HTTPSEdge, _ httpsEdgeModel) string {
		what := e.ID
		if len(e.Hostports) > 0 {
			what = strings.Join(e.Hostports, ", ")
		}
		return describedAs(e.Description, what)
	},
	settle: settleHTTPSEdgeModules,
}

// tlsMinVersions are the TLS versions an edge's tls_termination accepts as
// min_version.
var tlsMinVersions = []string{"1.0", "1.1", "1.2", "1.3"}

// edgeModuleEnabledAttribute is the enabled flag of an edge's own module.
func edgeModuleEnabledAttribute() schema.BoolAttribute {
	return schema.BoolAttribute{
		Description: "Whether the module applies. Default `true`.",
		Optional:    true,
		Computed:    true,
		Default:     booldefault.StaticBool(true),
	}
}

type httpsEdgeModel struct {
	ID             types.String                  `tfsdk:"id"`
	URI            types.String                  `tfsdk:"uri"`
	CreatedAt      types.String                  `tfsdk:"created_at"`
	Description    types.String                  `tfsdk:"description"`
	Metadata       types.String                  `tfsdk:"metadata"`
	Hostports      []string                      `tfsdk:"hostports"`
	MutualTLS      *httpsEdgeMutualTLSModel      `tfsdk:"mutual_tls"`
	TLSTermination *httpsEdgeTLSTerminationModel `tfsdk:"tls_termination"`
}

type httpsEdgeMutualTLSModel struct {
	Enabled                 types.Bool `tfsdk:"enabled"`
	CertificateAuthorityIDs []string   `tfsdk:"certificate_authority_ids"`
}

type httpsEdgeTLSTerminationModel struct {
	Enabled    types.Bool   `tfsdk:"enabled"`
	MinVersion types.String `tfsdk:"min_version"`
}

func httpsEdgeModelFromAPI(e *apiclient.HTTPSEdge) (httpsEdgeModel, error) {
	m := httpsEdgeModel{
		ID:          types.StringValue(e.ID),
		URI:         types.StringValue(e.URI),
		CreatedAt:   types.StringValue(e.CreatedAt),
		Description: types.StringValue(e.Description),
		Metadata:    types.StringValue(e.Metadata),
		Hostports:   append([]string{}, e.Hostports...),
	}
	if t := e.MutualTLS; t != nil {
		ids := make([]string, len(t.CertificateAuthorities))
		for i, ca := range t.CertificateAuthorities {
			ids[i] = ca.ID
		}
		m.MutualTLS = &httpsEdgeMutualTLSModel{Enabled: types.BoolValue(t.Enabled), CertificateAuthorityIDs: ids}
	}
	if t := e.TLSTermination; t != nil {
		m.TLSTermination = &httpsEdgeTLSTerminationModel{Enabled: types.BoolValue(t.Enabled), MinVersion: types.StringPointerValue(t.MinVersion)}
	}
	return m, nil
}

func (m httpsEdgeModel) toCreate() *apiclient.HTTPSEdgeCreate {
	return &apiclient.HTTPSEdgeCreate{
		Description:    m.Description.ValueString(),
		Metadata:       m.Metadata.ValueString(),
		Hostports:      append([]string{}, m.Hostports...),
		MutualTLS:      m.MutualTLS.toMutate(),
		TLSTermination: m.TLSTermination.toMutate(),
	}
}

func (m httpsEdgeModel) toUpdate() *apiclient.HTTPSEdgeUpdate {
	hostports := append([]string{}, m.Hostports...)
	return &apiclient.HTTPSEdgeUpdate{
		Description:    m.Description.ValueStringPointer(),
		Metadata:       m.Metadata.ValueStringPointer(),
		Hostports:      &hostports,
		MutualTLS:      m.MutualTLS.toMutate(),
		TLSTermination: m.TLSTermination.toMutate(),
	}
}

func (t *httpsEdgeMutualTLSModel) toMutate() *apiclient.HTTPSEdgeMutualTLSMutate {
	if t == nil {
		return nil
	}
	return &apiclient.HTTPSEdgeMutualTLSMutate{
		Enabled:                 t.Enabled.ValueBoolPointer(),
		CertificateAuthorityIDs: append([]string{}, t.CertificateAuthorityIDs...),
	}
}

func (t *httpsEdgeTLSTerminationModel) toMutate() *apiclient.HTTPSEdgeTLSTerminationMutate {
	if t == nil {
		return nil
	}
	return &apiclient.HTTPSEdgeTLSTerminationMutate{Enabled: t.Enabled.ValueBoolPointer(), MinVersion: t.MinVersion.ValueStringPointer()}
}

// settleHTTPSEdgeModules removes, after an update, the modules the plan no
// longer holds, and reads the edge again when it removed one.
func settleHTTPSEdgeModules(ctx context.Context, c *apiclient.Client, e *apiclient.HTTPSEdge, plan *httpsEdgeModel,
	_ string, diags *diag.Diagnostics) *apiclient.HTTPSEdge {
	removed := false
	for _, m := range []struct {
		gone   bool
		remove func(context.Context, string) error
	}{
		{plan.MutualTLS == nil && e.MutualTLS != nil, c.DeleteHTTPSEdgeMutualTLS},
		{plan.TLSTermination == nil && e.TLSTermination != nil, c.DeleteHTTPSEdgeTLSTermination},
	} {
		if !m.gone {
			continue
		}
		if err := m.remove(ctx, e.ID); err != nil {
			diags.Append(apiErrorDiagnostic("Unable to Update HTTPS Edge", err))
			return e
		}
		removed = true
	}
	if !removed {
		return e
	}
	read, err := apiclient.HTTPSEdges.Get(ctx, c, e.ID)
	if err != nil {
		diags.Append(apiErrorDiagnostic("Unable to Read Updated HTTPS Edge", err))
		return e
	}
	return read
}

// hostportValidator checks an HTTPS edge's hostport as the API would:
// `domain:443`, the domain in lower case (the API lower-cases it, which
// would be a diff).
type hostportValidator struct{}

func (hostportValidator) Description(context.Context) string {
	return "must be a domain in lower case and the port 443, such as app.example.com:443"
}

func (v hostportValidator) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (hostportValidator) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if err := checkEdgeHostport(req.ConfigValue.ValueString()); err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid Hostport", fmt.Sprintf("The hostport %q cannot be used: %s.", req.ConfigValue.ValueString(), err))
	}
}

func checkEdgeHostport(hp string) error {
	host, port, err := net.SplitHostPort(hp)
	if err != nil || host == "" || port == "" {
		return fmt.Errorf("write it as domain:443, such as app.example.com:443")
	}
	if n, err := strconv.Atoi(port); err != nil || n != 443 {
		return fmt.Errorf("an HTTPS edge serves port 443 only (ERR_NGROK_7116)")
	}
	if lower := strings.ToLower(host); lower != host {
		return fmt.Errorf("write the domain in lower case (%s), as the API returns it", net.JoinHostPort(lower, port))
	}
	notDNS := func(r rune) bool { return !strings.ContainsRune("abcdefghijklmnopqrstuvwxyz0123456789-.*", r) }
	if strings.ContainsFunc(host, notDNS) || strings.HasPrefix(host, ".") || strings.HasSuffix(host, ".") {
		return fmt.Errorf("%q is not a domain name", host)
	}
	return nil
}
