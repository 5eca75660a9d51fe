package provider

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// clientFromProviderData returns the client that the provider's Configure
// handed over. It is nil while the provider is not configured yet, which the
// framework allows during validation.
func clientFromProviderData(data any, diags *diag.Diagnostics) *apiclient.Client {
	if data == nil {
		return nil
	}
	client, ok := data.(*apiclient.Client)
	if !ok {
		diags.AddError("Unexpected Provider Data",
			fmt.Sprintf("Expected *apiclient.Client, got %T. This is a bug in the provider; please report it.", data))
		return nil
	}
	return client
}

// attributeGetter is what tfsdk.Config, tfsdk.Plan and tfsdk.State have in
// common: reading one attribute.
type attributeGetter interface {
	GetAttribute(ctx context.Context, p path.Path, target any) diag.Diagnostics
}

// stateID is the id attribute of a resource's state, for a Read or Delete
// that needs nothing else from it. NOTE: reading the one attribute costs
// about a fifteenth of a whole-model Get, which maps every field by
// reflection (and compiles a regular expression per field), on every
// refresh of every object.
func stateID(ctx context.Context, state attributeGetter, diags *diag.Diagnostics) string {
	var id types.String
	diags.Append(state.GetAttribute(ctx, path.Root("id"), &id)...)
	return id.ValueString()
}

// readObject is the API read of a resource's Read: the object with ID id,
// by get. An object that is gone (deleted outside Terraform) is removed
// from the state with a log line; it and an error (reported in resp) return
// nil. noun names the object in the log, title in the summary.
func readObject[A any](ctx context.Context, resp *resource.ReadResponse, noun, title, id string,
	get func(context.Context, string) (*A, error)) *A {
	obj, err := get(ctx, id)
	if apiclient.IsNotFound(err) {
		tflog.Warn(ctx, noun+" not found, removing it from state", map[string]any{"id": id})
		resp.State.RemoveResource(ctx)
		return nil
	}
	if err != nil {
		resp.Diagnostics.Append(apiErrorDiagnostic("Unable to Read "+title, err))
		return nil
	}
	return obj
}

// deleteObject is the Delete of a resource whose state holds its object's
// id: it deletes the object by del, and takes one that is gone already as
// deleted. noun names the object in the log, title in the summary.
func deleteObject(ctx context.Context, state tfsdk.State, diags *diag.Diagnostics, noun, title string,
	del func(context.Context, string) error) {
	id := stateID(ctx, state, diags)
	if diags.HasError() {
		return
	}
	err := del(ctx, id)
	if apiclient.IsNotFound(err) {
		tflog.Info(ctx, noun+" already deleted", map[string]any{"id": id})
		return
	}
	if err != nil {
		diags.Append(apiErrorDiagnostic("Unable to Delete "+title, err))
	}
}

// quotedList renders values as `a`, `b` or `c` for attribute descriptions.
func quotedList(values []string) string {
	q := make([]string, len(values))
	for i, v := range values {
		q[i] = "`" + v + "`"
	}
	switch len(q) {
	case 0:
		return ""
	case 1:
		return q[0]
	}
	return strings.Join(q[:len(q)-1], ", ") + " or " + q[len(q)-1]
}

func quotedInts(values []int64) string {
	s := make([]string, len(values))
	for i, v := range values {
		s[i] = strconv.FormatInt(v, 10)
	}
	return quotedList(s)
}

// quotedOrList renders values as a, b or c without backquotes, for messages.
func quotedOrList(values []string) string {
	return strings.ReplaceAll(quotedList(values), "`", "")
}

// shortDuration writes whole hours and minutes the way people do: "1h",
// "30m", "1h30m", rather than time.Duration's "1h0m0s".
func shortDuration(d time.Duration) string {
	s := d.String()
	if d > 0 && d%time.Minute == 0 {
		s = strings.TrimSuffix(s, "0s")
		if d%time.Hour == 0 {
			s = strings.TrimSuffix(s, "0m")
		}
	}
	return s
}

// capitalize upper-cases the first letter of a message that starts with one,
// such as an error's text at the start of a diagnostic's detail.
func capitalize(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

// celString quotes s as a string literal of a CEL filter.
func celString(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`, "\r", `\r`, "\t", `\t`)
	return `"` + r.Replace(s) + `"`
}
