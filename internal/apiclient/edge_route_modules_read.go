package apiclient

// The modules of an HTTPS edge route that the client reads but never
// writes: ngrok deprecated them with edges, and they are read to be moved
// onto a traffic policy. Every field is as the API answers it; the API
// (and the mock) leave the secrets of a module out of an answer, so none is
// here.

// HTTPSEdgeRouteReadModules are those modules of a route; nil when not set.
type HTTPSEdgeRouteReadModules struct {
	CircuitBreaker        *HTTPSEdgeRouteCircuitBreaker      `json:"circuit_breaker,omitempty"`
	Compression           *HTTPSEdgeRouteEnabled             `json:"compression,omitempty"`
	ResponseHeaders       *HTTPSEdgeRouteRequestHeaders      `json:"response_headers,omitempty"`
	WebhookVerification   *HTTPSEdgeRouteWebhookVerification `json:"webhook_verification,omitempty"`
	OAuth                 *HTTPSEdgeRouteOAuth               `json:"oauth,omitempty"`
	SAML                  *HTTPSEdgeRouteSAML                `json:"saml,omitempty"`
	WebsocketTCPConverter *HTTPSEdgeRouteEnabled             `json:"websocket_tcp_converter,omitempty"`
	UserAgentFilter       *HTTPSEdgeRouteUserAgentFilter     `json:"user_agent_filter,omitempty"`
	TrafficPolicy         *HTTPSEdgeRouteTrafficPolicy       `json:"traffic_policy,omitempty"`
}

// HTTPSEdgeRouteEnabled is a module with nothing but enabled (compression,
// the WebSocket-TCP converter).
type HTTPSEdgeRouteEnabled struct {
	Enabled bool `json:"enabled"`
}

// HTTPSEdgeRouteCircuitBreaker rejects requests while the upstream fails.
type HTTPSEdgeRouteCircuitBreaker struct {
	Enabled                  bool    `json:"enabled"`
	TrippedDuration          uint32  `json:"tripped_duration"` // seconds
	RollingWindow            uint32  `json:"rolling_window"`   // seconds
	NumBuckets               uint32  `json:"num_buckets"`
	VolumeThreshold          uint32  `json:"volume_threshold"`
	ErrorThresholdPercentage float64 `json:"error_threshold_percentage"` // a fraction, 0 to 1
}

// HTTPSEdgeRouteWebhookVerification verifies a provider's webhook
// signatures; its secret is not read.
type HTTPSEdgeRouteWebhookVerification struct {
	Enabled  bool   `json:"enabled"`
	Provider string `json:"provider"` // such as SLACK, GITHUB
}

// HTTPSEdgeRouteOAuth authenticates visitors with an OAuth provider.
type HTTPSEdgeRouteOAuth struct {
	Enabled            bool                                    `json:"enabled"`
	Provider           map[string]*HTTPSEdgeRouteOAuthProvider `json:"provider"` // one entry, by provider name
	OptionsPassthrough bool                                    `json:"options_passthrough"`
	CookiePrefix       string                                  `json:"cookie_prefix"`
	InactivityTimeout  uint32                                  `json:"inactivity_timeout"`  // seconds
	MaximumDuration    uint32                                  `json:"maximum_duration"`    // seconds
	AuthCheckInterval  uint32                                  `json:"auth_check_interval"` // seconds
}

// HTTPSEdgeRouteOAuthProvider is the provider's settings; ClientID is nil
// for ngrok's managed application.
type HTTPSEdgeRouteOAuthProvider struct {
	ClientID       *string  `json:"client_id,omitempty"`
	Scopes         []string `json:"scopes"`
	EmailAddresses []string `json:"email_addresses"`
	EmailDomains   []string `json:"email_domains"`
	Teams          []string `json:"teams,omitempty"`         // github only
	Organizations  []string `json:"organizations,omitempty"` // github only
}

// HTTPSEdgeRouteSAML authenticates visitors with a SAML identity provider.
type HTTPSEdgeRouteSAML struct {
	Enabled                     bool     `json:"enabled"`
	OptionsPassthrough          bool     `json:"options_passthrough"`
	CookiePrefix                string   `json:"cookie_prefix"`
	InactivityTimeout           uint32   `json:"inactivity_timeout"`
	MaximumDuration             uint32   `json:"maximum_duration"`
	IdPMetadata                 string   `json:"idp_metadata"`
	ForceAuthn                  bool     `json:"force_authn"`
	AllowIdPInitiated           bool     `json:"allow_idp_initiated"`
	AuthorizedGroups            []string `json:"authorized_groups"`
	EntityID                    string   `json:"entity_id"`
	AssertionConsumerServiceURL string   `json:"assertion_consumer_service_url"`
	SingleLogoutURL             string   `json:"single_logout_url"`
	MetadataURL                 string   `json:"metadata_url"`
	NameIDFormat                string   `json:"nameid_format"`
}

// HTTPSEdgeRouteUserAgentFilter allows or denies requests by User-Agent
// (RE2 regular expressions).
type HTTPSEdgeRouteUserAgentFilter struct {
	Enabled bool     `json:"enabled"`
	Allow   []string `json:"allow"`
	Deny    []string `json:"deny"`
}

// HTTPSEdgeRouteTrafficPolicy is a traffic policy applied to the route.
type HTTPSEdgeRouteTrafficPolicy struct {
	Enabled bool   `json:"enabled"`
	Value   string `json:"value"` // the policy, JSON or YAML
}
