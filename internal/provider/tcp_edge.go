package provider

import (
	"context"
	"fmt"
	"net"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// tcpEdgeType is ngrok_tcp_edge: reserved TCP addresses whose connections
// go to a backend, with IP restriction and a traffic policy. ngrok
// deprecated edges; the resource exists so that an account's TCP edges can
// be imported, inventoried (`terraform query`) and kept until they move to
// tcp:// cloud endpoints. Its modules are nested attributes, sent in the
// create and update bodies; a module removed from the configuration is
// removed through the module's DELETE before the update, which cannot.
//
// What TCP and TLS edges share (tls_edge.go) lives here: the module
// attributes and models, the hostport validator, the deprecation.
var tcpEdgeType = &objectType[apiclient.TCPEdge, apiclient.TCPEdgeCreate, apiclient.TCPEdgeUpdate, tcpEdgeModel]{
	name: "tcp_edge", plural: "tcp_edges", noun: "TCP edge", nouns: "TCP edges", article: "a",
	idPrefix: tcpEdgeIDPrefix, api: apiclient.TCPEdges,
	description: "A TCP edge (deprecated by ngrok): reserved TCP addresses (`ngrok_reserved_addr`) whose connections go to " +
		"a backend, optionally restricted by IP policies and handled by a traffic policy. Most accounts can only read " +
		"edges now: import them, list them with `terraform query`, and move each to a `tcp://` `ngrok_cloud_endpoint` " +
		"on the same address (guide " + edgesGuide + ").",
	deprecationMessage: tcpTLSEdgeDeprecationMessage,
	attributes: func() map[string]schema.Attribute {
		a := edgeCommonAttributes("TCP edge", tcpEdgeIDPrefix)
		a["hostports"] = edgeHostportsAttribute(false)
		return a
	},
	dataSourceDescriptions: edgeDataSourceDescriptions("The reserved TCP addresses the edge serves, `host:port`; null for none."),
	fromAPI:                tcpEdgeModelFromAPI,
	toCreate:               tcpEdgeModel.toCreate,
	toUpdate:               tcpEdgeModel.toUpdate,
	displayName: func(e *apiclient.TCPEdge, _ tcpEdgeModel) string {
		return describedAs(e.Description, edgeName(e.Hostports, e.ID))
	},
	beforeUpdate: removeTCPEdgeModules,
}

// tcpTLSEdgeDeprecationMessage deprecates TCP and TLS edges.
const tcpTLSEdgeDeprecationMessage = "ngrok deprecated TCP and TLS edges on 31 December 2025: they are read-only on most " +
	"accounts. Serve each hostport from a cloud endpoint instead (ngrok_cloud_endpoint with url \"tcp://host:port\" " +
	"or \"tls://domain\", its traffic_policy forwarding to the agent's internal endpoint); see the guide " + edgesGuide + "."

// edgeDataSourceDescriptions describe the data sources' attributes where
// the resource's speak of changing them; hostports is the edge kind's.
func edgeDataSourceDescriptions(hostports string) map[string]string {
	return map[string]string{
		"hostports":       hostports,
		"backend":         "The backend module: where the edge's connections go; null when not set.",
		"ip_restriction":  "The IP restriction module: which IP policies decide whether a source address may connect; null when not set.",
		"traffic_policy":  "The traffic policy module: a traffic policy applied to the edge's connections; null when not set.",
		"mutual_tls":      "The mutual TLS module: the certificate authorities client certificates must chain to; null when not set.",
		"tls_termination": "The TLS termination module: where TLS is terminated, and the oldest TLS version accepted; null when not set.",
	}
}

// edgeBackendIDPrefixes are the prefixes of the backends an edge may name:
// tunnel group, HTTP response, failover, weighted and static address [real:
// ngrok's API reference].
var edgeBackendIDPrefixes = []string{tunnelGroupBackendIDPrefix, "bkdhr_", "bkdfo_", "bkdwd_", "bkdsc_"}

// edgeCommonAttributes are the attributes of TCP and TLS edges but
// hostports.
func edgeCommonAttributes(noun, prefix string) map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"id":          serverSetAttribute(fmt.Sprintf("Identifier of the %s (`%s...`).", noun, prefix)),
		"uri":         serverSetAttribute(fmt.Sprintf("API address of the %s.", noun)),
		"created_at":  serverSetAttribute(fmt.Sprintf("When the %s was created, RFC 3339.", noun)),
		"description": descriptionResourceAttribute(),
		"metadata":    metadataResourceAttribute(),
		"backend": schema.SingleNestedAttribute{
			Description: "The backend module: where the edge's connections go. Removing it removes the module.",
			Optional:    true,
			Attributes: map[string]schema.Attribute{
				"enabled": moduleEnabledAttribute(),
				"backend_id": schema.StringAttribute{
					Description: "ID of the backend: a tunnel group (`bkdtg_...`), HTTP response, failover, weighted or " +
						"static address backend.",
					Required:   true,
					Validators: []validator.String{edgeBackendIDValidator{}},
				},
			},
		},
		"ip_restriction": schema.SingleNestedAttribute{
			Description: "The IP restriction module: which IP policies decide whether a source address may connect. " +
				"Removing it removes the module.",
			Optional: true,
			Attributes: map[string]schema.Attribute{
				"enabled": moduleEnabledAttribute(),
				"ip_policy_ids": schema.ListAttribute{
					Description: "IDs of the IP policies (`ipp_...`), at least one.",
					Required:    true,
					ElementType: types.StringType,
					Validators: []validator.List{listvalidator.SizeAtLeast(1), listvalidator.UniqueValues(),
						listvalidator.ValueStringsAre(idValidator(ipPolicyIDPrefix, "an IP policy"))},
				},
			},
		},
		"traffic_policy": schema.SingleNestedAttribute{
			Description: "The traffic policy module: a traffic policy applied to the edge's connections. Removing it " +
				"removes the module.",
			Optional: true,
			Attributes: map[string]schema.Attribute{
				"enabled": moduleEnabledAttribute(),
				"value": schema.StringAttribute{
					Description: "The traffic policy, as JSON or YAML text, checked at plan time against ngrok's traffic " +
						"policy language as `ngrok_cloud_endpoint`'s is; the same policy in another notation is no change.",
					Required:      true,
					CustomType:    trafficPolicyType{},
					PlanModifiers: []planmodifier.String{equivalentToState("the same policy in another notation keeps the prior value", equivalentTrafficPolicies)},
				},
			},
		},
	}
}

