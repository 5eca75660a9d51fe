package mockserver

import (
	"encoding/xml"
	"errors"
	"io"
	"regexp"
	"slices"
	"strings"
)

// The other modules of an HTTPS edge route (README.md, section HTTPS edges
// and backends): circuit_breaker, compression, response_headers,
// webhook_verification, oauth, saml, websocket_tcp_converter,
// user_agent_filter and traffic_policy, which the provider does not write.
// They are seeded (HTTPSEdgeRouteSeed, a seed file's routes), or written by
// their PUTs and in route creates and PATCHes like the four of
// edge_route_modules.go (routeModules) [real: the spec; ngrok-api-go sends
// them], and read nested in their route, in the spec's shapes.
//
//   - Each seed is the body of the module's PUT in the real API, checked as
//     the API checks it, where its documentation says how, and refused
//     otherwise (seedModule: unknown fields too).
//   - Secrets are neither answered nor kept: the webhook verification
//     secret and the OAuth client secret are checked (present where the
//     API requires them) and dropped, and the bodies that hold them are not
//     recorded [ours: the real API answers them; the mock follows the
//     provider's rule that a secret never reaches a state]. The SAML
//     module's request signing certificate is left out: the mock holds no
//     SAML key [ours].

// RouteModuleSeeds are the seedable modules of a route besides the four of
// edge_route_modules.go, each the body of the module's PUT as JSON; a module
// left out is not set.
type RouteModuleSeeds struct {
	CircuitBreaker        *RouteModuleSeed `json:"circuit_breaker,omitempty"`
	Compression           *RouteModuleSeed `json:"compression,omitempty"`
	ResponseHeaders       *RouteModuleSeed `json:"response_headers,omitempty"`
	WebhookVerification   *RouteModuleSeed `json:"webhook_verification,omitempty"`
	OAuth                 *RouteModuleSeed `json:"oauth,omitempty"`
	SAML                  *RouteModuleSeed `json:"saml,omitempty"`
	WebsocketTCPConverter *RouteModuleSeed `json:"websocket_tcp_converter,omitempty"`
	UserAgentFilter       *RouteModuleSeed `json:"user_agent_filter,omitempty"`
	TrafficPolicy         *RouteModuleSeed `json:"traffic_policy,omitempty"`
}

// routeModulesSeeded is what a route stores of those modules, seeded or
// written; nil is not set.
type routeModulesSeeded struct {
	CircuitBreaker        *circuitBreakerModule      `json:"circuit_breaker,omitempty"`
	Compression           *enabledModule             `json:"compression,omitempty"`
	ResponseHeaders       *requestHeadersModule      `json:"response_headers,omitempty"`
	WebhookVerification   *webhookVerificationModule `json:"webhook_verification,omitempty"`
	OAuth                 *oauthModule               `json:"oauth,omitempty"`
	SAML                  *samlModule                `json:"saml,omitempty"`
	WebsocketTCPConverter *enabledModule             `json:"websocket_tcp_converter,omitempty"`
	UserAgentFilter       *userAgentFilterModule     `json:"user_agent_filter,omitempty"`
	TrafficPolicy         *trafficPolicyModule       `json:"traffic_policy,omitempty"`
}

// routeModulesSeededWire is their part of a route's answer: null when not
// set [real: _edges_https_routes_get_response.md@3196b15].
type routeModulesSeededWire struct {
	CircuitBreaker        *circuitBreakerModule      `json:"circuit_breaker"`
	Compression           *enabledModule             `json:"compression"`
	ResponseHeaders       *requestHeadersModule      `json:"response_headers"`
	WebhookVerification   *webhookVerificationModule `json:"webhook_verification"`
	OAuth                 *oauthWire                 `json:"oauth"`
	SAML                  *samlWire                  `json:"saml"`
	WebsocketTCPConverter *enabledModule             `json:"websocket_tcp_converter"`
	UserAgentFilter       *userAgentFilterModule     `json:"user_agent_filter"`
	TrafficPolicy         *trafficPolicyModule       `json:"traffic_policy"`
}

