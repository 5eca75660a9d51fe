package apiclient

import (
	"context"
	"fmt"
	"net/url"
)

// The four per-route modules of HTTPS edges. Each lives at
// /edges/https/{edge_id}/routes/{route_id}/<module>, has no ID of its own,
// and is replaced whole by a PUT of the bare module object: a field left out
// of the body is reset to its zero value, except Enabled, which the API
// defaults to true.

const (
	moduleOIDC           = "oidc"
	moduleBackend        = "backend"
	moduleIPRestriction  = "ip_restriction"
	moduleRequestHeaders = "request_headers"
)

// HTTPSEdgeRouteOIDC is the OIDC module: visitors sign in with an OpenID
// Connect identity provider before reaching the upstream.
type HTTPSEdgeRouteOIDC struct {
	Enabled            bool     `json:"enabled"`
	OptionsPassthrough bool     `json:"options_passthrough"`
	CookiePrefix       string   `json:"cookie_prefix"`
	InactivityTimeout  uint32   `json:"inactivity_timeout"` // seconds; 0 when not set
	MaximumDuration    uint32   `json:"maximum_duration"`   // seconds; 0 when not set
	Issuer             string   `json:"issuer"`
	ClientID           string   `json:"client_id"`
	ClientSecret       string   `json:"client_secret"`
	Scopes             []string `json:"scopes"`
}

// HTTPSEdgeRouteOIDCReplace is the body of a replace. Issuer, ClientID and
// ClientSecret are required; nil Enabled means true.
type HTTPSEdgeRouteOIDCReplace struct {
	Enabled            *bool    `json:"enabled,omitempty"`
	OptionsPassthrough bool     `json:"options_passthrough"`
	CookiePrefix       string   `json:"cookie_prefix"`
	InactivityTimeout  uint32   `json:"inactivity_timeout"`
	MaximumDuration    uint32   `json:"maximum_duration"`
	Issuer             string   `json:"issuer"`
	ClientID           string   `json:"client_id"`
	ClientSecret       string   `json:"client_secret"`
	Scopes             []string `json:"scopes,omitempty"`
}

// HTTPSEdgeRouteBackend is the backend module: where the route's traffic goes.
type HTTPSEdgeRouteBackend struct {
	Enabled bool `json:"enabled"`
	Backend Ref  `json:"backend"`
}

// HTTPSEdgeRouteBackendReplace is the body of a replace; BackendID (bkdtg_...)
// is required. nil Enabled means true.
type HTTPSEdgeRouteBackendReplace struct {
	Enabled   *bool  `json:"enabled,omitempty"`
	BackendID string `json:"backend_id"`
}

// HTTPSEdgeRouteIPRestriction is the IP restriction module: which IP
// policies decide whether a source address may reach the route.
type HTTPSEdgeRouteIPRestriction struct {
	Enabled    bool  `json:"enabled"`
	IPPolicies []Ref `json:"ip_policies"`
}

// HTTPSEdgeRouteIPRestrictionReplace is the body of a replace; at least one
// IP policy ID (ipp_...) is required. nil Enabled means true.
type HTTPSEdgeRouteIPRestrictionReplace struct {
	Enabled     *bool    `json:"enabled,omitempty"`
	IPPolicyIDs []string `json:"ip_policy_ids,omitempty"`
}

// HTTPSEdgeRouteRequestHeaders is the request headers module: headers added
// to and removed from requests before they reach the upstream.
type HTTPSEdgeRouteRequestHeaders struct {
	Enabled bool              `json:"enabled"`
	Add     map[string]string `json:"add"`
	Remove  []string          `json:"remove"`
}

// HTTPSEdgeRouteRequestHeadersReplace is the body of a replace; nil Enabled
// means true.
type HTTPSEdgeRouteRequestHeadersReplace struct {
	Enabled *bool             `json:"enabled,omitempty"`
	Add     map[string]string `json:"add,omitempty"`
	Remove  []string          `json:"remove,omitempty"`
}

// edgeRouteModulePath returns /edges/https/{edge_id}/routes/{route_id}/{module}.
func edgeRouteModulePath(edgeID, routeID, module string) (string, error) {
	switch {
	case edgeID == "":
		return "", fmt.Errorf("ngrok API: empty HTTPS edge ID")
	case routeID == "":
		return "", fmt.Errorf("ngrok API: empty HTTPS edge route ID")
	}
	return "/edges/https/" + url.PathEscape(edgeID) + "/routes/" + url.PathEscape(routeID) + "/" + module, nil
}

func replaceModule[T any](ctx context.Context, c *Client, edgeID, routeID, module string, in any) (*T, error) {
	p, err := edgeRouteModulePath(edgeID, routeID, module)
	if err != nil {
		return nil, err
	}
	return replace[T](ctx, c, p, in)
}

func getModule[T any](ctx context.Context, c *Client, edgeID, routeID, module string) (*T, error) {
	p, err := edgeRouteModulePath(edgeID, routeID, module)
	if err != nil {
		return nil, err
	}
	return get[T](ctx, c, p)
}

func deleteModule(ctx context.Context, c *Client, edgeID, routeID, module string) error {
	p, err := edgeRouteModulePath(edgeID, routeID, module)
	if err != nil {
		return err
	}
	return remove(ctx, c, p)
}

