package provider

import (
	"context"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

var (
	_ datasource.DataSource              = (*tcpTLSEdgeTrafficPolicyDataSource)(nil)
	_ datasource.DataSourceWithConfigure = (*tcpTLSEdgeTrafficPolicyDataSource)(nil)
)

// ngrok_tcp_edge_traffic_policy and ngrok_tls_edge_traffic_policy: one data
// source of two kinds, the translation in tcp_tls_edge_traffic_policy.go.

func NewTCPEdgeTrafficPolicyDataSource() datasource.DataSource {
	return &tcpTLSEdgeTrafficPolicyDataSource{scheme: schemeTCP}
}

func NewTLSEdgeTrafficPolicyDataSource() datasource.DataSource {
	return &tcpTLSEdgeTrafficPolicyDataSource{scheme: schemeTLS}
}

type tcpTLSEdgeTrafficPolicyDataSource struct {
	client *apiclient.Client
	scheme string // tcp or tls
}

type tcpTLSEdgeTrafficPolicyModel struct {
	EdgeID              types.String `tfsdk:"edge_id"`
	InternalURL         types.String `tfsdk:"internal_url"`
	TrafficPolicy       types.String `tfsdk:"traffic_policy"`
	Endpoints           types.List   `tfsdk:"endpoints"`
	NotMigrated         types.List   `tfsdk:"not_migrated"`
	ForwardInternalURLs types.List   `tfsdk:"forward_internal_urls"`
}

// edgeNotMigratedAttrTypes are a TCP or TLS edge's not_migrated entries,
// which have no route.
var edgeNotMigratedAttrTypes = map[string]attr.Type{"module": types.StringType, "reason": types.StringType}

func (d *tcpTLSEdgeTrafficPolicyDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_" + d.scheme + "_edge_traffic_policy"
}

func (d *tcpTLSEdgeTrafficPolicyDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	noun, prefix, url, internal := "TCP", tcpEdgeIDPrefix, "`tcp://host:port`", "`tcp://<key>-<value>.internal:<port of the edge's first hostport>`"
	extra := ""
	if d.scheme == schemeTLS {
		noun, prefix, url, internal = "TLS", tlsEdgeIDPrefix, "`tls://host` (the port kept unless it is 443)", "`tls://<key>-<value>.internal`"
		extra = " TLS termination at the edge becomes `terminate-tls` (`min_version`; mutual TLS's certificate " +
			"authorities in `mutual_tls_certificate_authorities`); a TLS edge that passes TLS through gets none, and " +
			"its `tls://` internal endpoint receives the client's TLS."
	}
	resp.Schema = schema.Schema{
		Description: "Reads a " + noun + " edge and writes what replaces it: for each hostport, a cloud endpoint URL (" + url +
			") and a traffic policy, in `on_tcp_connect`, that does what the edge did: IP restriction becomes " +
			"`restrict-ips` with the same IP policies, a traffic policy module its `on_tcp_connect` rules in order, a " +
			"tunnel-group backend `forward-internal`, last, and a failover backend one `forward-internal` per tunnel group, " +
			"in order, each but the last with `on_error: continue`." + extra + " What has no equivalent (other backends, a " +
			"disabled module, ...) is listed in `not_migrated` with the reason. Give each `endpoints` entry to an " +
			"`ngrok_cloud_endpoint` (`url` and `traffic_policy`). See the guide \"Moving from edges to cloud endpoints\".",
		Attributes: map[string]schema.Attribute{
			"edge_id": schema.StringAttribute{
				Description: "ID (`" + prefix + "...`) of the " + noun + " edge.",
				Required:    true,
				Validators:  []validator.String{idValidator(prefix, "a "+noun+" edge")},
			},
			"internal_url": schema.StringAttribute{
				Description: "The internal endpoint that replaces the edge's tunnel-group backend, where `forward-internal` " +
					"sends connections, such as `" + exampleInternalURL(d.scheme) + "`. Defaults to one named after the " +
					"backend's labels: " + internal + ".",
				Optional:   true,
				Validators: []validator.String{internalURLValidator{scheme: d.scheme}},
			},
			"traffic_policy": schema.StringAttribute{
				Description: "The traffic policy, as JSON, that every endpoint of the edge takes.",
				Computed:    true,
			},
			"endpoints": migratedEndpointsAttribute(),
			"not_migrated": schema.ListNestedAttribute{
				Description: "The modules, or parts of modules, that the policy does not do, with the reason: to do by hand or to drop knowingly.",
				Computed:    true,
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"module": schema.StringAttribute{Description: "The module (`backend`, `mutual_tls`, ...).", Computed: true},
					"reason": schema.StringAttribute{Description: "Why it is not in the policy, and what to do.", Computed: true},
				}},
			},
			"forward_internal_urls": schema.ListAttribute{
				Description: "The internal endpoint URLs the policy forwards to, in order: start an agent endpoint on each " +
					"(`ngrok " + d.scheme + " ... --url ...`) where the labeled tunnels ran.",
				ElementType: types.StringType,
				Computed:    true,
			},
		},
	}
}

