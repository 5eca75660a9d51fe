package provider

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// tlsEdgeType is ngrok_tls_edge: reserved domains at port 443 whose TLS
// connections go to a backend, terminated at the edge (optionally with
// mutual TLS) or passed through. It shares TCP edges' modules and
// handling (tcp_edge.go) and adds mutual_tls and tls_termination.
var tlsEdgeType = &objectType[apiclient.TLSEdge, apiclient.TLSEdgeCreate, apiclient.TLSEdgeUpdate, tlsEdgeModel]{
	name: "tls_edge", plural: "tls_edges", noun: "TLS edge", nouns: "TLS edges", article: "a",
	idPrefix: tlsEdgeIDPrefix, api: apiclient.TLSEdges,
	description: "A TLS edge (deprecated by ngrok): reserved domains at port 443 whose TLS connections go to a backend, " +
		"terminated by ngrok (optionally verifying client certificates) or passed through to the upstream. Most accounts " +
		"can only read edges now: import them, list them with `terraform query`, and move each to a `tls://` " +
		"`ngrok_cloud_endpoint` on the same domain (guide " + edgesGuide + ").",
	deprecationMessage: tcpTLSEdgeDeprecationMessage,
	attributes: func() map[string]schema.Attribute {
		a := edgeCommonAttributes("TLS edge", tlsEdgeIDPrefix)
		a["hostports"] = edgeHostportsAttribute(true)
		a["mutual_tls"] = schema.SingleNestedAttribute{
			Description: "The mutual TLS module: clients must present a certificate issued by one of these certificate " +
				"authorities. Needs TLS termination at the edge. Removing it removes the module.",
			Optional: true,
			Attributes: map[string]schema.Attribute{
				"enabled": moduleEnabledAttribute(),
				"certificate_authority_ids": schema.ListAttribute{
					Description: "IDs of the certificate authorities (`ngrok_certificate_authority`, `ca_...`), at least one.",
					Required:    true,
					ElementType: types.StringType,
					Validators: []validator.List{listvalidator.SizeAtLeast(1), listvalidator.UniqueValues(),
						listvalidator.ValueStringsAre(idValidator(certificateAuthorityIDPrefix, "a certificate authority"))},
				},
			},
		}
		a["tls_termination"] = schema.SingleNestedAttribute{
			Description: "The TLS termination module: where TLS is terminated, and the oldest TLS version accepted. " +
				"Removing it removes the module.",
			Optional: true,
			Attributes: map[string]schema.Attribute{
				"enabled": moduleEnabledAttribute(),
				"terminate_at": schema.StringAttribute{
					Description: fmt.Sprintf("Where TLS is terminated: %s (ngrok terminates it) or %s (it is passed through "+
						"to the agent or the application). Defaults to `%s`.", "`edge`", "`upstream`", "edge"),
					Optional:   true,
					Computed:   true,
					Default:    stringdefault.StaticString("edge"),
					Validators: []validator.String{stringvalidator.OneOf(tlsTerminateAt...)},
				},
				"min_version": schema.StringAttribute{
					Description: fmt.Sprintf("The oldest TLS version accepted: %s; null for ngrok's default. Not with "+
						"`terminate_at = \"upstream\"`.", quotedList(tlsMinVersions)),
					Optional:   true,
					Validators: []validator.String{stringvalidator.OneOf(tlsMinVersions...)},
				},
			},
		}
		return a
	},
	dataSourceDescriptions: edgeDataSourceDescriptions("The reserved domains the edge serves, each `domain:443`; null for none."),
	fromAPI:                tlsEdgeModelFromAPI,
	toCreate:               tlsEdgeModel.toCreate,
	toUpdate:               tlsEdgeModel.toUpdate,
	displayName: func(e *apiclient.TLSEdge, _ tlsEdgeModel) string {
		return describedAs(e.Description, edgeName(e.Hostports, e.ID))
	},
	validateConfig: validateTLSEdgeConfig,
	beforeUpdate:   removeTLSEdgeModules,
}

// TLS termination values [real: the API's descriptions of the module].
var (
	tlsTerminateAt = []string{"edge", "upstream"}
)

// validateTLSEdgeConfig refuses what the API refuses across modules: a
// minimum version where ngrok does not terminate TLS, and mutual TLS
// without termination at the edge (ERR_NGROK_1694).
func validateTLSEdgeConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var at, minVersion types.String
	var mutual types.Object
	termination := path.Root("tls_termination")
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, termination.AtName("terminate_at"), &at)...)
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, termination.AtName("min_version"), &minVersion)...)
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("mutual_tls"), &mutual)...)
	if resp.Diagnostics.HasError() || at.IsUnknown() || at.ValueString() != "upstream" {
		return
	}
	if !minVersion.IsNull() {
		resp.Diagnostics.AddAttributeError(termination.AtName("min_version"), "Invalid TLS Termination",
			"min_version must be left out with terminate_at = \"upstream\": ngrok does not terminate TLS, the upstream does.")
	}
	if !mutual.IsNull() {
		resp.Diagnostics.AddAttributeError(path.Root("mutual_tls"), "Invalid TLS Edge",
			"Mutual TLS needs TLS termination at the edge (ERR_NGROK_1694): remove mutual_tls, or set "+
				"tls_termination.terminate_at = \"edge\" and verify client certificates at ngrok.")
	}
}