func moduleEnabledAttribute() schema.BoolAttribute {
	return schema.BoolAttribute{
		Description: "Whether the module applies to traffic. Defaults to `true`.",
		Optional:    true,
		Computed:    true,
		Default:     booldefault.StaticBool(true),
	}
}

// edgeHostportsAttribute is a TCP edge's (reserved addresses) or a TLS
// edge's (reserved domains at port 443) hostports.
func edgeHostportsAttribute(tls bool) schema.ListAttribute {
	d := "The reserved TCP addresses the edge serves, `host:port` as `ngrok_reserved_addr`'s `addr`, such as " +
		"`1.tcp.ngrok.io:21345`. Each serves one edge."
	if tls {
		d = "The reserved domains the edge serves, each `domain:443`, such as `tls.example.com:443` (a wildcard " +
			"reservation covers its subdomains). Each serves one edge."
	}
	return schema.ListAttribute{
		Description: d + " Null for none; removing them leaves the edge without any.",
		Optional:    true,
		ElementType: types.StringType,
		Validators: []validator.List{listvalidator.SizeAtLeast(1), listvalidator.UniqueValues(),
			listvalidator.ValueStringsAre(edgeHostportValidator{tls: tls})},
	}
}

// edgeHostportValidator checks a hostport's shape: host:port with a port
// in 1-65535, and for a TLS edge a domain name at port 443.
type edgeHostportValidator struct{ tls bool }

func (v edgeHostportValidator) Description(context.Context) string {
	if v.tls {
		return "a reserved domain at port 443, such as tls.example.com:443"
	}
	return "a reserved TCP address, host:port, such as 1.tcp.ngrok.io:21345"
}

func (v edgeHostportValidator) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}

func (v edgeHostportValidator) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if err := checkTCPTLSEdgeHostport(req.ConfigValue.ValueString(), v.tls); err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid Edge Hostport", err.Error()+".")
	}
}

