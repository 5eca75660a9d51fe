package provider

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// What the custom string types of this package (endpoint URLs, traffic
// policies) share: each wraps basetypes.StringValue and differs only in how
// two values are compared by meaning.

// stringFromTerraform decodes the Terraform value of a custom string type.
func stringFromTerraform(ctx context.Context, in tftypes.Value) (basetypes.StringValue, error) {
	v, err := basetypes.StringType{}.ValueFromTerraform(ctx, in)
	if err != nil {
		return basetypes.StringValue{}, err
	}
	s, ok := v.(basetypes.StringValue)
	if !ok {
		return basetypes.StringValue{}, fmt.Errorf("unexpected value type %T", v)
	}
	return s, nil
}

// semanticallyEqual is the StringSemanticEquals of a custom string value v:
// newValuable must be of v's own type, and the two texts equivalent.
func semanticallyEqual[V interface {
	basetypes.StringValuable
	ValueString() string
}](v V, newValuable basetypes.StringValuable, equivalent func(a, b string) bool) (bool, diag.Diagnostics) {
	var diags diag.Diagnostics
	other, ok := newValuable.(V)
	if !ok {
		diags.AddError("Semantic Equality Check Error",
			fmt.Sprintf("Expected a value of type %T, got %T. This is a bug in the provider; please report it.", v, newValuable))
		return false, diags
	}
	return equivalent(v.ValueString(), other.ValueString()), diags
}
