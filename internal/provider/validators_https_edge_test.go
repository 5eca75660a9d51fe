package provider

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

func TestHeaderNameValidator(t *testing.T) {
	t.Parallel()
	for name, ok := range map[string]bool{
		"X-Team":            true,
		"x_custom.header~1": true,
		"!#$%&'*+-.^_`|~":   true,
		"":                  false,
		"X Team":            false,
		"X-Team:":           false,
		"X-Équipe":          false,
		"X-\"quoted\"":      false,
		"(comment)":         false,
		"X-Team\n":          false,
	} {
		resp := &validator.StringResponse{}
		headerNameValidator{}.ValidateString(context.Background(), validator.StringRequest{
			Path: path.Root("remove"), ConfigValue: types.StringValue(name),
		}, resp)
		if resp.Diagnostics.HasError() == ok {
			t.Errorf("header name %q: error = %v, want ok = %v", name, resp.Diagnostics, ok)
		}
	}
	for _, v := range []types.String{types.StringNull(), types.StringUnknown()} {
		resp := &validator.StringResponse{}
		headerNameValidator{}.ValidateString(context.Background(), validator.StringRequest{ConfigValue: v}, resp)
		if resp.Diagnostics.HasError() {
			t.Errorf("%v must not be validated", v)
		}
	}
}

func TestUniqueHeaderNamesValidator(t *testing.T) {
	t.Parallel()
	set := func(names ...string) types.Set {
		elems := make([]attr.Value, len(names))
		for i, n := range names {
			elems[i] = types.StringValue(n)
		}
		return types.SetValueMust(types.StringType, elems)
	}
	for _, tc := range []struct {
		value types.Set
		ok    bool
	}{
		{set("Cookie", "X-Debug"), true},
		{set("Cookie", "COOKIE"), false},
		{set(), true},
		{types.SetNull(types.StringType), true},
		{types.SetValueMust(types.StringType, []attr.Value{types.StringValue("a"), types.StringUnknown()}), true},
	} {
		resp := &validator.SetResponse{}
		uniqueHeaderNamesValidator{}.ValidateSet(context.Background(), validator.SetRequest{ConfigValue: tc.value}, resp)
		if resp.Diagnostics.HasError() == tc.ok {
			t.Errorf("%v: error = %v, want ok = %v", tc.value, resp.Diagnostics, tc.ok)
		}
	}
	for _, tc := range []struct {
		value map[string]attr.Value
		ok    bool
	}{
		{map[string]attr.Value{"X-A": types.StringValue("1"), "X-B": types.StringValue("2")}, true},
		{map[string]attr.Value{"X-A": types.StringValue("1"), "x-a": types.StringValue("1")}, false},
	} {
		resp := &validator.MapResponse{}
		uniqueHeaderNamesValidator{}.ValidateMap(context.Background(), validator.MapRequest{
			ConfigValue: types.MapValueMust(types.StringType, tc.value),
		}, resp)
		if resp.Diagnostics.HasError() == tc.ok {
			t.Errorf("%v: error = %v, want ok = %v", tc.value, resp.Diagnostics, tc.ok)
		}
	}
	if a, b, dup := duplicateFold([]string{"x-b", "X-A", "X-B"}); !dup || a != "X-B" || b != "x-b" {
		t.Errorf("duplicateFold = %q, %q, %v; want the pair in sorted order", a, b, dup)
	}
}

func TestHTTPSURLValidator(t *testing.T) {
	t.Parallel()
	for s, ok := range map[string]bool{
		"https://accounts.google.com":           true,
		"https://login.example.com/realms/corp": true,
		"https://idp.example.com:8443/":         true,
		"http://accounts.google.com":            false,
		"accounts.google.com":                   false,
		"https://":                              false,
		"https:///path":                         false,
		"https://user:pass@idp.example.com":     false,
		"ftp://idp.example.com":                 false,
		"https://idp.example.com/%zz":           false,
	} {
		resp := &validator.StringResponse{}
		httpsURLValidator{}.ValidateString(context.Background(), validator.StringRequest{ConfigValue: types.StringValue(s)}, resp)
		if resp.Diagnostics.HasError() == ok {
			t.Errorf("%q: error = %v, want ok = %v", s, resp.Diagnostics, ok)
		}
		if strings.Contains(fmt.Sprint(resp.Diagnostics), "pass") {
			t.Errorf("%q: the diagnostic quotes the password: %v", s, resp.Diagnostics)
		}
	}
}

func TestOIDCScopeAndHeaderValuePatterns(t *testing.T) {
	t.Parallel()
	for s, ok := range map[string]bool{
		"openid": true, "https://www.googleapis.com/auth/userinfo.email": true, "read:org": true,
		"": false, "openid email": false, `a"b`: false, `a\b`: false, "é": false,
	} {
		if oidcScopePattern.MatchString(s) != ok {
			t.Errorf("scope %q: match = %v, want %v", s, !ok, ok)
		}
	}
	for s, ok := range map[string]bool{"": true, "a b; c=d": true, "a\r\nb": false, "a\nb": false, "a\x00": false} {
		if headerValuePattern.MatchString(s) != ok {
			t.Errorf("header value %q: match = %v, want %v", s, !ok, ok)
		}
	}
	for s, ok := range map[string]bool{"": true, "corp-sso_1": true, "a;b": false, "a b": false, "a=b": false} {
		if cookiePrefixPattern.MatchString(s) != ok {
			t.Errorf("cookie prefix %q: match = %v, want %v", s, !ok, ok)
		}
	}
}