// wire answers the modules of route routeID. NOTE: the stored modules
// without an origin-dependent or secret part are answered as stored.
func (m *routeModulesSeeded) wire(routeID string) routeModulesSeededWire {
	w := routeModulesSeededWire{
		CircuitBreaker: m.CircuitBreaker, Compression: m.Compression, ResponseHeaders: m.ResponseHeaders,
		WebhookVerification: m.WebhookVerification, WebsocketTCPConverter: m.WebsocketTCPConverter,
		UserAgentFilter: m.UserAgentFilter, TrafficPolicy: m.TrafficPolicy,
	}
	if m.OAuth != nil {
		w.OAuth = m.OAuth.wire()
	}
	if m.SAML != nil {
		w.SAML = m.SAML.wire(routeID)
	}
	return w
}

// seed checks and sets the modules of a seeded route; the store lock is held.
func (m *routeModulesSeeded) seed(es *edgeState, in RouteModuleSeeds) error {
	return errors.Join(
		seedModule(es, ModuleCircuitBreaker, in.CircuitBreaker, buildCircuitBreaker, &m.CircuitBreaker),
		seedModule(es, ModuleCompression, in.Compression, buildEnabled, &m.Compression),
		seedModule(es, ModuleResponseHeaders, in.ResponseHeaders, buildRequestHeaders, &m.ResponseHeaders),
		seedModule(es, ModuleWebhookVerification, in.WebhookVerification, buildWebhookVerification, &m.WebhookVerification),
		seedModule(es, ModuleOAuth, in.OAuth, buildOAuth, &m.OAuth),
		seedModule(es, ModuleSAML, in.SAML, buildSAML, &m.SAML),
		seedModule(es, ModuleWebsocketTCPConverter, in.WebsocketTCPConverter, buildEnabled, &m.WebsocketTCPConverter),
		seedModule(es, ModuleUserAgentFilter, in.UserAgentFilter, buildUserAgentFilter, &m.UserAgentFilter),
		seedModule(es, ModuleTrafficPolicy, in.TrafficPolicy, buildTrafficPolicyModule, &m.TrafficPolicy),
	)
}

// Compression and WebSocket-TCP converter: nothing but enabled.

type enabledBody struct {
	Enabled *bool `json:"enabled"`
}

type enabledModule struct {
	Enabled bool `json:"enabled"`
}

func buildEnabled(_ *edgeState, in *enabledBody) (enabledModule, *apiError) {
	return enabledModule{Enabled: enabledOrDefault(in.Enabled)}, nil
}

// Circuit breaker.

type circuitBreakerBody struct {
	Enabled                  *bool   `json:"enabled"`
	TrippedDuration          uint32  `json:"tripped_duration"`
	RollingWindow            uint32  `json:"rolling_window"`
	NumBuckets               uint32  `json:"num_buckets"`
	VolumeThreshold          uint32  `json:"volume_threshold"`
	ErrorThresholdPercentage float64 `json:"error_threshold_percentage"`
}

type circuitBreakerModule struct {
	Enabled                  bool    `json:"enabled"`
	TrippedDuration          uint32  `json:"tripped_duration"`
	RollingWindow            uint32  `json:"rolling_window"`
	NumBuckets               uint32  `json:"num_buckets"`
	VolumeThreshold          uint32  `json:"volume_threshold"`
	ErrorThresholdPercentage float64 `json:"error_threshold_percentage"`
}

func buildCircuitBreaker(_ *edgeState, in *circuitBreakerBody) (circuitBreakerModule, *apiError) {
	// NOTE: the API documents the percentage as a fraction (0.5 is half).
	if p := in.ErrorThresholdPercentage; p < 0 || p > 1 {
		return circuitBreakerModule{}, errCircuitBreakerThreshold.with(p)
	}
	return circuitBreakerModule{
		Enabled: enabledOrDefault(in.Enabled), TrippedDuration: in.TrippedDuration, RollingWindow: in.RollingWindow,
		NumBuckets: in.NumBuckets, VolumeThreshold: in.VolumeThreshold, ErrorThresholdPercentage: in.ErrorThresholdPercentage,
	}, nil
}

// Webhook verification.

type webhookVerificationBody struct {
	Enabled  *bool  `json:"enabled"`
	Provider string `json:"provider"`
	Secret   string `json:"secret"`
}

// webhookVerificationModule keeps no secret.
type webhookVerificationModule struct {
	Enabled  bool   `json:"enabled"`
	Provider string `json:"provider"`
}

