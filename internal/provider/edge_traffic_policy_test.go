package provider

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
	"github.com/tfedge/terraform-provider-ngrok/internal/trafficpolicy"
)

// testMigrationEdge has a route of every module kind the API returns here,
// and of every match type.
func testMigrationEdge() edgeMigrationInput {
	add := map[string]string{}
	for i := range 12 {
		add[fmt.Sprintf("x-add-%02d", i)] = fmt.Sprint(i)
	}
	var remove []string
	for i := range 11 {
		remove = append(remove, fmt.Sprintf("x-remove-%02d", i))
	}
	return edgeMigrationInput{
		Edge: &apiclient.HTTPSEdge{
			ID:        "edghts_1",
			Hostports: []string{"app.example.com:443", "alt.example.com:8443"},
			Routes: []apiclient.HTTPSEdgeRoute{
				{ID: "edghtsrt_root", MatchType: "path_prefix", Match: "/",
					RequestHeaders: &apiclient.HTTPSEdgeRouteRequestHeaders{Enabled: true, Add: add, Remove: remove},
					Backend:        &apiclient.HTTPSEdgeRouteBackend{Enabled: true, Backend: apiclient.Ref{ID: "bkdtg_web"}}},
				{ID: "edghtsrt_api", MatchType: "path_prefix", Match: "/api",
					IPRestriction: &apiclient.HTTPSEdgeRouteIPRestriction{Enabled: true, IPPolicies: []apiclient.Ref{{ID: "ipp_a"}, {ID: "ipp_b"}}},
					OIDC: &apiclient.HTTPSEdgeRouteOIDC{Enabled: true, Issuer: "https://id.example.com", ClientID: "app",
						ClientSecret: "s3cret-value", Scopes: []string{"openid", "email"}, MaximumDuration: 3600,
						InactivityTimeout: 600, OptionsPassthrough: true, CookiePrefix: "app"},
					Backend: &apiclient.HTTPSEdgeRouteBackend{Enabled: true, Backend: apiclient.Ref{ID: "bkdtg_api"}}},
				{ID: "edghtsrt_admin", MatchType: "exact_path", Match: "/admin",
					OIDC:    &apiclient.HTTPSEdgeRouteOIDC{Enabled: false, Issuer: "https://id.example.com", ClientSecret: "s3cret-value"},
					Backend: &apiclient.HTTPSEdgeRouteBackend{Enabled: true, Backend: apiclient.Ref{ID: "bkdhr_static"}}},
			},
		},
		Backends: map[string]*apiclient.TunnelGroupBackend{
			"bkdtg_web": {ID: "bkdtg_web", Labels: map[string]string{"app": "web"}},
			"bkdtg_api": {ID: "bkdtg_api", Labels: map[string]string{"svc": "API", "env": "prod"}},
		},
		OIDCClientSecret: &vaultSecretRef{Vault: "edges", Name: "oidc"},
	}
}

type testPolicy struct {
	OnHTTPRequest []struct {
		Expressions []string `json:"expressions"`
		Actions     []struct {
			Type   string         `json:"type"`
			Config map[string]any `json:"config"`
		} `json:"actions"`
	} `json:"on_http_request"`
}