// ReplaceHTTPSEdgeRouteOIDC sets the route's OIDC module, replacing it whole (PUT).
func (c *Client) ReplaceHTTPSEdgeRouteOIDC(ctx context.Context, edgeID, routeID string, in *HTTPSEdgeRouteOIDCReplace) (*HTTPSEdgeRouteOIDC, error) {
	if in == nil {
		in = &HTTPSEdgeRouteOIDCReplace{}
	}
	return replaceModule[HTTPSEdgeRouteOIDC](ctx, c, edgeID, routeID, moduleOIDC, in)
}

// GetHTTPSEdgeRouteOIDC reads the route's OIDC module; a 404 when it is not set.
func (c *Client) GetHTTPSEdgeRouteOIDC(ctx context.Context, edgeID, routeID string) (*HTTPSEdgeRouteOIDC, error) {
	return getModule[HTTPSEdgeRouteOIDC](ctx, c, edgeID, routeID, moduleOIDC)
}

// DeleteHTTPSEdgeRouteOIDC removes the route's OIDC module (204).
func (c *Client) DeleteHTTPSEdgeRouteOIDC(ctx context.Context, edgeID, routeID string) error {
	return deleteModule(ctx, c, edgeID, routeID, moduleOIDC)
}

// ReplaceHTTPSEdgeRouteBackend sets the route's backend module, replacing it whole (PUT).
func (c *Client) ReplaceHTTPSEdgeRouteBackend(ctx context.Context, edgeID, routeID string, in *HTTPSEdgeRouteBackendReplace) (*HTTPSEdgeRouteBackend, error) {
	if in == nil {
		in = &HTTPSEdgeRouteBackendReplace{}
	}
	return replaceModule[HTTPSEdgeRouteBackend](ctx, c, edgeID, routeID, moduleBackend, in)
}

// GetHTTPSEdgeRouteBackend reads the route's backend module; a 404 when it is not set.
func (c *Client) GetHTTPSEdgeRouteBackend(ctx context.Context, edgeID, routeID string) (*HTTPSEdgeRouteBackend, error) {
	return getModule[HTTPSEdgeRouteBackend](ctx, c, edgeID, routeID, moduleBackend)
}

// DeleteHTTPSEdgeRouteBackend removes the route's backend module (204).
func (c *Client) DeleteHTTPSEdgeRouteBackend(ctx context.Context, edgeID, routeID string) error {
	return deleteModule(ctx, c, edgeID, routeID, moduleBackend)
}

// ReplaceHTTPSEdgeRouteIPRestriction sets the route's IP restriction module,
// replacing it whole (PUT).
func (c *Client) ReplaceHTTPSEdgeRouteIPRestriction(ctx context.Context, edgeID, routeID string, in *HTTPSEdgeRouteIPRestrictionReplace) (*HTTPSEdgeRouteIPRestriction, error) {
	if in == nil {
		in = &HTTPSEdgeRouteIPRestrictionReplace{}
	}
	return replaceModule[HTTPSEdgeRouteIPRestriction](ctx, c, edgeID, routeID, moduleIPRestriction, in)
}

// GetHTTPSEdgeRouteIPRestriction reads the route's IP restriction module; a
// 404 when it is not set.
func (c *Client) GetHTTPSEdgeRouteIPRestriction(ctx context.Context, edgeID, routeID string) (*HTTPSEdgeRouteIPRestriction, error) {
	return getModule[HTTPSEdgeRouteIPRestriction](ctx, c, edgeID, routeID, moduleIPRestriction)
}

// DeleteHTTPSEdgeRouteIPRestriction removes the route's IP restriction module (204).
func (c *Client) DeleteHTTPSEdgeRouteIPRestriction(ctx context.Context, edgeID, routeID string) error {
	return deleteModule(ctx, c, edgeID, routeID, moduleIPRestriction)
}

// ReplaceHTTPSEdgeRouteRequestHeaders sets the route's request headers
// module, replacing it whole (PUT).
func (c *Client) ReplaceHTTPSEdgeRouteRequestHeaders(ctx context.Context, edgeID, routeID string, in *HTTPSEdgeRouteRequestHeadersReplace) (*HTTPSEdgeRouteRequestHeaders, error) {
	if in == nil {
		in = &HTTPSEdgeRouteRequestHeadersReplace{}
	}
	return replaceModule[HTTPSEdgeRouteRequestHeaders](ctx, c, edgeID, routeID, moduleRequestHeaders, in)
}

// GetHTTPSEdgeRouteRequestHeaders reads the route's request headers module;
// a 404 when it is not set.
func (c *Client) GetHTTPSEdgeRouteRequestHeaders(ctx context.Context, edgeID, routeID string) (*HTTPSEdgeRouteRequestHeaders, error) {
	return getModule[HTTPSEdgeRouteRequestHeaders](ctx, c, edgeID, routeID, moduleRequestHeaders)
}

// DeleteHTTPSEdgeRouteRequestHeaders removes the route's request headers module (204).
func (c *Client) DeleteHTTPSEdgeRouteRequestHeaders(ctx context.Context, edgeID, routeID string) error {
	return deleteModule(ctx, c, edgeID, routeID, moduleRequestHeaders)
}
