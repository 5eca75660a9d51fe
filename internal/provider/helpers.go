package provider

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
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

// rawAttributes are the attributes of a configuration's, plan's or state's
// raw value, for reading a few of them without GetAttribute, which walks
// the schema along the path and adds a logging field on every call.
//
// NOTE: a plan calls ValidateConfig and ModifyPlan for every object; reading
// their few attributes from one map costs a fraction of as many GetAttribute
// calls (BenchmarkCAKeyOptions).
func rawAttributes(raw tftypes.Value, diags *diag.Diagnostics) map[string]tftypes.Value {
	var attrs map[string]tftypes.Value
	if err := raw.As(&attrs); err != nil {
		diags.AddError("Value Conversion Error", "The resource's value is not an object: "+err.Error()+
			". This is a bug in the provider; please report it.")
	}
	return attrs
}

// rawAttribute is attribute name of attrs (from rawAttributes) as a value of
// the framework type typ.
func rawAttribute[T attr.Value](ctx context.Context, attrs map[string]tftypes.Value, name string, typ attr.Type, diags *diag.Diagnostics) T {
	var zero T
	tv, ok := attrs[name]
	if !ok {
		diags.AddError("Value Conversion Error", fmt.Sprintf("The resource has no attribute %q. This is a bug in the provider; please report it.", name))
		return zero
	}
	v, err := typ.ValueFromTerraform(ctx, tv)
	if err != nil {
		diags.AddError("Value Conversion Error", fmt.Sprintf("Attribute %q: %s. This is a bug in the provider; please report it.", name, err))
		return zero
	}
	t, ok := v.(T)
	if !ok {
		diags.AddError("Value Conversion Error", fmt.Sprintf("Attribute %q: a %T, not a %T. This is a bug in the provider; please report it.", name, v, zero))
	}
	return t
}

// setStateValues sets a resource's whole state from the value of each of
// its attributes, as State.Set of a model does but without mapping the
// model's fields by reflection: a Read on the hot path (every object's
// refresh) builds the state's value directly. values must hold every
// attribute of the schema, and nothing else.
//
// NOTE: in a plan of 1,000 SSH authorities State.Set was a third of the
// provider's own part of the CPU profile once the SDKs' logging was off;
// this costs a fraction of it (BenchmarkReadStateSet). The value still goes
// through State.Set, which checks its type against the schema.
func setStateValues(ctx context.Context, state *tfsdk.State, values map[string]attr.Value) diag.Diagnostics {
	var diags diag.Diagnostics
	typ, ok := state.Raw.Type().(tftypes.Object)
	if !ok {
		if typ, ok = state.Schema.Type().TerraformType(ctx).(tftypes.Object); !ok {
			diags.AddError("State Write Error", "The resource's schema is not an object. This is a bug in the provider; please report it.")
			return diags
		}
	}
	if len(values) != len(typ.AttributeTypes) {
		diags.AddError("State Write Error", fmt.Sprintf("The provider has %d attribute values for a schema of %d attributes. "+
			"This is a bug in the provider; please report it.", len(values), len(typ.AttributeTypes)))
		return diags
	}
	raw := make(map[string]tftypes.Value, len(values))
	for name := range typ.AttributeTypes {
		v, ok := values[name]
		if ok && v == nil {
			ok = false
		}
		if !ok {
			diags.AddError("State Write Error", fmt.Sprintf("The provider has no value for attribute %q. "+
				"This is a bug in the provider; please report it.", name))
			return diags
		}
		tv, err := v.ToTerraformValue(ctx)
		if err != nil {
			diags.AddError("State Write Error", fmt.Sprintf("Attribute %q: %s. This is a bug in the provider; please report it.", name, err))
			return diags
		}
		// NOTE: tftypes.NewValue panics on a value of another type.
		if !tv.Type().UsableAs(typ.AttributeTypes[name]) {
			diags.AddError("State Write Error", fmt.Sprintf("Attribute %q: a %s value for a %s attribute. This is a bug in the provider; please report it.",
				name, tv.Type(), typ.AttributeTypes[name]))
			return diags
		}
		raw[name] = tv
	}
	return state.Set(ctx, tftypes.NewValue(typ, raw))
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
