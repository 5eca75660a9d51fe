package provider

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/attr/xattr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// An endpoint URL compares by meaning: the API lower-cases the scheme and
// host and drops the default port, so https://App.example.com:443 and
// https://app.example.com are one URL and writing either is no diff.

var (
	_ basetypes.StringTypable                    = endpointURLType{}
	_ basetypes.StringValuableWithSemanticEquals = endpointURLValue{}
	_ xattr.ValidateableAttribute                = endpointURLValue{}
)

// Schemes of endpoint URLs, with their default ports (tcp has none).
var (
	endpointSchemes      = []string{"http", "https", "tcp", "tls"}
	endpointDefaultPorts = map[string]int{"http": 80, "https": 443, "tls": 443}
)

const internalHostSuffix = ".internal"

type endpointURLType struct {
	basetypes.StringType
}

func (t endpointURLType) String() string { return "endpointURLType" }

func (t endpointURLType) Equal(o attr.Type) bool {
	other, ok := o.(endpointURLType)
	return ok && t.StringType.Equal(other.StringType)
}

func (t endpointURLType) ValueType(context.Context) attr.Value { return endpointURLValue{} }

func (t endpointURLType) ValueFromString(_ context.Context, in basetypes.StringValue) (basetypes.StringValuable, diag.Diagnostics) {
	return endpointURLValue{StringValue: in}, nil
}

func (t endpointURLType) ValueFromTerraform(ctx context.Context, in tftypes.Value) (attr.Value, error) {
	s, err := stringFromTerraform(ctx, in)
	return endpointURLValue{StringValue: s}, err
}

// endpointURLValue is an endpoint URL as written.
type endpointURLValue struct {
	basetypes.StringValue
}

func newEndpointURLValue(s string) endpointURLValue {
	return endpointURLValue{StringValue: basetypes.NewStringValue(s)}
}

func (v endpointURLValue) Type(context.Context) attr.Type { return endpointURLType{} }

func (v endpointURLValue) Equal(o attr.Value) bool {
	other, ok := o.(endpointURLValue)
	return ok && v.StringValue.Equal(other.StringValue)
}

func (v endpointURLValue) StringSemanticEquals(_ context.Context, newValuable basetypes.StringValuable) (bool, diag.Diagnostics) {
	return semanticallyEqual(v, newValuable, equivalentEndpointURLs)
}

func (v endpointURLValue) ValidateAttribute(_ context.Context, req xattr.ValidateAttributeRequest, resp *xattr.ValidateAttributeResponse) {
	if v.IsNull() || v.IsUnknown() {
		return
	}
	if _, err := parseEndpointURL(v.ValueString()); err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid Endpoint URL",
			fmt.Sprintf("The URL %q cannot be used: %s.\n\nUse a URL such as https://app.example.com, "+
				"tls://app.example.com, http://api.internal or tcp://1.tcp.ngrok.io:12345.", apiclient.RedactURL(v.ValueString()), err))
	}
}

func equivalentEndpointURLs(a, b string) bool {
	if a == b {
		return true
	}
	ua, errA := parseEndpointURL(a)
	ub, errB := parseEndpointURL(b)
	return errA == nil && errB == nil && ua == ub
}

// endpointURL is a parsed endpoint URL: what the API keeps of one.
type endpointURL struct {
	scheme string
	host   string // lower case
	port   int    // explicit or default
}

// String is the URL as the API writes it: without the default port.
func (u endpointURL) String() string {
	if endpointDefaultPorts[u.scheme] == u.port {
		return u.scheme + "://" + u.host
	}
	return u.scheme + "://" + net.JoinHostPort(u.host, strconv.Itoa(u.port))
}

// internal reports whether the host is reachable only from other endpoints.
func (u endpointURL) internal() bool { return strings.HasSuffix(u.host, internalHostSuffix) }

// defaultEndpointBindings is what the API binds an endpoint to when the
// configuration names no binding.
func (u endpointURL) defaultBindings() []string {
	if u.internal() {
		return []string{bindingInternal}
	}
	return []string{bindingPublic}
}

// parseEndpointURL validates an endpoint URL as the API does: scheme http,
// https, tcp or tls; a DNS host name (a leading "*" label for wildcard
// endpoints); no user information, path, query or fragment; a port for tcp.
func parseEndpointURL(raw string) (endpointURL, error) {
	p, err := url.Parse(raw)
	switch {
	case err != nil:
		var uerr *url.Error
		if errors.As(err, &uerr) {
			err = uerr.Err
		}
		return endpointURL{}, fmt.Errorf("it is not a URL (%w)", err)
	case p.Scheme == "" || p.Opaque != "" || p.Host == "":
		return endpointURL{}, errors.New("it must be an absolute URL with a scheme and a host")
	case p.User != nil:
		return endpointURL{}, errors.New("it must not carry user information")
	case p.Path != "" && p.Path != "/":
		return endpointURL{}, errors.New("it must not have a path: an endpoint serves a whole host and port")
	case p.RawQuery != "" || p.ForceQuery:
		return endpointURL{}, errors.New("it must not have a query")
	case p.Fragment != "":
		return endpointURL{}, errors.New("it must not have a fragment")
	}
	u := endpointURL{scheme: p.Scheme, host: strings.ToLower(p.Hostname()), port: endpointDefaultPorts[p.Scheme]}
	if _, known := endpointDefaultPorts[u.scheme]; !known && u.scheme != "tcp" {
		return endpointURL{}, fmt.Errorf("the scheme must be %s, not %q", quotedOrList(endpointSchemes), p.Scheme)
	}
	if !isEndpointHostName(u.host) {
		return endpointURL{}, fmt.Errorf("%q is not a host name", p.Hostname())
	}
	switch port := p.Port(); {
	case port != "":
		n, err := strconv.Atoi(port)
		if err != nil || n < 1 || n > 65535 {
			return endpointURL{}, errors.New("the port must be from 1 to 65535")
		}
		u.port = n
	case strings.HasSuffix(p.Host, ":"):
		return endpointURL{}, errors.New("the port is empty")
	case u.scheme == "tcp":
		return endpointURL{}, errors.New("a tcp URL needs a port")
	}
	return u, nil
}

// isEndpointHostName accepts DNS names of letters, digits and hyphens, with
// an optional leading "*" label.
func isEndpointHostName(host string) bool {
	if host == "" || len(host) > 253 {
		return false
	}
	labels := strings.Split(host, ".")
	for i, l := range labels {
		if i == 0 && l == "*" && len(labels) > 2 {
			continue
		}
		if l == "" || len(l) > 63 || l[0] == '-' || l[len(l)-1] == '-' {
			return false
		}
		for _, c := range []byte(l) {
			if (c < 'a' || c > 'z') && (c < '0' || c > '9') && c != '-' {
				return false
			}
		}
	}
	return true
}
