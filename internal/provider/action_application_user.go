package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/action/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// ngrok_application_session_delete and ngrok_application_user_delete: the
// API deletes application sessions and users (DELETE /app/sessions/{id},
// /app/users/{id}), which Terraform cannot manage (visitors make them by
// signing in), so the deletes are operations: signing a visitor out, or
// forgetting one with their sessions, as after a security incident.

// applicationDelete declares one delete action.
type applicationDelete struct {
	name        string // "application_session": ngrok_application_session_delete
	attr        string // "application_session_id"
	noun        string
	description string
	remove      func(context.Context, *apiclient.Client, string) error
}

var applicationDeletes = []applicationDelete{
	{
		name: "application_session", attr: "application_session_id", noun: "application session",
		description: "Deletes an application session: the visitor is signed out of the endpoint and signs in again " +
			"through its OAuth or OIDC on the next request. A session that is already gone is a warning, not an error.",
		remove: func(ctx context.Context, c *apiclient.Client, id string) error {
			return apiclient.ApplicationSessions.Delete(ctx, c, id)
		},
	},
	{
		name: "application_user", attr: "application_user_id", noun: "application user",
		description: "Deletes an application user, with their sessions: the visitor is signed out everywhere and " +
			"becomes a new application user on their next sign-in. A user that is already gone is a warning, not an error.",
		remove: func(ctx context.Context, c *apiclient.Client, id string) error {
			return apiclient.ApplicationUsers.Delete(ctx, c, id)
		},
	},
}

// applicationDeleteActions are the constructors of the actions, for
// provider.go.
func applicationDeleteActions() []func() action.Action {
	out := make([]func() action.Action, 0, len(applicationDeletes))
	for _, d := range applicationDeletes {
		out = append(out, func() action.Action { return &applicationDeleteAction{d: d} })
	}
	return out
}

var _ action.ActionWithConfigure = (*applicationDeleteAction)(nil)

type applicationDeleteAction struct {
	d      applicationDelete
	client *apiclient.Client
}

func (a *applicationDeleteAction) Metadata(_ context.Context, req action.MetadataRequest, resp *action.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_" + a.d.name + "_delete"
}

func (a *applicationDeleteAction) Schema(_ context.Context, _ action.SchemaRequest, resp *action.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: a.d.description,
		Attributes: map[string]schema.Attribute{
			a.d.attr: schema.StringAttribute{
				Description: "ID of the " + a.d.noun + ", such as one of the `ngrok_" + a.d.name + "s` data source.",
				Required:    true,
				// NOTE: no prefix check: ngrok documents no ID of these objects.
				Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
			},
		},
	}
}

func (a *applicationDeleteAction) Configure(_ context.Context, req action.ConfigureRequest, resp *action.ConfigureResponse) {
	a.client = clientFromProviderData(req.ProviderData, &resp.Diagnostics)
}

func (a *applicationDeleteAction) Invoke(ctx context.Context, req action.InvokeRequest, resp *action.InvokeResponse) {
	var id types.String
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root(a.d.attr), &id)...)
	if resp.Diagnostics.HasError() {
		return
	}
	err := a.d.remove(ctx, a.client, id.ValueString())
	switch {
	case apiclient.IsNotFound(err):
		resp.Diagnostics.AddWarning(titleCase(a.d.noun)+" Already Deleted",
			"There is no "+a.d.noun+" "+id.ValueString()+": there is nothing to delete.")
		return
	case err != nil:
		resp.Diagnostics.Append(apiErrorDiagnostic("Unable to Delete "+titleCase(a.d.noun), err))
		return
	}
	tflog.Info(ctx, "deleted "+a.d.noun, map[string]any{"id": id.ValueString()})
	resp.SendProgress(action.InvokeProgressEvent{Message: capitalize(a.d.noun) + " " + id.ValueString() + " deleted."})
}
