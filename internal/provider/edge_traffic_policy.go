package provider

import (
	"cmp"
	"encoding/json"
	"fmt"
	"maps"
	"net"
	"slices"
	"strconv"
	"strings"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// The translation of an HTTPS edge into cloud endpoints with a traffic
// policy, after ngrok's migration guides ("edges-to-endpoints",
// "modules-to-traffic-policy-actions") and with the action types and config
// fields of ngrok's action reference:
//
//   - Each hostport becomes a cloud endpoint (https://host, the port kept
//     when it is not 443) with the same policy.
//   - A route becomes a CEL expression (exact_path: req.url.path == "/x",
//     path_prefix: req.url.path.startsWith("/x")). An edge sends a request
//     to one route only, the most specific (exact paths first, then the
//     longest prefix), while a policy runs every rule whose expressions
//     match: so each route's expression also excludes the routes that take
//     precedence over it, and exactly one route's rules run.
//   - Modules become actions in on_http_request, in the order the edge
//     applied them: restrict-ips, openid-connect, remove-headers,
//     add-headers; response headers become remove-headers and add-headers
//     in on_http_response. Header actions take at most 10 headers each
//     (maxHeadersPerAction), so longer lists are split.
//   - A tunnel-group backend becomes forward-internal to an internal URL
//     made of its labels (app=web → https://app-web.internal), in rules
//     after every other rule of the phase: an agent serves that URL
//     instead of the labeled tunnels.
//   - What has no equivalent, or is not translated, is reported in
//     not_migrated with the reason, never silently dropped; so is a disabled
//     module, which did nothing.
//   - Secrets are never copied: the OpenID Connect client secret is the
//     interpolation of a vault secret the user names.

// NOTE: the action reference names the OpenID Connect action
// "openid-connect"; the migration guides write "oidc". The reference is
// what the policy engine documents, so it is the name used.
const (
	actionRestrictIPs      = "restrict-ips"
	actionOpenIDConnect    = "openid-connect"
	actionAddHeaders       = "add-headers"
	actionRemoveHeaders    = "remove-headers"
	actionForwardInternal  = "forward-internal"
	phaseOnHTTPRequest     = "on_http_request"
	phaseOnHTTPResponse    = "on_http_response"
	maxHeadersPerAction    = 10
	routeMatchExactPath    = "exact_path"
	routeMatchPathPrefix   = "path_prefix"
	tunnelGroupBackendPref = "bkdtg_"
)

// vaultSecretRef names a secret of an ngrok vault.
type vaultSecretRef struct {
	Vault, Name string
}

// interpolation is the CEL interpolation that reads the secret at request time.
func (r vaultSecretRef) interpolation() string {
	return fmt.Sprintf("${secrets.get(%s, %s)}", celString(r.Vault), celString(r.Name))
}

// edgeMigrationInput is what the translation needs besides the edge.
type edgeMigrationInput struct {
	Edge *apiclient.HTTPSEdge
	// Backends are the tunnel-group backends the routes name, by ID.
	Backends map[string]*apiclient.TunnelGroupBackend
	// OIDCClientSecret is where the policy reads OIDC client secrets; nil
	// when the user named none.
	OIDCClientSecret *vaultSecretRef
}

type migratedEndpoint struct {
	Hostport, URL string
}

type notMigrated struct {
	RouteID, Module, Reason string
}

// edgeMigration is the translation's result.
type edgeMigration struct {
	Endpoints []migratedEndpoint
	// Policy is the traffic policy document, as JSON.
	Policy              string
	NotMigrated         []notMigrated
	ForwardInternalURLs []string
}

type policyAction struct {
	Type   string `json:"type"`
	Config any    `json:"config,omitempty"`
}

type policyRule struct {
	Name        string         `json:"name,omitempty"`
	Expressions []string       `json:"expressions,omitempty"`
	Actions     []policyAction `json:"actions"`
}

type policyDocument struct {
	OnHTTPRequest  []policyRule `json:"on_http_request,omitempty"`
	OnHTTPResponse []policyRule `json:"on_http_response,omitempty"`
}

// Action configs, with the fields of ngrok's action reference.
type (
	restrictIPsConfig struct {
		IPPolicies []string `json:"ip_policies"`
	}
	openIDConnectConfig struct {
		IssuerURL           string   `json:"issuer_url"`
		ClientID            string   `json:"client_id"`
		ClientSecret        string   `json:"client_secret"`
		Scopes              []string `json:"scopes,omitempty"`
		MaxSessionDuration  string   `json:"max_session_duration,omitempty"`
		IdleSessionDuration string   `json:"idle_session_duration,omitempty"`
		AllowCORSPreflight  bool     `json:"allow_cors_preflight,omitempty"`
	}
	addHeadersConfig struct {
		Headers map[string]string `json:"headers"`
	}
	removeHeadersConfig struct {
		Headers []string `json:"headers"`
	}
	forwardInternalConfig struct {
		URL string `json:"url"`
	}
)

// migrateHTTPSEdge translates an edge; it is pure, for tests.
func migrateHTTPSEdge(in edgeMigrationInput) (edgeMigration, error) {
	var out edgeMigration
	for _, hp := range in.Edge.Hostports {
		u, err := endpointURLOfHostport(hp)
		if err != nil {
			return edgeMigration{}, err
		}
		out.Endpoints = append(out.Endpoints, migratedEndpoint{Hostport: hp, URL: u})
	}
	routes := slices.Clone(in.Edge.Routes)
	// NOTE: the edge's precedence: exact paths before prefixes, longer
	// prefixes before shorter ones; the API's order breaks ties.
	slices.SortStableFunc(routes, func(a, b apiclient.HTTPSEdgeRoute) int {
		if ea, eb := a.MatchType == routeMatchExactPath, b.MatchType == routeMatchExactPath; ea != eb {
			if ea {
				return -1
			}
			return 1
		}
		return cmp.Compare(len(b.Match), len(a.Match))
	})
	var doc policyDocument
	var forwards []policyRule
	var before []string // the match expressions of the routes that take precedence
	for i := range routes {
		r := &routes[i]
		match, err := routeMatchExpression(r)
		if err != nil {
			return edgeMigration{}, err
		}
		var parts []string
		if match != "true" {
			parts = append(parts, match)
		}
		for _, b := range before {
			parts = append(parts, "!("+b+")")
		}
		var exprs []string
		if len(parts) > 0 {
			exprs = []string{strings.Join(parts, " && ")}
		}
		if match != "true" {
			before = append(before, match)
		}
		name := "route " + r.ID + " (" + r.MatchType + " " + r.Match + ")"
		skip := func(module, reason string) {
			out.NotMigrated = append(out.NotMigrated, notMigrated{RouteID: r.ID, Module: module, Reason: reason})
		}
		const disabled = "disabled on the edge: it did nothing, so the policy leaves it out"

		var req []policyAction
		if m := r.IPRestriction; m != nil {
			if !m.Enabled {
				skip("ip_restriction", disabled)
			} else {
				ids := make([]string, len(m.IPPolicies))
				for j, p := range m.IPPolicies {
					ids[j] = p.ID
				}
				req = append(req, policyAction{Type: actionRestrictIPs, Config: restrictIPsConfig{IPPolicies: ids}})
			}
		}
		if m := r.OIDC; m != nil {
			switch {
			case !m.Enabled:
				skip("oidc", disabled)
			case in.OIDCClientSecret == nil:
				skip("oidc", "the client secret is not copied into a policy: store it in an ngrok vault and name it "+
					"with oidc_client_secret, and the policy reads it from there")
			default:
				req = append(req, policyAction{Type: actionOpenIDConnect, Config: openIDConnectFromModule(m, *in.OIDCClientSecret)})
				if m.CookiePrefix != "" {
					skip("oidc", fmt.Sprintf("cookie_prefix %q: the openid-connect action has no cookie prefix "+
						"(its session cookie is scoped by auth_id); the rest of the module is migrated", m.CookiePrefix))
				}
			}
		}
		if m := r.RequestHeaders; m != nil {
			if !m.Enabled {
				skip("request_headers", disabled)
			} else {
				req = append(req, headerActions(m.Add, m.Remove)...)
			}
		}
		if len(req) > 0 {
			doc.OnHTTPRequest = append(doc.OnHTTPRequest, policyRule{Name: name, Expressions: exprs, Actions: req})
		}
		if m := r.Backend; m != nil {
			switch {
			case !m.Enabled:
				skip("backend", disabled)
			case !strings.HasPrefix(m.Backend.ID, tunnelGroupBackendPref):
				skip("backend", fmt.Sprintf("backend %s is not a tunnel-group backend: only those become forward-internal; "+
					"see ngrok's edges-to-endpoints guide for HTTP response, failover, weighted and static backends", m.Backend.ID))
			case in.Backends[m.Backend.ID] == nil:
				skip("backend", fmt.Sprintf("tunnel-group backend %s could not be read", m.Backend.ID))
			default:
				u, err := internalURLOfLabels(in.Backends[m.Backend.ID].Labels)
				if err != nil {
					skip("backend", err.Error())
					break
				}
				if !slices.Contains(out.ForwardInternalURLs, u) {
					out.ForwardInternalURLs = append(out.ForwardInternalURLs, u)
				}
				forwards = append(forwards, policyRule{Name: name + ": backend", Expressions: exprs,
					Actions: []policyAction{{Type: actionForwardInternal, Config: forwardInternalConfig{URL: u}}}})
			}
		}
	}
	// NOTE: forward-internal ends a request's handling; its rules come after
	// every other rule of the phase, as ngrok's guide asks.
	doc.OnHTTPRequest = append(doc.OnHTTPRequest, forwards...)
	b, err := json.Marshal(doc)
	if err != nil {
		return edgeMigration{}, err
	}
	out.Policy = string(b)
	return out, nil
}

// routeMatchExpression is the CEL expression of a route's match; "true"
// for the prefix "/", which matches every path.
func routeMatchExpression(r *apiclient.HTTPSEdgeRoute) (string, error) {
	switch r.MatchType {
	case routeMatchExactPath:
		return "req.url.path == " + celString(r.Match), nil
	case routeMatchPathPrefix:
		if r.Match == "/" || r.Match == "" {
			return "true", nil
		}
		return "req.url.path.startsWith(" + celString(r.Match) + ")", nil
	}
	return "", fmt.Errorf("route %s has match_type %q, neither %s nor %s", r.ID, r.MatchType, routeMatchExactPath, routeMatchPathPrefix)
}

func openIDConnectFromModule(m *apiclient.HTTPSEdgeRouteOIDC, secret vaultSecretRef) openIDConnectConfig {
	c := openIDConnectConfig{
		IssuerURL:          m.Issuer,
		ClientID:           m.ClientID,
		ClientSecret:       secret.interpolation(),
		Scopes:             m.Scopes,
		AllowCORSPreflight: m.OptionsPassthrough,
	}
	if m.MaximumDuration > 0 {
		c.MaxSessionDuration = strconv.FormatUint(uint64(m.MaximumDuration), 10) + "s"
	}
	if m.InactivityTimeout > 0 {
		c.IdleSessionDuration = strconv.FormatUint(uint64(m.InactivityTimeout), 10) + "s"
	}
	return c
}

// headerActions are remove-headers then add-headers, each split at the
// action's limit, names in order.
func headerActions(add map[string]string, remove []string) []policyAction {
	var out []policyAction
	for c := range slices.Chunk(remove, maxHeadersPerAction) {
		out = append(out, policyAction{Type: actionRemoveHeaders, Config: removeHeadersConfig{Headers: c}})
	}
	for c := range slices.Chunk(slices.Sorted(maps.Keys(add)), maxHeadersPerAction) {
		h := make(map[string]string, len(c))
		for _, k := range c {
			h[k] = add[k]
		}
		out = append(out, policyAction{Type: actionAddHeaders, Config: addHeadersConfig{Headers: h}})
	}
	return out
}

// endpointURLOfHostport is the cloud endpoint URL serving an edge's hostport.
func endpointURLOfHostport(hp string) (string, error) {
	host, port, err := net.SplitHostPort(hp)
	if err != nil || host == "" {
		return "", fmt.Errorf("hostport %q is not host:port", hp)
	}
	if port == "443" {
		return "https://" + host, nil
	}
	return "https://" + net.JoinHostPort(host, port), nil
}

// internalURLOfLabels is the internal endpoint URL of a tunnel group, after
// ngrok's guide: each label key=value becomes key-value, in key order.
func internalURLOfLabels(labels map[string]string) (string, error) {
	if len(labels) == 0 {
		return "", fmt.Errorf("the tunnel-group backend has no labels to name an internal endpoint after")
	}
	parts := make([]string, 0, len(labels))
	for _, k := range slices.Sorted(maps.Keys(labels)) {
		parts = append(parts, dnsLabelPart(k)+"-"+dnsLabelPart(labels[k]))
	}
	return "https://" + strings.Join(parts, "-") + ".internal", nil
}

// dnsLabelPart lowercases s and turns what a DNS label may not hold into "-".
func dnsLabelPart(s string) string {
	b := []byte(strings.ToLower(s))
	for i, c := range b {
		if (c < 'a' || c > 'z') && (c < '0' || c > '9') {
			b[i] = '-'
		}
	}
	return strings.Trim(string(b), "-")
}
