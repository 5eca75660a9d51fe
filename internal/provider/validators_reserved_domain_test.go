package provider

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

func validateRDString(v validator.String, value types.String) (summary string, failed bool) {
	resp := &validator.StringResponse{}
	v.ValidateString(context.Background(), validator.StringRequest{Path: path.Root("x"), ConfigValue: value}, resp)
	if !resp.Diagnostics.HasError() {
		return "", false
	}
	return resp.Diagnostics.Errors()[0].Summary(), true
}

func TestDomainNameValidator(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		value types.String
		ok    bool
	}{
		{types.StringValue("app.example.com"), true},
		{types.StringValue("Example.COM."), true},
		{types.StringValue("*.example.com"), true},
		{types.StringNull(), true},
		{types.StringUnknown(), true},
		{types.StringValue("https://app.example.com/"), false},
		{types.StringValue("example"), false},
	} {
		summary, failed := validateRDString(domainNameValidator{}, tc.value)
		if failed == tc.ok || (failed && summary != "Invalid Domain Name") {
			t.Errorf("%v: failed %v (%q), want ok %v", tc.value, failed, summary, tc.ok)
		}
	}
}

func TestPositiveDurationValidator(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		value types.String
		ok    bool
	}{
		{types.StringValue("30s"), true},
		{types.StringValue("1h30m"), true},
		{types.StringValue("250ms"), true},
		{types.StringNull(), true},
		{types.StringUnknown(), true},
		{types.StringValue("10"), false},
		{types.StringValue("ten minutes"), false},
		{types.StringValue("0s"), false},
		{types.StringValue("-5m"), false},
		{types.StringValue(""), false},
	} {
		summary, failed := validateRDString(durationValidator{}, tc.value)
		if failed == tc.ok || (failed && summary != "Invalid Duration") {
			t.Errorf("%v: failed %v (%q), want ok %v", tc.value, failed, summary, tc.ok)
		}
	}
}

func TestCapitalize(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"the label": "The label", `"x" is`: `"x" is`, "": "", "Already": "Already"} {
		if got := capitalize(in); got != want {
			t.Errorf("capitalize(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestResolvesToValidator(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		value types.Set
		ok    bool
	}{
		"points of presence": {rdSet("eu", "us-cal-1"), true},
		"global alone":       {rdSet("global"), true},
		"empty":              {rdSet(), true},
		"null":               {types.SetNull(types.StringType), true},
		"unknown":            {types.SetUnknown(types.StringType), true},
		"global and another": {rdSet("global", "eu"), false},
	} {
		resp := &validator.SetResponse{}
		resolvesToValidator{}.ValidateSet(context.Background(), validator.SetRequest{Path: path.Root("resolves_to"), ConfigValue: tc.value}, resp)
		if resp.Diagnostics.HasError() == tc.ok {
			t.Errorf("%s: %v", name, resp.Diagnostics)
		}
	}
}