func (d *tcpTLSEdgeTrafficPolicyDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.client = clientFromProviderData(req.ProviderData, &resp.Diagnostics)
}

func (d *tcpTLSEdgeTrafficPolicyDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m tcpTLSEdgeTrafficPolicyModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	noun := strings.ToUpper(d.scheme) + " Edge"
	var in tcpTLSEdgeMigrationInput
	if d.scheme == schemeTLS {
		e, err := apiclient.TLSEdges.Get(ctx, d.client, m.EdgeID.ValueString())
		if err != nil {
			resp.Diagnostics.Append(apiErrorDiagnostic("Unable to Read "+noun, err))
			return
		}
		in = tlsEdgeMigrationInput(e)
	} else {
		e, err := apiclient.TCPEdges.Get(ctx, d.client, m.EdgeID.ValueString())
		if err != nil {
			resp.Diagnostics.Append(apiErrorDiagnostic("Unable to Read "+noun, err))
			return
		}
		in = tcpEdgeMigrationInput(e)
	}
	in.InternalURL = m.InternalURL.ValueString()
	if !d.readBackends(ctx, &in, &resp.Diagnostics) {
		return
	}
	out, err := migrateTCPTLSEdge(in)
	if err != nil {
		resp.Diagnostics.AddError("Unable to Translate "+noun, "The edge "+in.ID+" cannot be translated: "+err.Error())
		return
	}
	m.TrafficPolicy = types.StringValue(out.Policy)
	m.Endpoints = out.endpointsValue()
	nm := make([]attr.Value, len(out.NotMigrated))
	for i, n := range out.NotMigrated {
		nm[i] = types.ObjectValueMust(edgeNotMigratedAttrTypes, map[string]attr.Value{
			"module": types.StringValue(n.Module), "reason": types.StringValue(n.Reason),
		})
	}
	m.NotMigrated = types.ListValueMust(types.ObjectType{AttrTypes: edgeNotMigratedAttrTypes}, nm)
	m.ForwardInternalURLs = stringList(out.ForwardInternalURLs)
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

// readBackends reads the tunnel groups the edge's backend names, itself or
// as a failover backend's members; false after an error.
func (d *tcpTLSEdgeTrafficPolicyDataSource) readBackends(ctx context.Context, in *tcpTLSEdgeMigrationInput, diags *diag.Diagnostics) bool {
	b := in.Backend
	if b == nil || !b.Enabled {
		return true
	}
	ids := []string{b.Backend.ID}
	if strings.HasPrefix(b.Backend.ID, failoverBackendPref) {
		fo, err := apiclient.FailoverBackends.Get(ctx, d.client, b.Backend.ID)
		if err != nil {
			diags.Append(apiErrorDiagnostic("Unable to Read Failover Backend", err))
			return false
		}
		in.Failover, ids = fo, fo.Backends
	} else if in.InternalURL != "" {
		return true
	}
	in.TunnelGroups = map[string]*apiclient.TunnelGroupBackend{}
	for _, id := range ids {
		if !strings.HasPrefix(id, tunnelGroupBackendPref) || in.TunnelGroups[id] != nil {
			continue
		}
		tg, err := d.client.GetTunnelGroupBackend(ctx, id)
		if err != nil {
			diags.Append(apiErrorDiagnostic("Unable to Read Tunnel Group Backend", err))
			return false
		}
		in.TunnelGroups[id] = tg
	}
	return true
}

// internalURLValidator checks internal_url (checkInternalURL).
type internalURLValidator struct{ scheme string }

func (v internalURLValidator) Description(context.Context) string {
	return "an internal endpoint URL, such as " + exampleInternalURL(v.scheme)
}

func (v internalURLValidator) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}

func (v internalURLValidator) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if err := checkInternalURL(v.scheme, req.ConfigValue.ValueString()); err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid Internal URL", err.Error()+".")
	}
}