type tlsEdgeModel struct {
	ID             types.String             `tfsdk:"id"`
	URI            types.String             `tfsdk:"uri"`
	CreatedAt      types.String             `tfsdk:"created_at"`
	Description    types.String             `tfsdk:"description"`
	Metadata       types.String             `tfsdk:"metadata"`
	Hostports      types.List               `tfsdk:"hostports"`
	Backend        *edgeBackendModel        `tfsdk:"backend"`
	IPRestriction  *edgeIPRestrictionModel  `tfsdk:"ip_restriction"`
	MutualTLS      *edgeMutualTLSModel      `tfsdk:"mutual_tls"`
	TLSTermination *edgeTLSTerminationModel `tfsdk:"tls_termination"`
	TrafficPolicy  *edgeTrafficPolicyModel  `tfsdk:"traffic_policy"`
}

type edgeMutualTLSModel struct {
	Enabled                 types.Bool `tfsdk:"enabled"`
	CertificateAuthorityIDs types.List `tfsdk:"certificate_authority_ids"`
}

type edgeTLSTerminationModel struct {
	Enabled     types.Bool   `tfsdk:"enabled"`
	TerminateAt types.String `tfsdk:"terminate_at"`
	MinVersion  types.String `tfsdk:"min_version"`
}

func tlsEdgeModelFromAPI(e *apiclient.TLSEdge) (tlsEdgeModel, error) {
	m := tlsEdgeModel{
		ID:            types.StringValue(e.ID),
		URI:           types.StringValue(e.URI),
		CreatedAt:     types.StringValue(e.CreatedAt),
		Description:   types.StringValue(e.Description),
		Metadata:      types.StringValue(e.Metadata),
		Hostports:     edgeHostportsFromAPI(e.Hostports),
		Backend:       edgeBackendFromAPI(e.Backend),
		IPRestriction: edgeIPRestrictionFromAPI(e.IPRestriction),
		TrafficPolicy: edgeTrafficPolicyFromAPI(e.TrafficPolicy),
	}
	if mt := e.MutualTLS; mt != nil {
		ids := make([]string, len(mt.CertificateAuthorities))
		for i, ca := range mt.CertificateAuthorities {
			ids[i] = ca.ID
		}
		m.MutualTLS = &edgeMutualTLSModel{Enabled: types.BoolValue(mt.Enabled), CertificateAuthorityIDs: stringList(ids)}
	}
	if t := e.TLSTermination; t != nil {
		// NOTE: enabled is null only where the API leaves it out, which
		// means its default.
		m.TLSTermination = &edgeTLSTerminationModel{Enabled: types.BoolValue(t.Enabled == nil || *t.Enabled),
			TerminateAt: types.StringValue(t.TerminateAt), MinVersion: types.StringPointerValue(t.MinVersion)}
	}
	return m, nil
}

func (m tlsEdgeModel) toCreate() *apiclient.TLSEdgeCreate {
	return &apiclient.TLSEdgeCreate{
		Description:    m.Description.ValueString(),
		Metadata:       m.Metadata.ValueString(),
		Hostports:      listStrings(m.Hostports),
		Backend:        m.Backend.toAPI(),
		IPRestriction:  m.IPRestriction.toAPI(),
		MutualTLS:      m.MutualTLS.toAPI(),
		TLSTermination: m.TLSTermination.toAPI(),
		TrafficPolicy:  m.TrafficPolicy.toAPI(),
	}
}

func (m tlsEdgeModel) toUpdate() *apiclient.TLSEdgeUpdate {
	hostports := listStrings(m.Hostports)
	return &apiclient.TLSEdgeUpdate{
		Description:    m.Description.ValueStringPointer(),
		Metadata:       m.Metadata.ValueStringPointer(),
		Hostports:      &hostports,
		Backend:        m.Backend.toAPI(),
		IPRestriction:  m.IPRestriction.toAPI(),
		MutualTLS:      m.MutualTLS.toAPI(),
		TLSTermination: m.TLSTermination.toAPI(),
		TrafficPolicy:  m.TrafficPolicy.toAPI(),
	}
}

func (m *edgeMutualTLSModel) toAPI() *apiclient.EdgeMutualTLSMutate {
	if m == nil {
		return nil
	}
	return &apiclient.EdgeMutualTLSMutate{Enabled: m.Enabled.ValueBoolPointer(), CertificateAuthorityIDs: listStrings(m.CertificateAuthorityIDs)}
}

func (m *edgeTLSTerminationModel) toAPI() *apiclient.EdgeTLSTermination {
	if m == nil {
		return nil
	}
	return &apiclient.EdgeTLSTermination{Enabled: m.Enabled.ValueBoolPointer(), TerminateAt: m.TerminateAt.ValueString(),
		MinVersion: m.MinVersion.ValueStringPointer()}
}

// removeTLSEdgeModules removes, before an update, the modules the plan no
// longer has, as removeTCPEdgeModules does.
func removeTLSEdgeModules(ctx context.Context, c *apiclient.Client, id string, prior, plan tlsEdgeModel, diags *diag.Diagnostics) {
	removeEdgeModules(diags, "Unable to Update TLS Edge", func(module string) error {
		return apiclient.DeleteTLSEdgeModule(ctx, c, id, module)
	}, []edgeModuleRemoval{
		{apiclient.EdgeModuleBackend, plan.Backend == nil && prior.Backend != nil},
		{apiclient.EdgeModuleIPRestriction, plan.IPRestriction == nil && prior.IPRestriction != nil},
		{apiclient.EdgeModuleMutualTLS, plan.MutualTLS == nil && prior.MutualTLS != nil},
		{apiclient.EdgeModuleTLSTermination, plan.TLSTermination == nil && prior.TLSTermination != nil},
		{apiclient.EdgeModuleTrafficPolicy, plan.TrafficPolicy == nil && prior.TrafficPolicy != nil},
	})
}