func TestMigrateHTTPSEdge(t *testing.T) {
	t.Parallel()
	out, err := migrateHTTPSEdge(testMigrationEdge())
	if err != nil {
		t.Fatal(err)
	}
	if want := []migratedEndpoint{{"app.example.com:443", "https://app.example.com"}, {"alt.example.com:8443", "https://alt.example.com:8443"}}; !slices.Equal(out.Endpoints, want) {
		t.Errorf("endpoints %v, want %v", out.Endpoints, want)
	}
	if strings.Contains(out.Policy, "s3cret-value") {
		t.Fatalf("the policy holds the client secret: %s", out.Policy)
	}
	checkedPolicy(t, out.Policy)
	var doc testPolicy
	if err := json.Unmarshal([]byte(out.Policy), &doc); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range doc.OnHTTPRequest {
		var types []string
		for _, a := range r.Actions {
			types = append(types, a.Type)
		}
		got = append(got, strings.Join(r.Expressions, "|")+" => "+strings.Join(types, ","))
	}
	// Exact paths first, then the longer prefix, each excluding the routes
	// before it; forwards last in the phase.
	admin := `req.url.path == "/admin"`
	api := `req.url.path.startsWith("/api") && !(` + admin + `)`
	root := `!(` + admin + `) && !(req.url.path.startsWith("/api"))`
	want := []string{
		api + " => restrict-ips,openid-connect",
		root + " => remove-headers,remove-headers,add-headers,add-headers",
		api + " => forward-internal",
		root + " => forward-internal",
	}
	if !slices.Equal(got, want) {
		t.Errorf("rules\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if len(doc.OnHTTPRequest) != 4 {
		t.Fatalf("%d rules", len(doc.OnHTTPRequest))
	}
	apiRule := doc.OnHTTPRequest[0].Actions
	if ips := fmt.Sprint(apiRule[0].Config["ip_policies"]); ips != "[ipp_a ipp_b]" {
		t.Errorf("restrict-ips policies %s", ips)
	}
	oidc := apiRule[1].Config
	if oidc["issuer_url"] != "https://id.example.com" || oidc["client_id"] != "app" ||
		oidc["client_secret"] != `${secrets.get("edges", "oidc")}` || oidc["max_session_duration"] != "3600s" ||
		oidc["idle_session_duration"] != "600s" || oidc["allow_cors_preflight"] != true {
		t.Errorf("openid-connect config %v", oidc)
	}
	headers := doc.OnHTTPRequest[1].Actions
	var sizes []int
	for _, a := range headers {
		switch h := a.Config["headers"].(type) {
		case []any:
			sizes = append(sizes, len(h))
		case map[string]any:
			sizes = append(sizes, len(h))
		}
	}
	if !slices.Equal(sizes, []int{10, 1, 10, 2}) {
		t.Errorf("header actions of %v headers, want split at 10", sizes)
	}
	if u := doc.OnHTTPRequest[2].Actions[0].Config["url"]; u != "https://env-prod-svc-api.internal" {
		t.Errorf("forward-internal of the api route: %v", u)
	}
	if !slices.Equal(out.ForwardInternalURLs, []string{"https://env-prod-svc-api.internal", "https://app-web.internal"}) {
		t.Errorf("forward_internal_urls %v", out.ForwardInternalURLs)
	}
	var skipped []string
	for _, n := range out.NotMigrated {
		skipped = append(skipped, n.RouteID+"/"+n.Module)
		if n.Reason == "" {
			t.Errorf("%v has no reason", n)
		}
	}
	if want := []string{"edghtsrt_admin/oidc", "edghtsrt_admin/backend", "edghtsrt_api/oidc"}; !slices.Equal(skipped, want) {
		t.Errorf("not_migrated %v, want %v", skipped, want)
	}
}

// Without a vault secret, OIDC is not migrated, and nothing of it reaches
// the policy.
func TestMigrateHTTPSEdgeOIDCWithoutSecret(t *testing.T) {
	t.Parallel()
	in := testMigrationEdge()
	in.OIDCClientSecret = nil
	out, err := migrateHTTPSEdge(in)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out.Policy, actionOpenIDConnect) || strings.Contains(out.Policy, "s3cret") {
		t.Errorf("policy %s", out.Policy)
	}
	if !slices.ContainsFunc(out.NotMigrated, func(n notMigrated) bool {
		return n.RouteID == "edghtsrt_api" && n.Module == "oidc" && strings.Contains(n.Reason, "oidc_client_secret")
	}) {
		t.Errorf("not_migrated %v", out.NotMigrated)
	}
}

func TestMigrateHTTPSEdgeRefusesBadInput(t *testing.T) {
	t.Parallel()
	for _, edge := range []*apiclient.HTTPSEdge{
		{Hostports: []string{"no-port.example.com"}},
		{Routes: []apiclient.HTTPSEdgeRoute{{ID: "r", MatchType: "regex", Match: "/"}}},
	} {
		if _, err := migrateHTTPSEdge(edgeMigrationInput{Edge: edge}); err == nil {
			t.Errorf("%+v: no error", edge)
		}
	}
}

// checkedRule and checkedDoc are a migrated policy as the tests read it.
type checkedRule struct {
	Name        string   `json:"name"`
	Expressions []string `json:"expressions"`
	Actions     []struct {
		Type   string         `json:"type"`
		Config map[string]any `json:"config"`
	} `json:"actions"`
}

