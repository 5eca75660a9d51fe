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
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

var (
	_ resource.Resource                   = (*cloudEndpointResource)(nil)
	_ resource.ResourceWithConfigure      = (*cloudEndpointResource)(nil)
	_ resource.ResourceWithImportState    = (*cloudEndpointResource)(nil)
	_ resource.ResourceWithIdentity       = (*cloudEndpointResource)(nil)
	_ resource.ResourceWithModifyPlan     = (*cloudEndpointResource)(nil)
	_ resource.ResourceWithValidateConfig = (*cloudEndpointResource)(nil)
	_ resource.ResourceWithUpgradeState   = (*cloudEndpointResource)(nil)
	_ resource.ResourceWithMoveState      = (*cloudEndpointResource)(nil)
)

func NewCloudEndpointResource() resource.Resource {
	return &cloudEndpointResource{}
}

type cloudEndpointResource struct {
	client *apiclient.Client
}

func (r *cloudEndpointResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_cloud_endpoint"
}

func (r *cloudEndpointResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Version: stateSchemaVersion,
		Description: "A cloud endpoint: a URL that ngrok serves from its cloud, always on, whose traffic is handled " +
			"entirely by its traffic policy (which can forward to internal endpoints started by agents). " +
			"A public `http`, `https` or `tls` endpoint must be on a reserved domain of the account " +
			"(see `ngrok_reserved_domain`). Changing the scheme of `url` replaces the endpoint; every other change, " +
			"the host and port included, is made in place.",
		Attributes: map[string]schema.Attribute{
			"id":         serverSetAttribute("Identifier of the endpoint (`ep_...`)."),
			"uri":        serverSetAttribute("API address of the endpoint."),
			"created_at": serverSetAttribute("When the endpoint was created, RFC 3339."),
			"updated_at": schema.StringAttribute{
				Description: "When the endpoint last changed, RFC 3339. Known after apply whenever the plan changes the endpoint.",
				Computed:    true,
			},
			"url": schema.StringAttribute{
				Description: fmt.Sprintf("URL of the endpoint: scheme %s, a host and, for `tcp`, a port, e.g. "+
					"`https://app.example.com`, `http://api.internal` or `tcp://1.tcp.ngrok.io:12345`. No path, query or fragment. "+
					"The scheme and host are compared case-insensitively and a default port (80 for `http`, 443 for `https` and `tls`) "+
					"may be written or not: neither is a change. A host ending in `.internal` makes the endpoint reachable only "+
					"from other endpoints; any other `http`, `https` or `tls` host must be a reserved domain of the account "+
					"(exactly, or one label under a wildcard reservation such as `*.example.com`). Changing the scheme replaces the endpoint.",
					quotedList(endpointSchemes)),
				Required:   true,
				CustomType: endpointURLType{},
				PlanModifiers: []planmodifier.String{
					equivalentToState("the same URL in another spelling keeps the prior value", equivalentEndpointURLs),
					stringplanmodifier.RequiresReplaceIf(urlSchemeChanges,
						"Changing the scheme of the url replaces the endpoint.", "Changing the scheme of the url replaces the endpoint."),
				},
			},
			"traffic_policy": schema.StringAttribute{
				Description: "The traffic policy that handles the endpoint's traffic, as JSON or YAML text: " +
					"`jsonencode({ on_http_request = [...] })`, a `file()`, or a heredoc. The API keeps the text as written; " +
					"the provider compares policies by meaning, so rewriting the same policy in another notation " +
					"(YAML for JSON, other indentation or key order) is not a change. The policy is checked at plan time " +
					"against ngrok's traffic policy language: its phases (`on_tcp_connect`, `on_http_request`, " +
					"`on_http_response`, `on_event_stream_message`), each rule's `name`, `expressions` and `actions` (a list), " +
					"each action's `type`, the phases it may run in and its `config` fields, their types and which are required, " +
					"its CEL expressions and `${...}` interpolations (against the variables and macros ngrok documents); an error " +
					"names the rule and action by index and name, and offers the closest action type for a misspelt one. " +
					"What ngrok's action reference documents of each value is checked too (ranges, durations, counts, " +
					"CIDRs, internal endpoint URLs, status codes, macro arities), and the phases the url's protocol runs " +
					"(`on_tcp_connect` only, for `tcp://` and `tls://`); a `secrets.get` of a vault or secret the account " +
					"does not have is a warning. A policy that holds a value known only at apply (an `ngrok_ip_policy`'s " +
					"`id`) is, written with `jsonencode`, checked then; written with `provider::ngrok::traffic_policy({ ... })` " +
					"it is checked at plan time, its unknown parts standing for values of their type.",
				Required:      true,
				CustomType:    trafficPolicyType{},
				PlanModifiers: []planmodifier.String{equivalentToState("the same policy in another notation keeps the prior value", equivalentTrafficPolicies)},
			},
			"description": descriptionResourceAttribute(),
			"metadata":    metadataResourceAttribute(),
			"bindings": schema.ListAttribute{
				Description: fmt.Sprintf("Where the endpoint can be reached from: exactly one of %s. "+
					"Defaults to `[\"internal\"]` for a host ending in `.internal` and to `[\"public\"]` otherwise. "+
					"`internal` is allowed only on, and is the only binding of, a `.internal` host; "+
					"`kubernetes` makes the endpoint reachable from a Kubernetes cluster running the ngrok operator.",
					quotedList(endpointBindings)),
				Optional:    true,
				Computed:    true,
				ElementType: types.StringType,
				Validators: []validator.List{
					listvalidator.SizeBetween(1, 1),
					listvalidator.ValueStringsAre(stringvalidator.OneOf(endpointBindings...)),
				},
			},
			"pooling_enabled": schema.BoolAttribute{
				Description: "Whether other endpoints on the same URL share its traffic (endpoint pooling). Defaults to `false`.",
				Optional:    true,
				Computed:    true,
				Default:     booldefault.StaticBool(false),
			},
			"proto": schema.StringAttribute{
				Description: "Protocol of the endpoint: the scheme of `url`.",
				Computed:    true,
			},
			"hostport": schema.StringAttribute{
				Description: "Host and port of the endpoint, the port always written (e.g. `app.example.com:443`).",
				Computed:    true,
			},
			"public_url": schema.StringAttribute{
				Description: "URL of the endpoint as ngrok writes it: lower case, without a default port.",
				Computed:    true,
			},
			"domain_id": schema.StringAttribute{
				Description: "ID of the reserved domain (`rd_...`) the endpoint is on; null for `.internal` and `tcp` endpoints " +
					"and for endpoints on hosts that are not reserved domains. Known after apply whenever the endpoint is " +
					"updated: ngrok may then move it to a more specific reservation made since (`app.example.com` rather " +
					"than `*.example.com`).",
				Computed: true,
			},
		},
	}
}

