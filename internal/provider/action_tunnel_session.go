package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/action/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// The tunnel session actions are the API's three verbs on an online agent
// (POST /tunnel_sessions/{id}/restart, /stop, /update): operations, not
// state, so actions (Terraform 1.14 and later), invoked with
// `terraform apply -invoke=action.ngrok_tunnel_session_restart.x` or from a
// resource's lifecycle action_trigger. Each asks the agent and returns: the
// agent obeys on its own time, and a restarted one reconnects with a new
// session ID.

// tunnelSessionVerb declares one action.
type tunnelSessionVerb struct {
	name        string // "restart": ngrok_tunnel_session_restart
	description string
	call        func(context.Context, *apiclient.Client, string) error
	// done is the progress message, after the session's ID.
	done string
	// goneIsDone: a session that is not online (404) is what the verb
	// wants, so a warning rather than an error, as a delete of a deleted
	// object is a success.
	goneIsDone bool
}

var tunnelSessionVerbs = []tunnelSessionVerb{
	{
		name: "restart",
		description: "Restarts the ngrok agent of a tunnel session: the agent re-executes itself and reconnects with a new " +
			"tunnel session ID (and the agent version a prior `ngrok_tunnel_session_update` installed). " +
			"SSH sessions and agents on Windows cannot restart.",
		call: apiclient.RestartTunnelSession,
		done: "asked to restart; the agent reconnects with a new tunnel session ID",
	},
	{
		name: "stop",
		description: "Stops the ngrok agent of a tunnel session: the agent exits, and its session, tunnels and agent endpoints " +
			"go offline. Nothing restarts it but whatever started it. A session that is already offline is a warning, not an error.",
		call:       apiclient.StopTunnelSession,
		done:       "asked to stop",
		goneIsDone: true,
	},
	{
		name: "update",
		description: "Updates the ngrok agent of a tunnel session to the newest version of its major version (never to a new " +
			"major version). The agent runs the new version once restarted: follow it with `ngrok_tunnel_session_restart` " +
			"(ngrok suggests waiting at least 10 seconds). It fails when no update is available, when the agent's configuration " +
			"disables update checks, when an update awaits its restart, and for SSH sessions.",
		call: apiclient.UpdateTunnelSession,
		done: "asked to update; restart it to run the new version",
	},
}

// tunnelSessionActions are the constructors of the actions, for provider.go.
func tunnelSessionActions() []func() action.Action {
	out := make([]func() action.Action, 0, len(tunnelSessionVerbs))
	for _, v := range tunnelSessionVerbs {
		out = append(out, func() action.Action { return &tunnelSessionAction{verb: v} })
	}
	return out
}

var _ action.ActionWithConfigure = (*tunnelSessionAction)(nil)

type tunnelSessionAction struct {
	verb   tunnelSessionVerb
	client *apiclient.Client
}

type tunnelSessionActionModel struct {
	TunnelSessionID types.String `tfsdk:"tunnel_session_id"`
}

func (a *tunnelSessionAction) Metadata(_ context.Context, req action.MetadataRequest, resp *action.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_tunnel_session_" + a.verb.name
}

func (a *tunnelSessionAction) Schema(_ context.Context, _ action.SchemaRequest, resp *action.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: a.verb.description,
		Attributes: map[string]schema.Attribute{
			"tunnel_session_id": schema.StringAttribute{
				Description: "ID of the tunnel session (`ts_...`), such as one of the `ngrok_tunnel_sessions` data source.",
				Required:    true,
				Validators:  []validator.String{idValidator(tunnelSessionIDPrefix, "a tunnel session")},
			},
		},
	}
}

func (a *tunnelSessionAction) Configure(_ context.Context, req action.ConfigureRequest, resp *action.ConfigureResponse) {
	a.client = clientFromProviderData(req.ProviderData, &resp.Diagnostics)
}

func (a *tunnelSessionAction) Invoke(ctx context.Context, req action.InvokeRequest, resp *action.InvokeResponse) {
	var m tunnelSessionActionModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	id := m.TunnelSessionID.ValueString()
	err := a.verb.call(ctx, a.client, id)
	if a.verb.goneIsDone && apiclient.IsNotFound(err) {
		resp.Diagnostics.AddWarning("Tunnel Session Already Offline",
			"Tunnel session "+id+" is not online: there is nothing to "+a.verb.name+".")
		return
	}
	if err != nil {
		resp.Diagnostics.Append(apiErrorDiagnostic("Unable to "+capitalize(a.verb.name)+" Tunnel Session", err))
		return
	}
	tflog.Info(ctx, a.verb.name+" tunnel session", map[string]any{"id": id})
	resp.SendProgress(action.InvokeProgressEvent{Message: "Tunnel session " + id + " " + a.verb.done + "."})
}