func buildWebhookVerification(_ *edgeState, in *webhookVerificationBody) (webhookVerificationModule, *apiError) {
	if in.Provider == "" {
		return webhookVerificationModule{}, errWebhookProvider.with("the providers of ngrok's webhook verification, such as SLACK, GITHUB or SNS")
	}
	// NOTE: ngrok's module documentation: every provider but Amazon SNS
	// signs with a secret the module must hold.
	if in.Secret == "" && !strings.EqualFold(in.Provider, "SNS") {
		return webhookVerificationModule{}, errWebhookSecret.with(in.Provider)
	}
	return webhookVerificationModule{Enabled: enabledOrDefault(in.Enabled), Provider: in.Provider}, nil
}

// OAuth.

// oauthCookiePrefix is the OAuth module's cookie_prefix when its PUT gives
// none [real: exchange _edge_route_o_auth_module_replace_response.md@3196b15].
const oauthCookiePrefix = "ngrok."

// oauthProviders are the providers of the API's EndpointOAuthProvider.
var oauthProviders = []string{"amazon", "facebook", "github", "gitlab", "google", "linkedin", "microsoft", "twitch"}

type oauthProviderBody struct {
	ClientID       *string  `json:"client_id"`
	ClientSecret   *string  `json:"client_secret"`
	Scopes         []string `json:"scopes"`
	EmailAddresses []string `json:"email_addresses"`
	EmailDomains   []string `json:"email_domains"`
	Teams          []string `json:"teams"`         // github only
	Organizations  []string `json:"organizations"` // github only
}

type oauthBody struct {
	Enabled            *bool                         `json:"enabled"`
	Provider           map[string]*oauthProviderBody `json:"provider"`
	OptionsPassthrough bool                          `json:"options_passthrough"`
	CookiePrefix       string                        `json:"cookie_prefix"`
	InactivityTimeout  uint32                        `json:"inactivity_timeout"`
	MaximumDuration    uint32                        `json:"maximum_duration"`
	AuthCheckInterval  uint32                        `json:"auth_check_interval"`
}

// oauthModule keeps the provider's name and settings, without the client
// secret. ClientID is empty for ngrok's managed application.
type oauthModule struct {
	Enabled            bool     `json:"enabled"`
	Provider           string   `json:"provider"`
	ClientID           string   `json:"client_id,omitempty"`
	Scopes             []string `json:"scopes"`
	EmailAddresses     []string `json:"email_addresses"`
	EmailDomains       []string `json:"email_domains"`
	Teams              []string `json:"teams,omitempty"`
	Organizations      []string `json:"organizations,omitempty"`
	OptionsPassthrough bool     `json:"options_passthrough"`
	CookiePrefix       string   `json:"cookie_prefix"`
	InactivityTimeout  uint32   `json:"inactivity_timeout"`
	MaximumDuration    uint32   `json:"maximum_duration"`
	AuthCheckInterval  uint32   `json:"auth_check_interval"`
}

type oauthProviderWire struct {
	ClientID       *string  `json:"client_id,omitempty"`
	Scopes         []string `json:"scopes"`
	EmailAddresses []string `json:"email_addresses"`
	EmailDomains   []string `json:"email_domains"`
	Teams          []string `json:"teams,omitempty"`
	Organizations  []string `json:"organizations,omitempty"`
}

type oauthWire struct {
	Enabled            bool                          `json:"enabled"`
	Provider           map[string]*oauthProviderWire `json:"provider"`
	OptionsPassthrough bool                          `json:"options_passthrough"`
	CookiePrefix       string                        `json:"cookie_prefix"`
	InactivityTimeout  uint32                        `json:"inactivity_timeout"`
	MaximumDuration    uint32                        `json:"maximum_duration"`
	AuthCheckInterval  uint32                        `json:"auth_check_interval"`
}

