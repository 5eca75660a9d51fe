package mockserver

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

const testSAMLMetadata = `<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://idp.example.com"></EntityDescriptor>`

// everyModuleSeed is a route with every seedable module of this file, and
// secrets that must never be answered.
func everyModuleSeed() HTTPSEdgeRouteSeed {
	return HTTPSEdgeRouteSeed{Match: "/all", RouteModuleSeeds: RouteModuleSeeds{
		CircuitBreaker:      ptrRaw(`{"tripped_duration":30,"rolling_window":60,"num_buckets":10,"volume_threshold":100,"error_threshold_percentage":0.5}`),
		Compression:         ptrRaw(`{}`),
		ResponseHeaders:     ptrRaw(`{"add":{"x-frame-options":"DENY"},"remove":["server"]}`),
		WebhookVerification: ptrRaw(`{"provider":"SLACK","secret":"whsec-very-secret"}`),
		OAuth: ptrRaw(`{"provider":{"google":{"client_id":"gid","client_secret":"oauth-very-secret","scopes":["email"],` +
			`"email_domains":["example.com"]}},"options_passthrough":true,"maximum_duration":3600,"auth_check_interval":300}`),
		SAML:                  ptrRaw(`{"enabled":false,"idp_metadata":` + quoteJSON(testSAMLMetadata) + `,"authorized_groups":["eng"]}`),
		WebsocketTCPConverter: ptrRaw(`{"enabled":true}`),
		UserAgentFilter:       ptrRaw(`{"allow":["^curl/"],"deny":["(?i)bot"]}`),
		TrafficPolicy:         ptrRaw(`{"value":` + quoteJSON(`{"on_http_request":[{"actions":[{"type":"deny"}]}]}`) + `}`),
	}}
}

// quoteJSON is s as a JSON string, written as the server writes it: without
// escaping HTML.
func quoteJSON(s string) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return strings.TrimSuffix(b.String(), "\n")
}

