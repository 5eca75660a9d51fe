package provider

import (
	"context"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// Validators of the HTTPS edge route modules. They live beside validators.go
// rather than in it so that the shared file stays small while several
// objects are added at once.

// httpTokenChars are the characters of an HTTP token besides letters and
// digits (RFC 9110 §5.6.2); a header name is a token.
const httpTokenChars = "!#$%&'*+-.^_`|~"

func isHTTPToken(s string) bool {
	if s == "" {
		return false
	}
	for i := range len(s) {
		switch c := s[i]; {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		case strings.IndexByte(httpTokenChars, c) >= 0:
		default:
			return false
		}
	}
	return true
}

// headerNameValidator accepts a valid HTTP header name.
type headerNameValidator struct{}

var _ validator.String = headerNameValidator{}

func (headerNameValidator) Description(context.Context) string {
	return "value must be an HTTP header name: letters, digits and " + httpTokenChars
}

func (v headerNameValidator) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}

func (headerNameValidator) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if name := req.ConfigValue.ValueString(); !isHTTPToken(name) {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid HTTP Header Name",
			fmt.Sprintf("%q is not a valid HTTP header name. Header names are made of letters, digits and the characters %s, "+
				"with no spaces or colons, for example X-Forwarded-User.", name, httpTokenChars))
	}
}

// headerValuePattern refuses what could split one header into two.
var headerValuePattern = regexp.MustCompile("^[^\r\n\x00]*$")

// uniqueHeaderNamesValidator refuses two header names that differ only in
// case, in the elements of a set or the keys of a map: HTTP header names are
// case-insensitive, so they would name the same header.
type uniqueHeaderNamesValidator struct{}

var (
	_ validator.Set = uniqueHeaderNamesValidator{}
	_ validator.Map = uniqueHeaderNamesValidator{}
)

func (uniqueHeaderNamesValidator) Description(context.Context) string {
	return "header names must be unique, ignoring case"
}

func (v uniqueHeaderNamesValidator) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}

func (uniqueHeaderNamesValidator) ValidateSet(_ context.Context, req validator.SetRequest, resp *validator.SetResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	var names []string
	for _, e := range req.ConfigValue.Elements() {
		if s, ok := e.(types.String); ok && !s.IsUnknown() && !s.IsNull() {
			names = append(names, s.ValueString())
		}
	}
	if a, b, dup := duplicateFold(names); dup {
		resp.Diagnostics.AddAttributeError(req.Path, "Duplicate HTTP Header Name", duplicateHeaderDetail(a, b))
	}
}

func (uniqueHeaderNamesValidator) ValidateMap(_ context.Context, req validator.MapRequest, resp *validator.MapResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	names := make([]string, 0, len(req.ConfigValue.Elements()))
	for k := range req.ConfigValue.Elements() {
		names = append(names, k)
	}
	if a, b, dup := duplicateFold(names); dup {
		resp.Diagnostics.AddAttributeError(req.Path, "Duplicate HTTP Header Name", duplicateHeaderDetail(a, b))
	}
}

func duplicateHeaderDetail(a, b string) string {
	return fmt.Sprintf("The header names %q and %q differ only in case. HTTP header names are case-insensitive, "+
		"so both name the same header: keep one.", a, b)
}

// duplicateFold returns two names of names that are equal ignoring case, in
// sorted order, or ok false.
func duplicateFold(names []string) (a, b string, ok bool) {
	seen := make(map[string]string, len(names))
	for _, n := range slices.Sorted(slices.Values(names)) {
		k := strings.ToLower(n)
		if prev, dup := seen[k]; dup {
			if prev > n {
				prev, n = n, prev
			}
			return prev, n, true
		}
		seen[k] = n
	}
	return "", "", false
}

// httpsURLValidator accepts an absolute https URL with a host, such as an
// OIDC issuer.
type httpsURLValidator struct{}

var _ validator.String = httpsURLValidator{}

func (httpsURLValidator) Description(context.Context) string {
	return "value must be an absolute https URL"
}

func (v httpsURLValidator) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (httpsURLValidator) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	s := req.ConfigValue.ValueString()
	u, err := url.Parse(s)
	if err != nil || u.Scheme != "https" || u.Host == "" || u.User != nil {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid HTTPS URL",
			fmt.Sprintf("%q is not an absolute https URL. Use the issuer URL of the identity provider, "+
				"such as https://accounts.google.com.", apiclient.RedactURL(s)))
	}
}

// oidcScopePattern is a scope-token of RFC 6749 §3.3: printable ASCII
// without space, double quote or backslash.
var oidcScopePattern = regexp.MustCompile(`^[\x21\x23-\x5B\x5D-\x7E]+$`)