func (r *cloudEndpointResource) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	resp.IdentitySchema = idIdentitySchema("cloud endpoint", endpointIDPrefix)
}

func (r *cloudEndpointResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.client = clientFromProviderData(req.ProviderData, &resp.Diagnostics)
}

// ValidateConfig checks, when both are known, that the bindings suit the
// url's host, as the API will, and that the policy's phases are its
// protocol's.
func (r *cloudEndpointResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	// NOTE: the three attributes it checks, read one by one: every plan
	// validates every endpoint, and a whole-model Get maps all fourteen by
	// reflection.
	var cfg cloudEndpointModel
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("url"), &cfg.URL)...)
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("bindings"), &cfg.Bindings)...)
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("traffic_policy"), &cfg.TrafficPolicy)...)
	if !resp.Diagnostics.HasError() {
		validateTrafficPolicyForURL(cfg.TrafficPolicy, cfg.URL.StringValue, path.Root("traffic_policy"), &resp.Diagnostics)
	}
	if resp.Diagnostics.HasError() || cfg.URL.IsNull() || cfg.URL.IsUnknown() || cfg.Bindings.IsNull() || cfg.Bindings.IsUnknown() {
		return
	}
	u, err := parseEndpointURL(cfg.URL.ValueString())
	if err != nil {
		return // reported by the url's own validation
	}
	for _, b := range cfg.Bindings.Elements() {
		s, ok := b.(types.String)
		if !ok || s.IsUnknown() || s.IsNull() {
			continue
		}
		switch {
		case s.ValueString() == bindingInternal && !u.internal():
			resp.Diagnostics.AddAttributeError(path.Root("bindings"), "Invalid Attribute Combination",
				fmt.Sprintf("The %q binding needs a url whose host ends in %s; %q does not. Use a .internal host, or another binding.",
					bindingInternal, internalHostSuffix, u.host))
		case s.ValueString() != bindingInternal && u.internal():
			resp.Diagnostics.AddAttributeError(path.Root("bindings"), "Invalid Attribute Combination",
				fmt.Sprintf("The host %q ends in %s, so the endpoint's only possible binding is %q, not %q. "+
					"Remove bindings, or use a host that is not .internal.", u.host, internalHostSuffix, bindingInternal, s.ValueString()))
		}
	}
}

