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
//   - Modules become actions of one rule per route and phase. In
//     on_http_request, in the order the edge applied them: restrict-ips,
//     circuit-breaker, verify-webhook, openid-connect, oauth,
//     remove-headers, add-headers. In on_http_response: remove-headers and
//     add-headers (response headers), then compress-response. Header
//     actions take at most 10 headers each (maxHeadersPerAction), so longer
//     lists are split.
//   - The user agent filter becomes a rule before the route's rule that
//     denies (403) what the module denied: a User-Agent that matches no
//     allow expression and matches a deny expression, or, with allow
//     expressions only, any that matches none of them [our reading of the
//     module's lists]. An OAuth module's email addresses and domains become
//     a rule after the route's rule that denies (403) an identity matching
//     neither, as ngrok's guide does with set-vars and custom-response.
//   - A traffic_policy module's rules follow the route's own rule in their
//     phase, in their order, each with the route's expression added to its
//     own; its on_tcp_connect rules cannot be scoped to a route and are
//     reported instead.
//   - A tunnel-group backend becomes forward-internal to an internal URL
//     made of its labels (app=web → https://app-web.internal), in rules
//     after every other rule of the phase: an agent serves that URL
//     instead of the labeled tunnels.
//   - What has no equivalent, or is not translated, is reported in
//     not_migrated with the reason, never silently dropped; so is a disabled
//     module, which did nothing.
//   - Secrets are never copied: the OpenID Connect and OAuth client secrets
//     and the webhook verification secret are the interpolation of a vault
//     secret the user names. SAML and the WebSocket-TCP converter have no
//     action (ngrok's guide) and are reported.