func checkTCPTLSEdgeHostport(hp string, tls bool) error {
	host, p, err := net.SplitHostPort(hp)
	port, perr := strconv.Atoi(p)
	if err != nil || host == "" || perr != nil {
		return fmt.Errorf("%q is not host:port, such as %s (ERR_NGROK_7104)", hp, map[bool]string{false: "1.tcp.ngrok.io:21345", true: "tls.example.com:443"}[tls])
	}
	if port < 1 || port > 65535 {
		return fmt.Errorf("the port of %q is not in 1-65535 (ERR_NGROK_7112)", hp)
	}
	if !tls {
		return nil
	}
	if port != 443 {
		return fmt.Errorf("%q is not at port 443: a TLS edge serves reserved domains at port 443 (ERR_NGROK_7116)", hp)
	}
	return checkDomainName(host)
}

// edgeBackendIDValidator accepts the ID of a backend of any kind.
type edgeBackendIDValidator struct{}

func (edgeBackendIDValidator) Description(context.Context) string {
	return "the ID of a backend, starting with " + strings.Join(edgeBackendIDPrefixes, ", ")
}

func (v edgeBackendIDValidator) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}

func (v edgeBackendIDValidator) ValidateString(ctx context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	s := req.ConfigValue.ValueString()
	for _, p := range edgeBackendIDPrefixes {
		if isID(p, s) {
			return
		}
	}
	resp.Diagnostics.AddAttributeError(req.Path, "Invalid Backend ID",
		fmt.Sprintf("%q is not %s, such as %s.", s, v.Description(ctx), exampleID(tunnelGroupBackendIDPrefix)))
}

// edgeName names an edge in `terraform query`'s results: its first
// hostport, else its ID.
func edgeName(hostports []string, id string) string {
	if len(hostports) > 0 {
		return hostports[0]
	}
	return id
}

type tcpEdgeModel struct {
	ID            types.String            `tfsdk:"id"`
	URI           types.String            `tfsdk:"uri"`
	CreatedAt     types.String            `tfsdk:"created_at"`
	Description   types.String            `tfsdk:"description"`
	Metadata      types.String            `tfsdk:"metadata"`
	Hostports     types.List              `tfsdk:"hostports"`
	Backend       *edgeBackendModel       `tfsdk:"backend"`
	IPRestriction *edgeIPRestrictionModel `tfsdk:"ip_restriction"`
	TrafficPolicy *edgeTrafficPolicyModel `tfsdk:"traffic_policy"`
}

type edgeBackendModel struct {
	Enabled   types.Bool   `tfsdk:"enabled"`
	BackendID types.String `tfsdk:"backend_id"`
}

type edgeIPRestrictionModel struct {
	Enabled     types.Bool `tfsdk:"enabled"`
	IPPolicyIDs types.List `tfsdk:"ip_policy_ids"`
}

type edgeTrafficPolicyModel struct {
	Enabled types.Bool         `tfsdk:"enabled"`
	Value   trafficPolicyValue `tfsdk:"value"`
}

func tcpEdgeModelFromAPI(e *apiclient.TCPEdge) (tcpEdgeModel, error) {
	return tcpEdgeModel{
		ID:            types.StringValue(e.ID),
		URI:           types.StringValue(e.URI),
		CreatedAt:     types.StringValue(e.CreatedAt),
		Description:   types.StringValue(e.Description),
		Metadata:      types.StringValue(e.Metadata),
		Hostports:     edgeHostportsFromAPI(e.Hostports),
		Backend:       edgeBackendFromAPI(e.Backend),
		IPRestriction: edgeIPRestrictionFromAPI(e.IPRestriction),
		TrafficPolicy: edgeTrafficPolicyFromAPI(e.TrafficPolicy),
	}, nil
}

// edgeHostportsFromAPI is null for none, which a configuration writes by
// leaving hostports out (an empty list is refused at plan time).
func edgeHostportsFromAPI(hostports []string) types.List {
	if len(hostports) == 0 {
		return types.ListNull(types.StringType)
	}
	return stringList(hostports)
}

func edgeBackendFromAPI(m *apiclient.EdgeBackend) *edgeBackendModel {
	if m == nil {
		return nil
	}
	return &edgeBackendModel{Enabled: types.BoolValue(m.Enabled), BackendID: types.StringValue(m.Backend.ID)}
}

func edgeIPRestrictionFromAPI(m *apiclient.EdgeIPRestriction) *edgeIPRestrictionModel {
	if m == nil {
		return nil
	}
	ids := make([]string, len(m.IPPolicies))
	for i, p := range m.IPPolicies {
		ids[i] = p.ID
	}
	return &edgeIPRestrictionModel{Enabled: types.BoolValue(m.Enabled), IPPolicyIDs: stringList(ids)}
}