// ModifyPlan plans what the API will do without asking it:
//   - bindings not configured: the API's default for the url's host;
//   - url unchanged (in meaning): proto, hostport and public_url keep their
//     values, and they are known after apply otherwise;
//   - nothing changes (once notation is set aside): updated_at and
//     domain_id keep their values, so that they are known after apply only
//     when something changes.
//
// A policy that reads a secret the account lacks is a warning
// (warnMissingSecrets).
//
// A plan equal to the state (every refresh of an unchanged endpoint) needs
// none of this unless its bindings are not configured and differ from the
// url's default; it is left as it is without reading it whole.
func (r *cloudEndpointResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.Plan.Raw.IsNull() {
		return
	}
	if !req.State.Raw.IsNull() && req.Plan.Raw.Equal(req.State.Raw) && planKeepsBindings(ctx, req) {
		return
	}
	var plan, cfg cloudEndpointModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	warnMissingSecrets(ctx, r.client, cfg.TrafficPolicy, path.Root("traffic_policy"), &resp.Diagnostics)

	if cfg.Bindings.IsNull() {
		plan.Bindings = types.ListUnknown(types.StringType)
		if !plan.URL.IsUnknown() {
			if u, err := parseEndpointURL(plan.URL.ValueString()); err == nil {
				list, diags := types.ListValueFrom(ctx, types.StringType, u.defaultBindings())
				resp.Diagnostics.Append(diags...)
				plan.Bindings = list
			}
		}
	}

	if !req.State.Raw.IsNull() {
		var state cloudEndpointModel
		resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
		if resp.Diagnostics.HasError() {
			return
		}
		if !plan.URL.IsUnknown() && equivalentEndpointURLs(plan.URL.ValueString(), state.URL.ValueString()) {
			plan.Proto, plan.Hostport, plan.PublicURL = state.Proto, state.Hostport, state.PublicURL
		}
		// NOTE: domain_id depends on the account's reservations too: an
		// update may move the endpoint to a more specific reservation made
		// since, so it is known in the plan only when nothing is updated.
		if plan.sameSettings(state) {
			plan.UpdatedAt, plan.DomainID = state.UpdatedAt, state.DomainID
		} else {
			// NOTE: the framework marks them unknown only when the
			// configuration differs from the state; a change that only
			// this method plans (bindings back to the url's default after
			// a change outside Terraform) finds them at the state's values.
			plan.UpdatedAt, plan.DomainID = types.StringUnknown(), types.StringUnknown()
		}
	}
	resp.Diagnostics.Append(resp.Plan.Set(ctx, plan)...)
}

// planKeepsBindings reports whether ModifyPlan would leave the plan's
// bindings as they are: they are configured, or they are the default of
// the planned url.
func planKeepsBindings(ctx context.Context, req resource.ModifyPlanRequest) bool {
	var configured, planned types.List
	var url endpointURLValue
	if req.Config.GetAttribute(ctx, path.Root("bindings"), &configured).HasError() {
		return false
	}
	if !configured.IsNull() {
		return true
	}
	if req.Plan.GetAttribute(ctx, path.Root("url"), &url).HasError() ||
		req.Plan.GetAttribute(ctx, path.Root("bindings"), &planned).HasError() ||
		url.IsUnknown() || url.IsNull() || planned.IsUnknown() || planned.IsNull() {
		return false
	}
	u, err := parseEndpointURL(url.ValueString())
	if err != nil {
		return false
	}
	defaults := u.defaultBindings()
	elems := planned.Elements()
	if len(elems) != len(defaults) {
		return false
	}
	for i, e := range elems {
		s, ok := e.(types.String)
		if !ok || s.IsNull() || s.IsUnknown() || s.ValueString() != defaults[i] {
			return false
		}
	}
	return true
}

func (r *cloudEndpointResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan cloudEndpointModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	body, diags := plan.toCreate(ctx)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}

	ep, err := r.client.CreateEndpoint(ctx, body)
	if ep != nil {
		resp.Diagnostics.Append(setIDIdentity(ctx, resp.Identity, ep.ID)...)
	}
	if err != nil {
		resp.Diagnostics.Append(apiErrorDiagnostic("Unable to Create Cloud Endpoint", err))
		if ep == nil {
			return
		}
		// NOTE: interrupted after the API made it: saved below, with the
		// error, so that Terraform tracks it (tainted).
	}
	tflog.Info(ctx, "created cloud endpoint", map[string]any{"id": ep.ID, "url": ep.URL})

	resp.Diagnostics.Append(resp.State.Set(ctx, cloudEndpointModelFromAPI(ep))...)
}

func (r *cloudEndpointResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	id := stateID(ctx, req.State, &resp.Diagnostics)
	resp.Diagnostics.Append(setIDIdentity(ctx, resp.Identity, id)...)
	if resp.Diagnostics.HasError() {
		return
	}

	ep := readObject(ctx, resp, "cloud endpoint", "Cloud Endpoint", id, r.client.GetEndpoint)
	if ep == nil {
		return
	}
	if ep.Type != apiclient.EndpointTypeCloud {
		resp.Diagnostics.AddError("Not a Cloud Endpoint",
			fmt.Sprintf("The endpoint %s is of type %q, and ngrok_cloud_endpoint manages only cloud endpoints: "+
				"agent (ephemeral) endpoints come and go with their agent, edge endpoints with their edge. "+
				"Read it with the ngrok_endpoint data source instead.", ep.ID, ep.Type))
		return
	}

	resp.Diagnostics.Append(resp.State.Set(ctx, cloudEndpointModelFromAPI(ep))...)
}

