package provider

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr/xattr"
	"github.com/hashicorp/terraform-plugin-framework/path"
)

func TestParseEndpointURL(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"https://app.example.com":      "https://app.example.com",
		"https://App.Example.com:443/": "https://app.example.com",
		"HTTPS://app.example.com:8443": "https://app.example.com:8443",
		"http://api.internal:80":       "http://api.internal",
		"http://api.internal:443":      "http://api.internal:443",
		"tls://db.example.com:443":     "tls://db.example.com",
		"tcp://1.tcp.ngrok.io:12345":   "tcp://1.tcp.ngrok.io:12345",
		"https://*.example.com":        "https://*.example.com",
		"http://web.default-namespace": "http://web.default-namespace",
		"tcp://db.internal:5432":       "tcp://db.internal:5432",
	} {
		u, err := parseEndpointURL(in)
		if err != nil || u.String() != want {
			t.Errorf("parseEndpointURL(%q) = %q, %v; want %q", in, u.String(), err, want)
		}
	}
	for _, bad := range []string{
		"", "app.example.com", "//app.example.com", "ws://app.example.com", "https://", "https://app.example.com/x",
		"https://app.example.com?q", "https://app.example.com#f", "https://u:p@app.example.com", "tcp://db.internal",
		"https://app.example.com:0", "https://app.example.com:65536", "https://app.example.com:", "https://a_b.example.com",
		"https://*.com", "https://a.*.example.com", "https://[::1]", "https://app.example.com.", "http://%zz",
	} {
		if _, err := parseEndpointURL(bad); err == nil {
			t.Errorf("parseEndpointURL(%q) accepted", bad)
		}
	}
}

func TestEndpointURLDefaultBindings(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"https://app.example.com": "public", "http://api.internal": "internal", "tcp://db.internal:1": "internal",
		"tcp://1.tcp.ngrok.io:1": "public",
	} {
		u, err := parseEndpointURL(in)
		if err != nil {
			t.Fatal(err)
		}
		if got := u.defaultBindings(); !slices.Equal(got, []string{want}) {
			t.Errorf("%s: default bindings %v, want [%s]", in, got, want)
		}
	}
}

func TestEndpointURLValue(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	a := newEndpointURLValue("https://app.example.com")
	for other, want := range map[string]bool{
		"https://APP.example.com:443": true, "https://app.example.com/": true, "https://app.example.com:8443": false,
		"tls://app.example.com": false, "http://app.example.com": false, "https://api.example.com": false, "garbage": false,
	} {
		if eq, diags := a.StringSemanticEquals(ctx, newEndpointURLValue(other)); eq != want || diags.HasError() {
			t.Errorf("%s ~ %s = %v (%v), want %v", a.ValueString(), other, eq, diags, want)
		}
	}
	resp := &xattr.ValidateAttributeResponse{}
	newEndpointURLValue("ftp://x.example.com").ValidateAttribute(ctx, xattr.ValidateAttributeRequest{Path: path.Root("url")}, resp)
	if !resp.Diagnostics.HasError() {
		t.Error("an ftp URL was accepted")
	}
	resp = &xattr.ValidateAttributeResponse{}
	newEndpointURLValue("https://user:s3cretpw@app.example.com/?token=s3cret").ValidateAttribute(ctx, xattr.ValidateAttributeRequest{Path: path.Root("url")}, resp)
	if got := fmt.Sprint(resp.Diagnostics); !resp.Diagnostics.HasError() || strings.Contains(got, "s3cret") ||
		!strings.Contains(got, `"https://REDACTED@app.example.com/?REDACTED"`) {
		t.Errorf("a URL with credentials: %s", got)
	}
}