func (m *oauthModule) wire() *oauthWire {
	p := &oauthProviderWire{
		Scopes: nonNil(m.Scopes), EmailAddresses: nonNil(m.EmailAddresses), EmailDomains: nonNil(m.EmailDomains),
		Teams: m.Teams, Organizations: m.Organizations,
	}
	if m.ClientID != "" {
		id := m.ClientID
		p.ClientID = &id
	}
	if m.Provider == "github" {
		p.Teams, p.Organizations = nonNil(m.Teams), nonNil(m.Organizations)
	}
	// NOTE: every provider of the spec is answered, null but the module's
	// [real: exchange _edge_route_o_auth_module_get_response.md@3196b15].
	providers := make(map[string]*oauthProviderWire, len(oauthProviders))
	for _, name := range oauthProviders {
		providers[name] = nil
	}
	providers[m.Provider] = p
	return &oauthWire{
		Enabled: m.Enabled, Provider: providers,
		OptionsPassthrough: m.OptionsPassthrough, CookiePrefix: m.CookiePrefix,
		InactivityTimeout: m.InactivityTimeout, MaximumDuration: m.MaximumDuration, AuthCheckInterval: m.AuthCheckInterval,
	}
}

func buildOAuth(_ *edgeState, in *oauthBody) (oauthModule, *apiError) {
	var names []string
	for name, p := range in.Provider {
		if p != nil {
			names = append(names, name)
		}
	}
	switch len(names) {
	case 0:
		return oauthModule{}, errOAuthNoProvider.with()
	case 1:
	default:
		slices.Sort(names)
		return oauthModule{}, errOAuthManyProviders.with(strings.Join(names, ", "))
	}
	name := names[0]
	if !slices.Contains(oauthProviders, name) {
		return oauthModule{}, errOAuthProvider.with()
	}
	p := in.Provider[name]
	id, secret := deref(p.ClientID), deref(p.ClientSecret)
	// NOTE: ngrok's OAuth documentation: without client_id and
	// client_secret the module uses ngrok's managed application; one
	// without the other is an application half given [ours: refused].
	if (id == "") != (secret == "") {
		return oauthModule{}, errOAuthClient.with()
	}
	if name != "github" && (len(p.Teams) > 0 || len(p.Organizations) > 0) {
		return oauthModule{}, errInvalidValue.with(name + ".teams")
	}
	cookiePrefix := in.CookiePrefix
	if cookiePrefix == "" {
		cookiePrefix = oauthCookiePrefix
	}
	return oauthModule{
		Enabled: enabledOrDefault(in.Enabled), Provider: name, ClientID: id,
		Scopes: slices.Clone(p.Scopes), EmailAddresses: slices.Clone(p.EmailAddresses), EmailDomains: slices.Clone(p.EmailDomains),
		Teams: slices.Clone(p.Teams), Organizations: slices.Clone(p.Organizations),
		OptionsPassthrough: in.OptionsPassthrough, CookiePrefix: cookiePrefix,
		InactivityTimeout: in.InactivityTimeout, MaximumDuration: in.MaximumDuration, AuthCheckInterval: in.AuthCheckInterval,
	}, nil
}

// SAML.

type samlBody struct {
	Enabled            *bool    `json:"enabled"`
	OptionsPassthrough bool     `json:"options_passthrough"`
	CookiePrefix       string   `json:"cookie_prefix"`
	InactivityTimeout  uint32   `json:"inactivity_timeout"`
	MaximumDuration    uint32   `json:"maximum_duration"`
	IdPMetadata        string   `json:"idp_metadata"`
	ForceAuthn         bool     `json:"force_authn"`
	AllowIdPInitiated  *bool    `json:"allow_idp_initiated"`
	AuthorizedGroups   []string `json:"authorized_groups"`
	NameIDFormat       string   `json:"nameid_format"`
}

type samlModule struct {
	Enabled            bool     `json:"enabled"`
	OptionsPassthrough bool     `json:"options_passthrough"`
	CookiePrefix       string   `json:"cookie_prefix"`
	InactivityTimeout  uint32   `json:"inactivity_timeout"`
	MaximumDuration    uint32   `json:"maximum_duration"`
	IdPMetadata        string   `json:"idp_metadata"`
	ForceAuthn         bool     `json:"force_authn"`
	AllowIdPInitiated  bool     `json:"allow_idp_initiated"`
	AuthorizedGroups   []string `json:"authorized_groups"`
	NameIDFormat       string   `json:"nameid_format"`
}