func (r *cloudEndpointResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan cloudEndpointModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	body, diags := plan.toUpdate(ctx)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}

	resp.Diagnostics.Append(setIDIdentity(ctx, resp.Identity, plan.ID.ValueString())...)
	var prior cloudEndpointModel
	var before any
	if !req.State.Get(ctx, &prior).HasError() {
		if b, diags := prior.toUpdate(ctx); !diags.HasError() {
			before = b
		}
	}
	var ep *apiclient.Endpoint
	var err error
	if sameUpdate(body, before) {
		// NOTE: nothing the API holds changes; the API refuses a PATCH
		// that gives no field (ERR_NGROK_18004).
		ep, err = r.client.GetEndpoint(ctx, plan.ID.ValueString())
	} else {
		ep, err = r.client.UpdateEndpoint(ctx, plan.ID.ValueString(), body)
	}
	if err != nil {
		resp.Diagnostics.Append(apiErrorDiagnostic("Unable to Update Cloud Endpoint", err))
		return
	}

	resp.Diagnostics.Append(resp.State.Set(ctx, cloudEndpointModelFromAPI(ep))...)
}

func (r *cloudEndpointResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	deleteObject(ctx, req.State, &resp.Diagnostics, "cloud endpoint", "Cloud Endpoint", r.client.DeleteEndpoint)
}

func (r *cloudEndpointResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	cloudEndpointImport.importState(ctx, r.client, req, resp)
}

// cloudEndpointImport accepts the endpoint's ID (ep_...) or its url (a
// natural key, in any spelling that the url attribute treats as the same
// url), which is looked up among the account's cloud endpoints; an identity
// holds the ID.
var cloudEndpointImport = importSpec{
	keys:    []importKey{{attr: "id", prefix: endpointIDPrefix, noun: "a cloud endpoint"}},
	findIDs: "in the ngrok dashboard or with the ngrok_endpoints data source (type = \"cloud\")",
	natural: &naturalKeyImport{
		name: "url", examples: "https://app.example.com or tcp://1.tcp.ngrok.io:12345",
		check: func(key string) error {
			_, err := parseEndpointURL(key)
			return err
		},
		resolve: func(ctx context.Context, client *apiclient.Client, key string, diags *diag.Diagnostics) string {
			u, err := parseEndpointURL(key)
			if err != nil {
				return "" // check refused it
			}
			return cloudEndpointIDByURL(ctx, client, u, diags)
		},
	},
}

// cloudEndpointIDByURL resolves a cloud endpoint's URL, in any spelling of
// it that the resource treats as the same URL, to its ID.
func cloudEndpointIDByURL(ctx context.Context, client *apiclient.Client, u endpointURL, diags *diag.Diagnostics) string {
	key := u.String()
	k := naturalKey{
		noun: "cloud endpoint", title: "Cloud Endpoint", keyName: "url", keyTitle: "URL", key: key,
		filter: "obj.type == " + celString(apiclient.EndpointTypeCloud) + " && obj.url == " + celString(key),
		notFoundHint: "Check the scheme, host and port. Only cloud endpoints are looked up: an agent endpoint with " +
			"this url is not one, and ngrok_cloud_endpoint cannot manage it. Or import by ID (" + endpointIDPrefix +
			"...), which the ngrok dashboard and the ngrok_endpoints data source (type = \"cloud\") show.",
	}
	return resolveNaturalKey(k, client.ListEndpoints(ctx, &apiclient.ListOptions{Filter: k.filter}),
		func(ep *apiclient.Endpoint) string { return ep.ID },
		func(ep *apiclient.Endpoint) bool {
			got, err := parseEndpointURL(ep.URL)
			return ep.Type == apiclient.EndpointTypeCloud && err == nil && got == u
		},
		diags)
}

// urlSchemeChanges requires replacement when the scheme changes: the API
// cannot change it in place (ERR_NGROK_18005).
func urlSchemeChanges(_ context.Context, req planmodifier.StringRequest, resp *stringplanmodifier.RequiresReplaceIfFuncResponse) {
	if req.StateValue.IsNull() || req.PlanValue.IsUnknown() || req.PlanValue.IsNull() {
		return
	}
	before, errBefore := parseEndpointURL(req.StateValue.ValueString())
	after, errAfter := parseEndpointURL(req.PlanValue.ValueString())
	resp.RequiresReplace = errBefore == nil && errAfter == nil && before.scheme != after.scheme
}