// A seeded route answers every module nested as the API does, with the
// defaults of a PUT, and neither secret.
func TestSeededRouteModulesAnswered(t *testing.T) {
	t.Parallel()
	f := newEdgeFixture(t)
	id, err := f.s.SeedHTTPSEdgeRoute(f.edge, everyModuleSeed())
	if err != nil {
		t.Fatal(err)
	}
	w := do(t, f.s, http.MethodGet, "/edges/https/"+f.edge+"/routes/"+id, "")
	wantStatus(t, w, http.StatusOK)
	body := w.Body.String()
	for _, secret := range []string{"whsec-very-secret", "oauth-very-secret", "client_secret", `"secret"`} {
		if strings.Contains(body, secret) {
			t.Errorf("the route answers %q: %s", secret, body)
		}
	}
	var r struct {
		CircuitBreaker struct {
			Enabled bool    `json:"enabled"`
			Pct     float64 `json:"error_threshold_percentage"`
			Window  int     `json:"rolling_window"`
		} `json:"circuit_breaker"`
		Compression     struct{ Enabled bool } `json:"compression"`
		ResponseHeaders requestHeadersModule   `json:"response_headers"`
		Webhook         map[string]any         `json:"webhook_verification"`
		OAuth           oauthWire              `json:"oauth"`
		SAML            map[string]any         `json:"saml"`
		WebSocket       struct{ Enabled bool } `json:"websocket_tcp_converter"`
		UserAgent       userAgentFilterModule  `json:"user_agent_filter"`
		TrafficPolicy   trafficPolicyModule    `json:"traffic_policy"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &r); err != nil {
		t.Fatal(err)
	}
	if !r.CircuitBreaker.Enabled || r.CircuitBreaker.Pct != 0.5 || r.CircuitBreaker.Window != 60 {
		t.Errorf("circuit_breaker %+v", r.CircuitBreaker)
	}
	if !r.Compression.Enabled || !r.WebSocket.Enabled {
		t.Errorf("compression %+v, websocket_tcp_converter %+v: enabled defaults to true", r.Compression, r.WebSocket)
	}
	if r.ResponseHeaders.Add["x-frame-options"] != "DENY" || len(r.ResponseHeaders.Remove) != 1 {
		t.Errorf("response_headers %+v", r.ResponseHeaders)
	}
	if r.Webhook["provider"] != "SLACK" || r.Webhook["enabled"] != true {
		t.Errorf("webhook_verification %v", r.Webhook)
	}
	g := r.OAuth.Provider["google"]
	if len(r.OAuth.Provider) != 1 || g == nil || g.ClientID == nil || *g.ClientID != "gid" ||
		len(g.EmailDomains) != 1 || !r.OAuth.OptionsPassthrough || r.OAuth.AuthCheckInterval != 300 {
		t.Errorf("oauth %+v (google %+v)", r.OAuth, g)
	}
	if r.SAML["enabled"] != false || r.SAML["allow_idp_initiated"] != true || r.SAML["nameid_format"] != samlNameIDPersistent ||
		r.SAML["entity_id"] != samlServiceProviderBase+id || r.SAML["assertion_consumer_service_url"] != samlServiceProviderBase+id+"/acs" {
		t.Errorf("saml %v", r.SAML)
	}
	if _, ok := r.SAML["request_signing_certificate_pem"]; ok {
		t.Errorf("saml answers a signing certificate the mock has no key for: %v", r.SAML)
	}
	if len(r.UserAgent.Allow) != 1 || len(r.UserAgent.Deny) != 1 || !r.UserAgent.Enabled {
		t.Errorf("user_agent_filter %+v", r.UserAgent)
	}
	if !r.TrafficPolicy.Enabled || !strings.Contains(r.TrafficPolicy.Value, "deny") {
		t.Errorf("traffic_policy %+v", r.TrafficPolicy)
	}

	// A route without them answers each null [real:
	// _edges_https_routes_get_response.md@3196b15].
	plain := do(t, f.s, http.MethodGet, "/edges/https/"+f.edge+"/routes/"+f.route, "").Body.String()
	for _, m := range []string{"circuit_breaker", "compression", "oauth", "saml", "traffic_policy", "user_agent_filter"} {
		if !strings.Contains(plain, `"`+m+`":null`) {
			t.Errorf("a route without %s does not answer it null: %s", m, plain)
		}
	}
}

// The secrets are not kept either: the state the control API shows holds
// neither.
func TestSeededRouteModulesKeepNoSecret(t *testing.T) {
	t.Parallel()
	f := newEdgeFixture(t)
	if _, err := f.s.SeedHTTPSEdgeRoute(f.edge, everyModuleSeed()); err != nil {
		t.Fatal(err)
	}
	f.s.store.mu.Lock()
	var stored []byte
	for _, r := range f.s.edges.routes.rows {
		b, err := json.Marshal(r.val)
		if err != nil {
			t.Fatal(err)
		}
		stored = append(stored, b...)
	}
	f.s.store.mu.Unlock()
	for _, secret := range []string{"whsec-very-secret", "oauth-very-secret"} {
		if strings.Contains(string(stored), secret) {
			t.Errorf("a route keeps %q: %s", secret, stored)
		}
	}
	if !strings.Contains(string(stored), `"provider":"SLACK"`) {
		t.Errorf("the webhook module is not kept: %s", stored)
	}
}

// Each module is checked as its PUT would be; a bad one fails the seed.
func TestSeededRouteModulesRefused(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		seed RouteModuleSeeds
		want string
	}{
		"unknown field":         {RouteModuleSeeds{Compression: ptrRaw(`{"level":9}`)}, "unknown field"},
		"percentage above one":  {RouteModuleSeeds{CircuitBreaker: ptrRaw(`{"error_threshold_percentage":50}`)}, "between 0.0 and 1.0 inclusive, was 50"},
		"webhook no provider":   {RouteModuleSeeds{WebhookVerification: ptrRaw(`{"secret":"x"}`)}, "specify a supported provider name"},
		"webhook no secret":     {RouteModuleSeeds{WebhookVerification: ptrRaw(`{"provider":"GITHUB"}`)}, "for GITHUB requires a secret"},
		"oauth two providers":   {RouteModuleSeeds{OAuth: ptrRaw(`{"provider":{"google":{},"github":{}}}`)}, "multiple are defined: [github, google]"},
		"oauth unknown":         {RouteModuleSeeds{OAuth: ptrRaw(`{"provider":{"myspace":{}}}`)}, "unsupported OAuth Provider"},
		"oauth half a client":   {RouteModuleSeeds{OAuth: ptrRaw(`{"provider":{"google":{"client_id":"a"}}}`)}, "a client ID and a client secret"},
		"oauth teams on google": {RouteModuleSeeds{OAuth: ptrRaw(`{"provider":{"google":{"teams":["a"]}}}`)}, "parameter google.teams is invalid"},
		"saml no metadata":      {RouteModuleSeeds{SAML: ptrRaw(`{}`)}, "IdP Metadata or IdP Metadata URL properties must be specified"},
		"saml not metadata":     {RouteModuleSeeds{SAML: ptrRaw(`{"idp_metadata":"<html></html>"}`)}, "EntityDescriptor"},
		"user agent regexp":     {RouteModuleSeeds{UserAgentFilter: ptrRaw(`{"deny":["(bot"]}`)}, "invalid regular expression"},
		"policy empty":          {RouteModuleSeeds{TrafficPolicy: ptrRaw(`{"value":""}`)}, "Traffic policy configuration is required"},
		"policy invalid":        {RouteModuleSeeds{TrafficPolicy: ptrRaw(`{"value":"{\"on_http_request\":[{\"actions\":[{\"type\":\"nope\"}]}]}"}`)}, "traffic policy"},
		"response header name":  {RouteModuleSeeds{ResponseHeaders: ptrRaw(`{"remove":["bad name"]}`)}, "not a valid HTTP header name"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			f := newEdgeFixture(t)
			_, err := f.s.SeedHTTPSEdgeRoute(f.edge, HTTPSEdgeRouteSeed{Match: "/x", RouteModuleSeeds: c.seed})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want one with %q", err, c.want)
			}
		})
	}
}

// A seed file's route takes the modules by their API names.
func TestSeedFileRouteModules(t *testing.T) {
	t.Parallel()
	f, err := ParseSeedFile([]byte(`
https_edges:
  - hostports: ["app.example.com:443"]
    routes:
      - match: /
        compression: {}
        response_headers: {add: {x-served-by: ngrok}}
`))
	if err != nil {
		t.Fatal(err)
	}
	s := New()
	if _, err := s.Seed(f); err != nil {
		t.Fatal(err)
	}
	list := do(t, s, http.MethodGet, "/edges/https", "").Body.String()
	if !strings.Contains(list, `"compression":{"enabled":true}`) || !strings.Contains(list, `"x-served-by":"ngrok"`) {
		t.Errorf("list %s", list)
	}
}