type checkedDoc map[string][]checkedRule

// checkedPolicy reads a migrated policy and fails when ngrok's policy
// language, as package trafficpolicy checks it, refuses it.
func checkedPolicy(t *testing.T, policy string) checkedDoc {
	t.Helper()
	doc, err := parseTrafficPolicy(policy)
	if err != nil {
		t.Fatal(err)
	}
	if problems := trafficpolicy.Check(doc); len(problems) > 0 {
		t.Fatalf("the policy is refused: %s\n%s", trafficpolicy.Message(problems), policy)
	}
	var out checkedDoc
	if err := json.Unmarshal([]byte(policy), &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// ruleSummaries are "name => action,action" per rule of a phase.
func ruleSummaries(doc checkedDoc, phase string) []string {
	var out []string
	for _, r := range doc[phase] {
		types := make([]string, len(r.Actions))
		for i, a := range r.Actions {
			types[i] = a.Type
		}
		out = append(out, r.Name+" => "+strings.Join(types, ","))
	}
	return out
}

// requestActionConfig is the config of the first on_http_request action of type typ.
func requestActionConfig(t *testing.T, doc checkedDoc, typ string) map[string]any {
	t.Helper()
	for _, r := range doc[phaseOnHTTPRequest] {
		for _, a := range r.Actions {
			if a.Type == typ {
				return a.Config
			}
		}
	}
	t.Fatalf("no %s action in on_http_request", typ)
	return nil
}

func ruleNamed(t *testing.T, doc checkedDoc, phase, name string) checkedRule {
	t.Helper()
	for _, r := range doc[phase] {
		if r.Name == name {
			return r
		}
	}
	t.Fatalf("no rule %q in %s", name, phase)
	return checkedRule{}
}

// everyModuleRoute is a route of path /app with every module of the spec
// besides the four managed ones, each enabled.
func everyModuleRoute() apiclient.HTTPSEdgeRoute {
	id := "oauth-app"
	resAdd := map[string]string{}
	for i := range 11 {
		resAdd[fmt.Sprintf("x-res-%02d", i)] = fmt.Sprint(i)
	}
	return apiclient.HTTPSEdgeRoute{ID: "edghtsrt_app", MatchType: "path_prefix", Match: "/app",
		IPRestriction:  &apiclient.HTTPSEdgeRouteIPRestriction{Enabled: true, IPPolicies: []apiclient.Ref{{ID: "ipp_a"}}},
		RequestHeaders: &apiclient.HTTPSEdgeRouteRequestHeaders{Enabled: true, Add: map[string]string{"x-req": "1"}},
		HTTPSEdgeRouteReadModules: apiclient.HTTPSEdgeRouteReadModules{
			CircuitBreaker: &apiclient.HTTPSEdgeRouteCircuitBreaker{Enabled: true, TrippedDuration: 30, RollingWindow: 300,
				NumBuckets: 5, VolumeThreshold: 20, ErrorThresholdPercentage: 0.2},
			Compression:         &apiclient.HTTPSEdgeRouteEnabled{Enabled: true},
			ResponseHeaders:     &apiclient.HTTPSEdgeRouteRequestHeaders{Enabled: true, Add: resAdd, Remove: []string{"server"}},
			WebhookVerification: &apiclient.HTTPSEdgeRouteWebhookVerification{Enabled: true, Provider: "SLACK"},
			OAuth: &apiclient.HTTPSEdgeRouteOAuth{Enabled: true, OptionsPassthrough: true, MaximumDuration: 3600,
				InactivityTimeout: 600, AuthCheckInterval: 300,
				Provider: map[string]*apiclient.HTTPSEdgeRouteOAuthProvider{"google": {ClientID: &id, Scopes: []string{"email"},
					EmailAddresses: []string{"ann@example.org"}, EmailDomains: []string{"example.com"}}}},
			SAML:                  &apiclient.HTTPSEdgeRouteSAML{Enabled: true},
			WebsocketTCPConverter: &apiclient.HTTPSEdgeRouteEnabled{Enabled: true},
			UserAgentFilter:       &apiclient.HTTPSEdgeRouteUserAgentFilter{Enabled: true, Allow: []string{`^curl/`}, Deny: []string{`(?i)bot`}},
			TrafficPolicy: &apiclient.HTTPSEdgeRouteTrafficPolicy{Enabled: true, Value: `
on_http_request:
  - name: block posts
    expressions: ["req.method == 'POST'"]
    actions: [{type: custom-response, config: {status_code: 405}}]
  - actions: [{type: url-rewrite, config: {from: "^/app/old", to: "/app/new"}}]
on_http_response:
  - actions: [{type: add-headers, config: {headers: {x-policy: "yes"}}}]
`},
		}}
}

// Every module kind becomes its action, in its phase and order, the whole
// accepted by the policy checker; SAML and the WebSocket-TCP converter are
// reported, and no secret reaches the policy.
func TestMigrateHTTPSEdgeEveryModule(t *testing.T) {
	t.Parallel()
	in := edgeMigrationInput{
		Edge: &apiclient.HTTPSEdge{ID: "edghts_1", Hostports: []string{"app.example.com:443"},
			Routes: []apiclient.HTTPSEdgeRoute{everyModuleRoute()}},
		OAuthClientSecret: &vaultSecretRef{Vault: "edges", Name: "oauth"},
		WebhookSecret:     &vaultSecretRef{Vault: "edges", Name: "slack"},
	}
	out, err := migrateHTTPSEdge(in)
	if err != nil {
		t.Fatal(err)
	}
	doc := checkedPolicy(t, out.Policy)
	route := "route edghtsrt_app (path_prefix /app)"
	if got, want := ruleSummaries(doc, phaseOnHTTPRequest), []string{
		route + ": user agent filter => deny",
		route + " => restrict-ips,circuit-breaker,verify-webhook,oauth,add-headers",
		route + ": oauth email restriction => deny",
		route + ": traffic_policy: block posts => custom-response",
		route + ": traffic_policy rule 2 => url-rewrite",
	}; !slices.Equal(got, want) {
		t.Errorf("on_http_request\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if got, want := ruleSummaries(doc, phaseOnHTTPResponse), []string{
		route + " => remove-headers,add-headers,add-headers,compress-response",
		route + ": traffic_policy rule 1 => add-headers",
	}; !slices.Equal(got, want) {
		t.Errorf("on_http_response\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	match := `req.url.path.startsWith("/app")`
	for _, r := range append(slices.Clone(doc[phaseOnHTTPRequest]), doc[phaseOnHTTPResponse]...) {
		if len(r.Expressions) == 0 || r.Expressions[0] != match {
			t.Errorf("rule %v is not scoped to the route", r)
		}
	}
	if e := ruleNamed(t, doc, phaseOnHTTPRequest, route+": traffic_policy: block posts").Expressions; !slices.Equal(e, []string{match, "req.method == 'POST'"}) {
		t.Errorf("the module rule's expressions %v: want the route's then its own", e)
	}
	ua := ruleNamed(t, doc, phaseOnHTTPRequest, route+": user agent filter").Expressions
	if want := `!(req.user_agent.matches("^curl/")) && (req.user_agent.matches("(?i)bot"))`; ua[1] != want {
		t.Errorf("user agent expression %v, want %s", ua[1], want)
	}
	email := ruleNamed(t, doc, phaseOnHTTPRequest, route+": oauth email restriction").Expressions
	if want := `!(actions.ngrok.oauth.identity.email in ["ann@example.org"] || ["example.com"].exists(d, actions.ngrok.oauth.identity.email.endsWith("@" + d)))`; email[1] != want {
		t.Errorf("email expression %v, want %s", email[1], want)
	}
	cb := requestActionConfig(t, doc, actionCircuitBreaker)
	number := func(v any) float64 { f, _ := strconv.ParseFloat(fmt.Sprint(v), 64); return f }
	if number(cb["error_threshold"]) != 0.2 || number(cb["volume_threshold"]) != 20 ||
		cb["window_duration"] != "120s" || cb["tripped_duration"] != "30s" {
		t.Errorf("circuit-breaker config %v", cb)
	}
	if wh := requestActionConfig(t, doc, actionVerifyWebhook); wh["provider"] != "slack" ||
		wh["secret"] != `${secrets.get("edges", "slack")}` {
		t.Errorf("verify-webhook config %v", wh)
	}
	oauth := requestActionConfig(t, doc, actionOAuth)
	if oauth["provider"] != "google" || oauth["client_id"] != "oauth-app" || oauth["client_secret"] != `${secrets.get("edges", "oauth")}` ||
		oauth["max_session_duration"] != "3600s" || oauth["idle_session_timeout"] != "600s" ||
		oauth["userinfo_refresh_interval"] != "300s" || oauth["allow_cors_preflight"] != true {
		t.Errorf("oauth config %v", oauth)
	}
	var skipped []string
	for _, n := range out.NotMigrated {
		skipped = append(skipped, n.Module+": "+n.Reason)
	}
	for _, want := range []string{"circuit_breaker: rolling_window of 300s", "circuit_breaker: num_buckets of 5",
		"saml: traffic policy has no SAML action", "websocket_tcp_converter: traffic policy has no equivalent"} {
		if !slices.ContainsFunc(skipped, func(s string) bool { return strings.HasPrefix(s, want) }) {
			t.Errorf("not_migrated has no %q:\n%s", want, strings.Join(skipped, "\n"))
		}
	}
	if len(skipped) != 4 {
		t.Errorf("not_migrated:\n%s", strings.Join(skipped, "\n"))
	}
}

// Without the vault secrets, the OAuth module of an own application and the
// webhook verification are reported, not migrated; ngrok's managed OAuth
// application needs no secret, where the action has one.
func TestMigrateHTTPSEdgeModulesWithoutSecrets(t *testing.T) {
	t.Parallel()
	r := everyModuleRoute()
	managed := everyModuleRoute()
	managed.ID, managed.Match = "edghtsrt_managed", "/managed"
	managed.OAuth.Provider = map[string]*apiclient.HTTPSEdgeRouteOAuthProvider{"github": {Teams: []string{"eng"}}}
	amazon := everyModuleRoute()
	amazon.ID, amazon.Match = "edghtsrt_amazon", "/amazon"
	amazon.OAuth.Provider = map[string]*apiclient.HTTPSEdgeRouteOAuthProvider{"amazon": {}}
	out, err := migrateHTTPSEdge(edgeMigrationInput{Edge: &apiclient.HTTPSEdge{Routes: []apiclient.HTTPSEdgeRoute{r, managed, amazon}}})
	if err != nil {
		t.Fatal(err)
	}
	doc := checkedPolicy(t, out.Policy)
	if strings.Contains(out.Policy, actionVerifyWebhook) || strings.Contains(out.Policy, "oauth-app") {
		t.Errorf("policy %s", out.Policy)
	}
	if c := requestActionConfig(t, doc, actionOAuth); c["provider"] != "github" || c["client_id"] != nil || c["client_secret"] != nil {
		t.Errorf("managed oauth config %v", c)
	}
	for _, want := range []string{"edghtsrt_app/oauth/oauth_client_secret", "edghtsrt_app/webhook_verification/webhook_verification_secret",
		"edghtsrt_managed/oauth/teams and organizations", "edghtsrt_managed/webhook_verification/webhook_verification_secret",
		"edghtsrt_amazon/oauth/no ngrok-managed application for amazon"} {
		parts := strings.SplitN(want, "/", 3)
		if !slices.ContainsFunc(out.NotMigrated, func(n notMigrated) bool {
			return n.RouteID == parts[0] && n.Module == parts[1] && strings.Contains(n.Reason, parts[2])
		}) {
			t.Errorf("not_migrated has no %s: %v", want, out.NotMigrated)
		}
	}
}

// A disabled module did nothing: it is reported, and nothing of it is in
// the policy.
func TestMigrateHTTPSEdgeDisabledModules(t *testing.T) {
	t.Parallel()
	r := everyModuleRoute()
	r.IPRestriction, r.RequestHeaders = nil, nil
	m := &r.HTTPSEdgeRouteReadModules
	m.CircuitBreaker.Enabled, m.Compression.Enabled, m.ResponseHeaders.Enabled = false, false, false
	m.WebhookVerification.Enabled, m.OAuth.Enabled, m.SAML.Enabled = false, false, false
	m.WebsocketTCPConverter.Enabled, m.UserAgentFilter.Enabled, m.TrafficPolicy.Enabled = false, false, false
	out, err := migrateHTTPSEdge(edgeMigrationInput{Edge: &apiclient.HTTPSEdge{Routes: []apiclient.HTTPSEdgeRoute{r}},
		OAuthClientSecret: &vaultSecretRef{"v", "o"}, WebhookSecret: &vaultSecretRef{"v", "w"}})
	if err != nil {
		t.Fatal(err)
	}
	if out.Policy != "{}" {
		t.Errorf("policy %s, want none", out.Policy)
	}
	var got []string
	for _, n := range out.NotMigrated {
		if n.Reason != disabled {
			t.Errorf("%s: %s", n.Module, n.Reason)
		}
		got = append(got, n.Module)
	}
	slices.Sort(got)
	want := []string{"circuit_breaker", "compression", "oauth", "response_headers", "saml", "traffic_policy",
		"user_agent_filter", "webhook_verification", "websocket_tcp_converter"}
	if !slices.Equal(got, want) {
		t.Errorf("not_migrated %v, want %v", got, want)
	}
}

// The user agent filter's lists each make their expression; an empty
// filter did nothing.
func TestMigrateHTTPSEdgeUserAgentFilter(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		allow, deny []string
		want        string
	}{
		{nil, []string{"a", "b"}, `req.user_agent.matches("a") || req.user_agent.matches("b")`},
		{[]string{"a"}, nil, `!(req.user_agent.matches("a"))`},
		{nil, nil, ""},
	} {
		r := apiclient.HTTPSEdgeRoute{ID: "r", MatchType: "path_prefix", Match: "/"}
		r.UserAgentFilter = &apiclient.HTTPSEdgeRouteUserAgentFilter{Enabled: true, Allow: c.allow, Deny: c.deny}
		out, err := migrateHTTPSEdge(edgeMigrationInput{Edge: &apiclient.HTTPSEdge{Routes: []apiclient.HTTPSEdgeRoute{r}}})
		if err != nil {
			t.Fatal(err)
		}
		doc := checkedPolicy(t, out.Policy)
		if c.want == "" {
			if len(out.NotMigrated) != 1 || out.Policy != "{}" {
				t.Errorf("an empty filter: policy %s, not_migrated %v", out.Policy, out.NotMigrated)
			}
			continue
		}
		rules := doc[phaseOnHTTPRequest]
		// NOTE: the route matches every path, so the filter's expression is alone.
		if len(rules) != 1 || !slices.Equal(rules[0].Expressions, []string{c.want}) {
			t.Errorf("allow %v deny %v: rules %v, want one with [%s]", c.allow, c.deny, rules, c.want)
		}
	}
}

// A traffic_policy module's on_tcp_connect rules cannot be scoped to a
// route, and a policy that cannot be read is reported whole.
func TestMigrateHTTPSEdgeTrafficPolicyModule(t *testing.T) {
	t.Parallel()
	for value, want := range map[string]string{
		`{"on_tcp_connect":[{"actions":[{"type":"restrict-ips","config":{"deny":["1.2.3.4/32"]}}]}],` +
			`"on_http_request":[{"actions":[{"type":"deny"}]}]}`: "on_tcp_connect rules",
		`{"on_http_request":[{"actions":[{"type":"deny"}],"priority":1}]}`: `the field "priority"`,
		`{"on_http_request":{"actions":[]}}`:                               "not a list of rules",
		`[`:                                                                "cannot be read",
	} {
		r := apiclient.HTTPSEdgeRoute{ID: "r", MatchType: "exact_path", Match: "/x"}
		r.TrafficPolicy = &apiclient.HTTPSEdgeRouteTrafficPolicy{Enabled: true, Value: value}
		out, err := migrateHTTPSEdge(edgeMigrationInput{Edge: &apiclient.HTTPSEdge{Routes: []apiclient.HTTPSEdgeRoute{r}}})
		if err != nil {
			t.Fatal(err)
		}
		checkedPolicy(t, out.Policy)
		if len(out.NotMigrated) != 1 || !strings.Contains(out.NotMigrated[0].Reason, want) {
			t.Errorf("%s: not_migrated %v, want %q", value, out.NotMigrated, want)
		}
		if strings.Contains(value, "on_tcp_connect") != strings.Contains(out.Policy, `"deny"`) {
			t.Errorf("%s: policy %s", value, out.Policy)
		}
	}
}
