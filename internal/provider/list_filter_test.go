package provider

import (
	"context"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apifilter"
)

// Every filter the examples show is one the API accepts.
func TestExampleFiltersAreInTheDocumentedSubset(t *testing.T) {
	t.Parallel()
	for _, f := range exampleAttributeValues(t, "filter") {
		if err := apifilter.Check(f, ""); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
}

func TestFilterValidator(t *testing.T) {
	t.Parallel()
	tests := []struct {
		path   string
		filter types.String
		want   string // "" valid; else part of the error's detail
	}{
		{"/ip_policies", types.StringValue(`obj.description.startsWith("office")`), ""},
		{"/ip_policies", types.StringNull(), ""},
		{"/ip_policies", types.StringUnknown(), ""},
		{"/ip_policies", types.StringValue("  "), ""},
		{"/ip_policy_rules", types.StringValue(`obj.ip_policy.id == "ipp_1" && obj.action == "deny"`), ""},
		{"/ip_policies", types.StringValue(`obj.cidr == "x"`),
			"400 invalid_cel_expression): Invalid CEL query: unsupported field: obj.cidr (must be obj.id, obj.created_at, obj.description, or obj.metadata)"},
		{"/endpoints", types.StringValue(`has(obj.description)`), "the function has() is not supported"},
		{"/endpoints", types.StringValue(`obj.id.contains("x")`), "high-entropy field obj.id"},
		{"/endpoints", types.StringValue(`obj.type ==`), "Syntax error"},
	}
	for _, tt := range tests {
		resp := &validator.StringResponse{}
		filterValidator{path: tt.path}.ValidateString(context.Background(),
			validator.StringRequest{Path: path.Root("filter"), ConfigValue: tt.filter}, resp)
		switch {
		case tt.want == "" && resp.Diagnostics.HasError():
			t.Errorf("%s %s: %v", tt.path, tt.filter, resp.Diagnostics)
		case tt.want != "" && (!resp.Diagnostics.HasError() || !strings.Contains(resp.Diagnostics.Errors()[0].Detail(), tt.want)):
			t.Errorf("%s %s: %v, want an error with %q", tt.path, tt.filter, resp.Diagnostics, tt.want)
		}
	}
}

// The description of a list's filter names the fields the API takes.
func TestFilterDescriptionNamesTheFields(t *testing.T) {
	t.Parallel()
	d := filterDescription("service user", "`obj.id == \"bot_...\"`", "/service_users")
	if !strings.Contains(d, "the fields `obj.id`, `obj.created_at`, with") || !strings.Contains(d, apiFilteringDocs) {
		t.Errorf("description: %s", d)
	}
}