// NOTE: the action reference names the OpenID Connect action
// "openid-connect"; the migration guides write "oidc". The reference is
// what the policy engine documents, so it is the name used.
const (
	actionRestrictIPs      = "restrict-ips"
	actionOpenIDConnect    = "openid-connect"
	actionAddHeaders       = "add-headers"
	actionRemoveHeaders    = "remove-headers"
	actionForwardInternal  = "forward-internal"
	actionCircuitBreaker   = "circuit-breaker"
	actionCompressResponse = "compress-response"
	actionVerifyWebhook    = "verify-webhook"
	actionOAuth            = "oauth"
	actionDeny             = "deny"
	phaseOnHTTPRequest     = "on_http_request"
	phaseOnHTTPResponse    = "on_http_response"
	phaseOnTCPConnect      = "on_tcp_connect"
	actionTerminateTLS     = "terminate-tls"
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
	// when the user named none. OAuthClientSecret and WebhookSecret
	// likewise, for OAuth modules with their own application and for
	// webhook verification modules.
	OIDCClientSecret  *vaultSecretRef
	OAuthClientSecret *vaultSecretRef
	WebhookSecret     *vaultSecretRef
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
	OnTCPConnect   []policyRule `json:"on_tcp_connect,omitempty"`
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
		URL     string `json:"url"`
		OnError string `json:"on_error,omitempty"`
	}
	terminateTLSConfig struct {
		MinVersion                      string   `json:"min_version,omitempty"`
		MutualTLSCertificateAuthorities []string `json:"mutual_tls_certificate_authorities,omitempty"`
	}
	circuitBreakerConfig struct {
		ErrorThreshold  float64 `json:"error_threshold"`
		VolumeThreshold uint32  `json:"volume_threshold,omitempty"`
		WindowDuration  string  `json:"window_duration,omitempty"`
		TrippedDuration string  `json:"tripped_duration,omitempty"`
	}
	verifyWebhookConfig struct {
		Provider string `json:"provider"`
		Secret   string `json:"secret"`
	}
	oauthConfig struct {
		Provider                string   `json:"provider"`
		ClientID                string   `json:"client_id,omitempty"`
		ClientSecret            string   `json:"client_secret,omitempty"`
		Scopes                  []string `json:"scopes,omitempty"`
		MaxSessionDuration      string   `json:"max_session_duration,omitempty"`
		IdleSessionTimeout      string   `json:"idle_session_timeout,omitempty"`
		UserinfoRefreshInterval string   `json:"userinfo_refresh_interval,omitempty"`
		AllowCORSPreflight      bool     `json:"allow_cors_preflight,omitempty"`
	}
	denyConfig struct {
		StatusCode int `json:"status_code"`
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
		rm := routeModules{route: r, in: &in, exprs: exprs, skip: skip}
		req = append(req, rm.circuitBreaker()...)
		req = append(req, rm.webhookVerification()...)
		if m := r.OIDC; m != nil {
			switch {
			case !m.Enabled:
				skip("oidc", disabled)
			case in.OIDCClientSecret == nil:
				skip("oidc", "the client secret is not copied into a policy: store it in an ngrok vault and name it "+
					"with oidc_client_secret, and the policy reads it from there")
			default:
				req = append(req, policyAction{Type: actionOpenIDConnect, Config: openIDConnectFromModule(m, *in.OIDCClientSecret)})
				if m.CookiePrefix != "" && m.CookiePrefix != defaultCookiePrefix {
					skip("oidc", fmt.Sprintf("cookie_prefix %q: the openid-connect action has no cookie prefix "+
						"(its session cookie is scoped by auth_id); the rest of the module is migrated", m.CookiePrefix))
				}
			}
		}
		oauth, emailRule := rm.oauth(name)
		req = append(req, oauth...)
		if m := r.RequestHeaders; m != nil {
			if !m.Enabled {
				skip("request_headers", disabled)
			} else {
				req = append(req, headerActions(m.Add, m.Remove)...)
			}
		}
		doc.OnHTTPRequest = append(doc.OnHTTPRequest, rm.userAgentFilter(name)...)
		if len(req) > 0 {
			doc.OnHTTPRequest = append(doc.OnHTTPRequest, policyRule{Name: name, Expressions: exprs, Actions: req})
		}
		doc.OnHTTPRequest = append(doc.OnHTTPRequest, emailRule...)
		if res := rm.responseActions(); len(res) > 0 {
			doc.OnHTTPResponse = append(doc.OnHTTPResponse, policyRule{Name: name, Expressions: exprs, Actions: res})
		}
		onRequest, onResponse := rm.trafficPolicy(name)
		doc.OnHTTPRequest = append(doc.OnHTTPRequest, onRequest...)
		doc.OnHTTPResponse = append(doc.OnHTTPResponse, onResponse...)
		rm.unsupported()
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

// defaultCookiePrefix is the cookie_prefix the API gives an OAuth module
// whose PUT names none (ngrok's recorded exchange
// _edge_route_o_auth_module_replace_response.md@3196b15): a module with it
// chose no prefix, so there is nothing the policy leaves out.
const defaultCookiePrefix = "ngrok."

const disabled = "disabled on the edge: it did nothing, so the policy leaves it out"

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
	host, err := internalHostOfLabels(labels)
	if err != nil {
		return "", err
	}
	return "https://" + host, nil
}

