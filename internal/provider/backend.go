package provider

import (
	"context"
	"fmt"
	"net"
	"regexp"
	"strconv"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// What the five backends (tunnel_group_backend.go, http_response_backend.go,
// failover_backend.go, weighted_backend.go, static_backend.go) share. They
// are ngrok's edge backends, deprecated with the edges: each a managed
// resource only so that `terraform query` can list them (the framework
// refuses a list resource without a managed resource of its name), and so
// that accounts that kept edge write access can keep managing them while
// they move to cloud endpoints.

// Weights of a weighted backend's children [the API's reference: 0-10000].
const (
	minBackendWeight = 0
	maxBackendWeight = 10000
)

// backendIDPattern matches the ID of a backend of any kind.
var backendIDPattern = regexp.MustCompile(`^bkd(tg|hr|fo|wd|sc)_[0-9A-Za-z]+$`)

// backendIDValidator accepts the ID of a backend of any kind.
func backendIDValidator() validator.String {
	return stringvalidator.RegexMatches(backendIDPattern, fmt.Sprintf(
		"must be the ID of a backend (%s..., %s..., %s..., %s... or %s...)", tunnelGroupBackendIDPrefix,
		httpResponseBackendIDPrefix, failoverBackendIDPrefix, weightedBackendIDPrefix, staticBackendIDPrefix))
}

// backendAttributes are the attributes every backend has, with the
// backend's own.
func backendAttributes(noun, prefix string, own map[string]schema.Attribute) map[string]schema.Attribute {
	attrs := map[string]schema.Attribute{
		"id":          serverSetAttribute(fmt.Sprintf("Identifier of the %s (`%s...`).", noun, prefix)),
		"uri":         serverSetAttribute(fmt.Sprintf("API address of the %s.", noun)),
		"created_at":  serverSetAttribute(fmt.Sprintf("When the %s was created, RFC 3339.", noun)),
		"description": descriptionResourceAttribute(),
		"metadata":    metadataResourceAttribute(),
	}
	for k, v := range own {
		attrs[k] = v
	}
	return attrs
}

// backendDescription is a backend resource's description: what it does,
// then the deprecation and how writes fail where edges are gone.
func backendDescription(what string) string {
	return what + "\n\n**Deprecated:** ngrok deprecated edges and their backends on 31 December 2025. This resource " +
		"exists so that existing backends can be imported, listed (`terraform query`) and, on accounts that kept edge " +
		"write access, changed while you move to cloud endpoints (guide " + edgesGuide + "). Elsewhere ngrok refuses " +
		"creates, changes and deletes with `" + errCodeEdgesUnavailable + "` or `" + errCodeEdgesReadOnly + "`."
}

// hostPortValidator accepts host:port with a host and a port from 1 to
// 65535: a static backend's address.
type hostPortValidator struct{}

var _ validator.String = hostPortValidator{}

func (hostPortValidator) Description(context.Context) string {
	return "value must be host:port, with a port from 1 to 65535"
}

func (v hostPortValidator) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (hostPortValidator) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if err := checkHostPort(req.ConfigValue.ValueString()); err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid Address", err.Error())
	}
}

// checkHostPort is nil when addr is host:port as ngrok takes it.
func checkHostPort(addr string) error {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("%q is not host:port (%w); for example example.com:443", addr, err)
	}
	if host == "" {
		return fmt.Errorf("%q has no host; use host:port, for example example.com:443", addr)
	}
	if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
		return fmt.Errorf("the port of %q must be a number from 1 to 65535", addr)
	}
	return nil
}

// knownInt64 is v's value, or nil when it is null or unknown (the API's
// default applies).
func knownInt64(v types.Int64) *int64 {
	if v.IsNull() || v.IsUnknown() {
		return nil
	}
	return v.ValueInt64Pointer()
}

// stringMapOf is a known map of strings; nil is empty.
func stringMapOf(m map[string]string) types.Map {
	elems := make(map[string]attr.Value, len(m))
	for k, v := range m {
		elems[k] = types.StringValue(v)
	}
	return types.MapValueMust(types.StringType, elems)
}