func edgeTrafficPolicyFromAPI(m *apiclient.EdgeTrafficPolicy) *edgeTrafficPolicyModel {
	if m == nil {
		return nil
	}
	return &edgeTrafficPolicyModel{Enabled: types.BoolValue(m.Enabled), Value: newTrafficPolicyValue(&m.Value)}
}

func (m tcpEdgeModel) toCreate() *apiclient.TCPEdgeCreate {
	return &apiclient.TCPEdgeCreate{
		Description:   m.Description.ValueString(),
		Metadata:      m.Metadata.ValueString(),
		Hostports:     listStrings(m.Hostports),
		Backend:       m.Backend.toAPI(),
		IPRestriction: m.IPRestriction.toAPI(),
		TrafficPolicy: m.TrafficPolicy.toAPI(),
	}
}

func (m tcpEdgeModel) toUpdate() *apiclient.TCPEdgeUpdate {
	hostports := listStrings(m.Hostports)
	return &apiclient.TCPEdgeUpdate{
		Description:   m.Description.ValueStringPointer(),
		Metadata:      m.Metadata.ValueStringPointer(),
		Hostports:     &hostports,
		Backend:       m.Backend.toAPI(),
		IPRestriction: m.IPRestriction.toAPI(),
		TrafficPolicy: m.TrafficPolicy.toAPI(),
	}
}

func (m *edgeBackendModel) toAPI() *apiclient.EdgeBackendMutate {
	if m == nil {
		return nil
	}
	return &apiclient.EdgeBackendMutate{Enabled: m.Enabled.ValueBoolPointer(), BackendID: m.BackendID.ValueString()}
}

func (m *edgeIPRestrictionModel) toAPI() *apiclient.EdgeIPRestrictionMutate {
	if m == nil {
		return nil
	}
	return &apiclient.EdgeIPRestrictionMutate{Enabled: m.Enabled.ValueBoolPointer(), IPPolicyIDs: listStrings(m.IPPolicyIDs)}
}

func (m *edgeTrafficPolicyModel) toAPI() *apiclient.EdgeTrafficPolicyMutate {
	if m == nil {
		return nil
	}
	return &apiclient.EdgeTrafficPolicyMutate{Enabled: m.Enabled.ValueBoolPointer(), Value: m.Value.ValueString()}
}

// listStrings is a known list's strings; nil for a null one. NOTE: plans
// are known when they are applied.
func listStrings(l types.List) []string {
	if l.IsNull() || l.IsUnknown() {
		return nil
	}
	out := make([]string, 0, len(l.Elements()))
	for _, e := range l.Elements() {
		if s, ok := e.(types.String); ok {
			out = append(out, s.ValueString())
		}
	}
	return out
}

// removeTCPEdgeModules removes, before an update, the modules the plan no
// longer has: the API's update leaves a module it is not sent alone.
func removeTCPEdgeModules(ctx context.Context, c *apiclient.Client, id string, prior, plan tcpEdgeModel, diags *diag.Diagnostics) {
	removeEdgeModules(diags, "Unable to Update TCP Edge", func(module string) error {
		return apiclient.DeleteTCPEdgeModule(ctx, c, id, module)
	}, []edgeModuleRemoval{
		{apiclient.EdgeModuleBackend, plan.Backend == nil && prior.Backend != nil},
		{apiclient.EdgeModuleIPRestriction, plan.IPRestriction == nil && prior.IPRestriction != nil},
		{apiclient.EdgeModuleTrafficPolicy, plan.TrafficPolicy == nil && prior.TrafficPolicy != nil},
	})
}

// edgeModuleRemoval is a module that an update must remove first (when
// remove): removing mutual TLS must come before the update that passes TLS
// through (ERR_NGROK_1694).
type edgeModuleRemoval struct {
	module string
	remove bool
}

// removeEdgeModules deletes the modules to remove, one by one (a 404 is
// gone); it stops at the first error.
func removeEdgeModules(diags *diag.Diagnostics, summary string, del func(module string) error, removals []edgeModuleRemoval) {
	for _, r := range removals {
		if !r.remove {
			continue
		}
		if err := del(r.module); err != nil && !apiclient.IsNotFound(err) {
			diags.Append(apiErrorDiagnostic(summary, err))
			return
		}
	}
}