// samlWire adds the service provider's URLs, which ngrok derives from the
// route [real: idp.ngrok.com/saml/<route id>...].
type samlWire struct {
	samlModule
	EntityID                    string `json:"entity_id"`
	AssertionConsumerServiceURL string `json:"assertion_consumer_service_url"`
	SingleLogoutURL             string `json:"single_logout_url"`
	MetadataURL                 string `json:"metadata_url"`
}

// samlServiceProviderBase is where ngrok serves a route's SAML service provider.
const samlServiceProviderBase = "https://idp.ngrok.com/saml/"

// samlNameIDPersistent is the API's default nameid_format.
const samlNameIDPersistent = "urn:oasis:names:tc:SAML:2.0:nameid-format:persistent"

func (m *samlModule) wire(routeID string) *samlWire {
	base := samlServiceProviderBase + routeID
	w := &samlWire{samlModule: *m, EntityID: base, AssertionConsumerServiceURL: base + "/acs",
		SingleLogoutURL: base + "/slo", MetadataURL: base}
	w.AuthorizedGroups = nonNil(m.AuthorizedGroups)
	return w
}

func buildSAML(_ *edgeState, in *samlBody) (samlModule, *apiError) {
	if in.IdPMetadata == "" {
		return samlModule{}, errSAMLMetadataMissing.with()
	}
	if !isSAMLMetadata(in.IdPMetadata) {
		return samlModule{}, errSAMLMetadata.with("the root element is not an EntityDescriptor")
	}
	format := in.NameIDFormat
	if format == "" {
		format = samlNameIDPersistent
	}
	return samlModule{
		Enabled: enabledOrDefault(in.Enabled), OptionsPassthrough: in.OptionsPassthrough, CookiePrefix: in.CookiePrefix,
		InactivityTimeout: in.InactivityTimeout, MaximumDuration: in.MaximumDuration, IdPMetadata: in.IdPMetadata,
		ForceAuthn: in.ForceAuthn, AllowIdPInitiated: enabledOrDefault(in.AllowIdPInitiated),
		AuthorizedGroups: slices.Clone(in.AuthorizedGroups), NameIDFormat: format,
	}, nil
}

// isSAMLMetadata reports whether s is well-formed XML whose root element is
// an EntityDescriptor.
func isSAMLMetadata(s string) bool {
	d := xml.NewDecoder(strings.NewReader(s))
	root := ""
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			return root == "EntityDescriptor"
		}
		if err != nil {
			return false
		}
		if se, ok := tok.(xml.StartElement); ok && root == "" {
			root = se.Name.Local
		}
	}
}

// User agent filter.

type userAgentFilterBody struct {
	Enabled *bool    `json:"enabled"`
	Allow   []string `json:"allow"`
	Deny    []string `json:"deny"`
}

type userAgentFilterModule struct {
	Enabled bool     `json:"enabled"`
	Allow   []string `json:"allow"`
	Deny    []string `json:"deny"`
}

func buildUserAgentFilter(_ *edgeState, in *userAgentFilterBody) (userAgentFilterModule, *apiError) {
	for _, list := range [][]string{in.Allow, in.Deny} {
		for _, re := range list {
			// NOTE: the API's expressions are RE2, as Go's regexp.
			if _, err := regexp.Compile(re); err != nil {
				return userAgentFilterModule{}, errEdgeUserAgentRegexp.with(re, err)
			}
		}
	}
	return userAgentFilterModule{Enabled: enabledOrDefault(in.Enabled), Allow: nonNil(slices.Clone(in.Allow)),
		Deny: nonNil(slices.Clone(in.Deny))}, nil
}

// Traffic policy module.

type trafficPolicyBody struct {
	Enabled *bool  `json:"enabled"`
	Value   string `json:"value"`
}

type trafficPolicyModule struct {
	Enabled bool   `json:"enabled"`
	Value   string `json:"value"`
}

func buildTrafficPolicyModule(_ *edgeState, in *trafficPolicyBody) (trafficPolicyModule, *apiError) {
	if strings.TrimSpace(in.Value) == "" {
		return trafficPolicyModule{}, errTrafficPolicyMissing.with("the traffic_policy module's value is empty")
	}
	if err := checkTrafficPolicy(in.Value, ""); err != nil {
		return trafficPolicyModule{}, err
	}
	return trafficPolicyModule{Enabled: enabledOrDefault(in.Enabled), Value: in.Value}, nil
}