// internalHostOfLabels is the internal endpoint host of a tunnel group:
// app=web → app-web.internal. The HTTPS, TCP and TLS translations put their
// scheme (and port) around it.
func internalHostOfLabels(labels map[string]string) (string, error) {
	if len(labels) == 0 {
		return "", fmt.Errorf("the tunnel-group backend has no labels to name an internal endpoint after")
	}
	parts := make([]string, 0, len(labels))
	for _, k := range slices.Sorted(maps.Keys(labels)) {
		parts = append(parts, dnsLabelPart(k)+"-"+dnsLabelPart(labels[k]))
	}
	return strings.Join(parts, "-") + ".internal", nil
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

// routeModules translates the modules of one route other than the four
// managed ones (IP restriction, OIDC, request headers, backend).
type routeModules struct {
	route *apiclient.HTTPSEdgeRoute
	in    *edgeMigrationInput
	// exprs are the route's expressions (none for a route matching every
	// request).
	exprs []string
	skip  func(module, reason string)
}

// with is the route's expressions and one more.
func (rm routeModules) with(expr string) []string {
	return append(slices.Clone(rm.exprs), expr)
}

// Limits of the circuit-breaker action (ngrok's action reference).
const (
	circuitBreakerMaxWindow    = 120 // seconds, for window_duration and tripped_duration
	circuitBreakerBuckets      = 10  // num_buckets is fixed
	circuitBreakerDefaultError = 0.5
)

func (rm routeModules) circuitBreaker() []policyAction {
	m := rm.route.CircuitBreaker
	if m == nil {
		return nil
	}
	if !m.Enabled {
		rm.skip("circuit_breaker", disabled)
		return nil
	}
	c := circuitBreakerConfig{ErrorThreshold: m.ErrorThresholdPercentage, VolumeThreshold: m.VolumeThreshold}
	if c.ErrorThreshold <= 0 {
		// NOTE: error_threshold is required by the action; the module's
		// zero value meant its default, which is the action's.
		c.ErrorThreshold = circuitBreakerDefaultError
	}
	duration := func(field string, seconds uint32) string {
		if seconds == 0 {
			return ""
		}
		if seconds > circuitBreakerMaxWindow {
			rm.skip("circuit_breaker", fmt.Sprintf("%s of %ds: the circuit-breaker action takes at most %ds, which the policy "+
				"uses; the rest of the module is migrated", field, seconds, circuitBreakerMaxWindow))
			seconds = circuitBreakerMaxWindow
		}
		return strconv.FormatUint(uint64(seconds), 10) + "s"
	}
	c.WindowDuration = duration("rolling_window", m.RollingWindow)
	c.TrippedDuration = duration("tripped_duration", m.TrippedDuration)
	if m.NumBuckets != 0 && m.NumBuckets != circuitBreakerBuckets {
		rm.skip("circuit_breaker", fmt.Sprintf("num_buckets of %d: the circuit-breaker action always uses %d buckets; "+
			"the rest of the module is migrated", m.NumBuckets, circuitBreakerBuckets))
	}
	return []policyAction{{Type: actionCircuitBreaker, Config: c}}
}

func (rm routeModules) webhookVerification() []policyAction {
	m := rm.route.WebhookVerification
	switch {
	case m == nil:
		return nil
	case !m.Enabled:
		rm.skip("webhook_verification", disabled)
		return nil
	case rm.in.WebhookSecret == nil:
		rm.skip("webhook_verification", "the webhook secret is not copied into a policy (and the API does not return it): "+
			"store it in an ngrok vault and name it with webhook_verification_secret, and the policy reads it from there")
		return nil
	}
	// NOTE: the module names providers in capitals (SLACK), the action in
	// lower case (slack), with the same words.
	return []policyAction{{Type: actionVerifyWebhook, Config: verifyWebhookConfig{
		Provider: strings.ToLower(m.Provider), Secret: rm.in.WebhookSecret.interpolation(),
	}}}
}

// oauthWithoutManagedApp are the providers for which the oauth action has
// no ngrok-managed application (ngrok's action reference).
var oauthWithoutManagedApp = []string{"amazon", "facebook"}

// oauth is the oauth action, and the rule that enforces the module's email
// addresses and domains after it (nil when it has none).
func (rm routeModules) oauth(name string) ([]policyAction, []policyRule) {
	m := rm.route.OAuth
	if m == nil {
		return nil, nil
	}
	if !m.Enabled {
		rm.skip("oauth", disabled)
		return nil, nil
	}
	provider, p := oauthProviderOf(m)
	c := oauthConfig{Provider: provider, Scopes: p.Scopes, AllowCORSPreflight: m.OptionsPassthrough,
		MaxSessionDuration: seconds(m.MaximumDuration), IdleSessionTimeout: seconds(m.InactivityTimeout),
		UserinfoRefreshInterval: seconds(m.AuthCheckInterval)}
	if p.ClientID != nil && *p.ClientID != "" {
		if rm.in.OAuthClientSecret == nil {
			rm.skip("oauth", "the client secret is not copied into a policy (and the API does not return it): store it "+
				"in an ngrok vault and name it with oauth_client_secret, and the policy reads it from there")
			return nil, nil
		}
		c.ClientID, c.ClientSecret = *p.ClientID, rm.in.OAuthClientSecret.interpolation()
	} else if slices.Contains(oauthWithoutManagedApp, provider) {
		rm.skip("oauth", fmt.Sprintf("the oauth action has no ngrok-managed application for %s (ngrok's action "+
			"reference): create your own application, store its client secret in an ngrok vault, and write the action "+
			"by hand", provider))
		return nil, nil
	}
	if m.CookiePrefix != "" && m.CookiePrefix != defaultCookiePrefix {
		rm.skip("oauth", fmt.Sprintf("cookie_prefix %q: the oauth action has no cookie prefix (its session cookie is "+
			"scoped by auth_id); the rest of the module is migrated", m.CookiePrefix))
	}
	if len(p.Teams) > 0 || len(p.Organizations) > 0 {
		rm.skip("oauth", "teams and organizations: the oauth action does not read GitHub teams or organizations, so "+
			"the policy lets in any user the other restrictions allow; restrict them by hand (for example with an "+
			"http-request action to GitHub's API) or narrow email_addresses/email_domains")
	}
	actions := []policyAction{{Type: actionOAuth, Config: c}}
	if len(p.EmailAddresses) == 0 && len(p.EmailDomains) == 0 {
		return actions, nil
	}
	const email = "actions.ngrok.oauth.identity.email"
	var allowed []string
	if len(p.EmailAddresses) > 0 {
		allowed = append(allowed, email+" in "+celStringList(p.EmailAddresses))
	}
	if len(p.EmailDomains) > 0 {
		allowed = append(allowed, celStringList(p.EmailDomains)+`.exists(d, `+email+`.endsWith("@" + d))`)
	}
	rule := policyRule{
		Name:        name + ": oauth email restriction",
		Expressions: rm.with("!(" + strings.Join(allowed, " || ") + ")"),
		Actions:     []policyAction{{Type: actionDeny, Config: denyConfig{StatusCode: 403}}},
	}
	return actions, []policyRule{rule}
}

// userAgentFilter is the rule that denies what the module denied.
func (rm routeModules) userAgentFilter(name string) []policyRule {
	m := rm.route.UserAgentFilter
	switch {
	case m == nil:
		return nil
	case !m.Enabled:
		rm.skip("user_agent_filter", disabled)
		return nil
	case len(m.Allow) == 0 && len(m.Deny) == 0:
		rm.skip("user_agent_filter", "it has neither allow nor deny expressions: it did nothing, so the policy leaves it out")
		return nil
	}
	anyOf := func(res []string) string {
		parts := make([]string, len(res))
		for i, re := range res {
			parts[i] = "req.user_agent.matches(" + celString(re) + ")"
		}
		return strings.Join(parts, " || ")
	}
	var denied string
	switch {
	case len(m.Deny) == 0:
		denied = "!(" + anyOf(m.Allow) + ")"
	case len(m.Allow) == 0:
		denied = anyOf(m.Deny)
	default:
		denied = "!(" + anyOf(m.Allow) + ") && (" + anyOf(m.Deny) + ")"
	}
	return []policyRule{{
		Name:        name + ": user agent filter",
		Expressions: rm.with(denied),
		Actions:     []policyAction{{Type: actionDeny, Config: denyConfig{StatusCode: 403}}},
	}}
}

// responseActions are the route's on_http_response actions: response
// headers, then compression.
func (rm routeModules) responseActions() []policyAction {
	var out []policyAction
	if m := rm.route.ResponseHeaders; m != nil {
		if !m.Enabled {
			rm.skip("response_headers", disabled)
		} else {
			out = append(out, headerActions(m.Add, m.Remove)...)
		}
	}
	if m := rm.route.Compression; m != nil {
		if !m.Enabled {
			rm.skip("compression", disabled)
		} else {
			out = append(out, policyAction{Type: actionCompressResponse})
		}
	}
	return out
}

// trafficPolicy is the traffic_policy module's rules of each HTTP phase,
// each with the route's expressions before its own.
func (rm routeModules) trafficPolicy(name string) (onRequest, onResponse []policyRule) {
	m := rm.route.TrafficPolicy
	if m == nil {
		return nil, nil
	}
	if !m.Enabled {
		rm.skip("traffic_policy", disabled)
		return nil, nil
	}
	doc, err := parseTrafficPolicy(m.Value)
	if err != nil {
		rm.skip("traffic_policy", "its policy cannot be read: "+err.Error())
		return nil, nil
	}
	phases, ok := doc.(map[string]any)
	if !ok {
		rm.skip("traffic_policy", "its policy is not an object whose keys are phases")
		return nil, nil
	}
	for _, phase := range slices.Sorted(maps.Keys(phases)) {
		rules, err := scopedRules(phases[phase], rm.exprs, name+": traffic_policy")
		switch {
		case err != nil:
			rm.skip("traffic_policy", fmt.Sprintf("its %s rules cannot be read: %v", phase, err))
			return nil, nil
		case phase == phaseOnHTTPRequest:
			onRequest = rules
		case phase == phaseOnHTTPResponse:
			onResponse = rules
		case len(rules) > 0:
			rm.skip("traffic_policy", fmt.Sprintf("its %d %s rules: they run before a route is chosen, so they cannot be "+
				"scoped to the route; add them by hand if they should apply to every request of the endpoint", len(rules), phase))
		}
	}
	return onRequest, onResponse
}

// scopedRules reads a phase's rules and adds exprs before each rule's own
// expressions.
func scopedRules(v any, exprs []string, name string) ([]policyRule, error) {
	if v == nil {
		return nil, nil
	}
	list, ok := v.([]any)
	if !ok {
		return nil, fmt.Errorf("the phase is not a list of rules")
	}
	out := make([]policyRule, 0, len(list))
	for i, item := range list {
		rule, ok := item.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("rule %d is not an object", i+1)
		}
		r := policyRule{Name: fmt.Sprintf("%s rule %d", name, i+1), Expressions: slices.Clone(exprs)}
		for k, val := range rule {
			switch k {
			case "name":
				s, ok := val.(string)
				if !ok {
					return nil, fmt.Errorf("the name of rule %d is not a string", i+1)
				}
				r.Name = name + ": " + s
			case "expressions":
				es, ok := val.([]any)
				if !ok {
					return nil, fmt.Errorf("the expressions of rule %d are not a list", i+1)
				}
				for _, e := range es {
					s, ok := e.(string)
					if !ok {
						return nil, fmt.Errorf("an expression of rule %d is not a string", i+1)
					}
					r.Expressions = append(r.Expressions, s)
				}
			case "actions":
				as, ok := val.([]any)
				if !ok {
					return nil, fmt.Errorf("the actions of rule %d are not a list", i+1)
				}
				for _, a := range as {
					am, ok := a.(map[string]any)
					typ, _ := am["type"].(string)
					if !ok || typ == "" {
						return nil, fmt.Errorf("an action of rule %d has no type", i+1)
					}
					r.Actions = append(r.Actions, policyAction{Type: typ, Config: am["config"]})
				}
			default:
				return nil, fmt.Errorf("rule %d has the field %q, which the translation does not know", i+1, k)
			}
		}
		out = append(out, r)
	}
	return out, nil
}

// unsupported reports the modules traffic policy has no action for.
func (rm routeModules) unsupported() {
	if m := rm.route.SAML; m != nil {
		if !m.Enabled {
			rm.skip("saml", disabled)
		} else {
			rm.skip("saml", "traffic policy has no SAML action (ngrok's migration guide): authenticate with your identity "+
				"provider's OpenID Connect instead (the openid-connect action), or keep the route until it can")
		}
	}
	if m := rm.route.WebsocketTCPConverter; m != nil {
		if !m.Enabled {
			rm.skip("websocket_tcp_converter", disabled)
		} else {
			rm.skip("websocket_tcp_converter", "traffic policy has no equivalent of the WebSocket-TCP converter (ngrok's "+
				"migration guide): a client must reach the TCP service another way, such as a TCP endpoint")
		}
	}
}

// seconds is a duration of the action reference, or "" for 0 (not set).
func seconds(s uint32) string {
	if s == 0 {
		return ""
	}
	return strconv.FormatUint(uint64(s), 10) + "s"
}

// celStringList is a CEL list literal of strings.
func celStringList(values []string) string {
	parts := make([]string, len(values))
	for i, v := range values {
		parts[i] = celString(v)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}
