package mockserver

import (
	"encoding/json"
	"maps"
	"net/http"
	"slices"
	"strings"
	"testing"
)

// edgeFixture is a seeded edge with one route, a backend and two IP policies.
type edgeFixture struct {
	s                  *Server
	edge, route        string
	backend            string
	policyA, policyB   string
	otherEdge, orphan  string // a second edge, and a route that belongs to it
	modulePath         func(module string) string
	otherEdgeRoutePath func(module string) string
}

func newEdgeFixture(t *testing.T) *edgeFixture {
	t.Helper()
	s := New()
	f := &edgeFixture{s: s}
	must := func(id string, err error) string {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	f.edge = must(s.SeedHTTPSEdge(HTTPSEdgeSeed{Description: "app", Hostports: []string{"app.example.com:443"}}))
	f.route = must(s.SeedHTTPSEdgeRoute(f.edge, HTTPSEdgeRouteSeed{Match: "/api"}))
	f.backend = must(s.SeedTunnelGroupBackend(TunnelGroupBackendSeed{Labels: map[string]string{"app": "api"}}))
	f.policyA = must(s.SeedIPPolicy(IPPolicySeed{Description: "office"}))
	f.policyB = must(s.SeedIPPolicy(IPPolicySeed{Description: "vpn"}))
	f.otherEdge = must(s.SeedHTTPSEdge(HTTPSEdgeSeed{}))
	f.orphan = must(s.SeedHTTPSEdgeRoute(f.otherEdge, HTTPSEdgeRouteSeed{}))
	f.modulePath = func(module string) string {
		return "/edges/https/" + f.edge + "/routes/" + f.route + "/" + module
	}
	f.otherEdgeRoutePath = func(module string) string {
		return "/edges/https/" + f.edge + "/routes/" + f.orphan + "/" + module
	}
	return f
}

const testOIDCBody = `{"issuer":"https://accounts.example.com","client_id":"app","client_secret":"s3cret"}`

const testRoutePolicy = `{"on_http_request":[{"actions":[{"type":"deny"}]}]}`

// validModuleBodies holds one accepted body per module, with the fixture's IDs.
func (f *edgeFixture) validModuleBodies() map[string]string {
	return map[string]string{
		ModuleOIDC:                  testOIDCBody,
		ModuleBackend:               `{"backend_id":"` + f.backend + `"}`,
		ModuleIPRestriction:         `{"ip_policy_ids":["` + f.policyA + `"]}`,
		ModuleRequestHeaders:        `{}`,
		ModuleCircuitBreaker:        `{"error_threshold_percentage":0.5}`,
		ModuleCompression:           `{}`,
		ModuleResponseHeaders:       `{"remove":["server"]}`,
		ModuleWebhookVerification:   `{"provider":"SLACK","secret":"whsec-s3cret"}`,
		ModuleOAuth:                 `{"provider":{"google":{}}}`,
		ModuleSAML:                  `{"idp_metadata":` + quoteJSON(testSAMLMetadata) + `}`,
		ModuleWebsocketTCPConverter: `{}`,
		ModuleUserAgentFilter:       `{"deny":["(?i)bot"]}`,
		ModuleTrafficPolicy:         `{"value":` + quoteJSON(testRoutePolicy) + `}`,
	}
}

// unrecordedModules hold a secret the mock does not keep, so that their PUT
// bodies are not recorded.
var unrecordedModules = []string{ModuleWebhookVerification, ModuleOAuth}

func TestEdgeModuleResponsesCarryEveryField(t *testing.T) {
	t.Parallel()
	f := newEdgeFixture(t)
	want := map[string]map[string]string{
		ModuleOIDC: {
			"enabled": "true", "options_passthrough": "false", "cookie_prefix": `""`, "inactivity_timeout": "0",
			"maximum_duration": "0", "issuer": `"https://accounts.example.com"`, "client_id": `"app"`,
			"client_secret": `"s3cret"`, "scopes": "[]",
		},
		ModuleBackend: {
			"enabled": "true",
			"backend": `{"id":"` + f.backend + `","uri":"http://example.com/backends/tunnel_group/` + f.backend + `"}`,
		},
		ModuleIPRestriction: {
			"enabled":     "true",
			"ip_policies": `[{"id":"` + f.policyA + `","uri":"http://example.com/ip_policies/` + f.policyA + `"}]`,
		},
		ModuleRequestHeaders: {"enabled": "true", "add": "{}", "remove": "[]"},
		ModuleCircuitBreaker: {
			"enabled": "true", "tripped_duration": "0", "rolling_window": "0", "num_buckets": "0",
			"volume_threshold": "0", "error_threshold_percentage": "0.5",
		},
		ModuleCompression:         {"enabled": "true"},
		ModuleResponseHeaders:     {"enabled": "true", "add": "{}", "remove": `["server"]`},
		ModuleWebhookVerification: {"enabled": "true", "provider": `"SLACK"`},
		ModuleOAuth: {
			"enabled": "true", "provider": `{"google":{"scopes":[],"email_addresses":[],"email_domains":[]}}`,
			"options_passthrough": "false", "cookie_prefix": `""`, "inactivity_timeout": "0", "maximum_duration": "0",
			"auth_check_interval": "0",
		},
		ModuleSAML: {
			"enabled": "true", "options_passthrough": "false", "cookie_prefix": `""`, "inactivity_timeout": "0",
			"maximum_duration": "0", "idp_metadata": quoteJSON(testSAMLMetadata), "force_authn": "false",
			"allow_idp_initiated": "true", "authorized_groups": "[]", "nameid_format": quoteJSON(samlNameIDPersistent),
			"entity_id": quoteJSON(samlServiceProviderBase + f.route), "metadata_url": quoteJSON(samlServiceProviderBase + f.route),
			"assertion_consumer_service_url": quoteJSON(samlServiceProviderBase + f.route + "/acs"),
			"single_logout_url":              quoteJSON(samlServiceProviderBase + f.route + "/slo"),
		},
		ModuleWebsocketTCPConverter: {"enabled": "true"},
		ModuleUserAgentFilter:       {"enabled": "true", "allow": "[]", "deny": `["(?i)bot"]`},
		ModuleTrafficPolicy:         {"enabled": "true", "value": quoteJSON(testRoutePolicy)},
	}
	for module, body := range f.validModuleBodies() {
		t.Run(module, func(t *testing.T) {
			for _, method := range []string{http.MethodPut, http.MethodGet} {
				if method == http.MethodGet {
					body = ""
				}
				w := do(t, f.s, method, f.modulePath(module), body)
				wantStatus(t, w, http.StatusOK)
				got := decodeBody[map[string]json.RawMessage](t, w)
				if !slices.Equal(slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(want[module]))) {
					t.Fatalf("%s: fields %v, want %v", method, slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(want[module])))
				}
				for k, v := range want[module] {
					if string(got[k]) != v {
						t.Errorf("%s: %s = %s, want %s", method, k, got[k], v)
					}
				}
			}
		})
	}
}

func TestEdgeModuleEnabled(t *testing.T) {
	t.Parallel()
	f := newEdgeFixture(t)
	for _, tc := range []struct {
		body string
		want bool
	}{
		{`{"enabled":false}`, false},
		{`{"enabled":true}`, true},
		{`{"enabled":null}`, true},
		{``, true},
	} {
		w := do(t, f.s, http.MethodPut, f.modulePath(ModuleRequestHeaders), tc.body)
		wantStatus(t, w, http.StatusOK)
		if got := decodeBody[requestHeadersModule](t, w).Enabled; got != tc.want {
			t.Errorf("PUT %q: enabled = %v, want %v", tc.body, got, tc.want)
		}
	}
}

func TestEdgeModulePutReplacesTheWholeModule(t *testing.T) {
	t.Parallel()
	f := newEdgeFixture(t)
	first := `{"enabled":false,"options_passthrough":true,"cookie_prefix":"sess","inactivity_timeout":4294967295,` +
		`"maximum_duration":86400,"issuer":"https://a.example.com/realms/x","client_id":"one","client_secret":"two",` +
		`"scopes":["openid","email"]}`
	w := do(t, f.s, http.MethodPut, f.modulePath(ModuleOIDC), first)
	wantStatus(t, w, http.StatusOK)
	got := decodeBody[oidcModule](t, w)
	if got.Enabled || !got.OptionsPassthrough || got.CookiePrefix != "sess" || got.InactivityTimeout != 4294967295 ||
		got.MaximumDuration != 86400 || !slices.Equal(got.Scopes, []string{"openid", "email"}) {
		t.Errorf("first PUT returned %+v", got)
	}

	wantStatus(t, do(t, f.s, http.MethodPut, f.modulePath(ModuleOIDC), testOIDCBody), http.StatusOK)
	got = decodeBody[oidcModule](t, do(t, f.s, http.MethodGet, f.modulePath(ModuleOIDC), ""))
	want := oidcModule{Enabled: true, Issuer: "https://accounts.example.com", ClientID: "app", ClientSecret: "s3cret", Scopes: []string{}}
	if got.Enabled != want.Enabled || got.OptionsPassthrough || got.CookiePrefix != "" || got.InactivityTimeout != 0 ||
		got.MaximumDuration != 0 || len(got.Scopes) != 0 || got.ClientSecret != want.ClientSecret {
		t.Errorf("after a replace without the optional fields: %+v, want %+v", got, want)
	}

	headers := `{"add":{"X-Team":"platform","x-empty":""},"remove":["Cookie","x-forwarded-for"]}`
	w = do(t, f.s, http.MethodPut, f.modulePath(ModuleRequestHeaders), headers)
	wantStatus(t, w, http.StatusOK)
	rh := decodeBody[requestHeadersModule](t, w)
	if !maps.Equal(rh.Add, map[string]string{"X-Team": "platform", "x-empty": ""}) || !slices.Equal(rh.Remove, []string{"Cookie", "x-forwarded-for"}) {
		t.Errorf("request headers kept as sent? got %+v", rh)
	}
	wantStatus(t, do(t, f.s, http.MethodPut, f.modulePath(ModuleRequestHeaders), `{"remove":["Cookie"]}`), http.StatusOK)
	rh = decodeBody[requestHeadersModule](t, do(t, f.s, http.MethodGet, f.modulePath(ModuleRequestHeaders), ""))
	if len(rh.Add) != 0 || !slices.Equal(rh.Remove, []string{"Cookie"}) {
		t.Errorf("add must be emptied by a replace that omits it: %+v", rh)
	}

	body := `{"ip_policy_ids":["` + f.policyA + `","` + f.policyB + `"]}`
	w = do(t, f.s, http.MethodPut, f.modulePath(ModuleIPRestriction), body)
	wantStatus(t, w, http.StatusOK)
	ipr := decodeBody[ipRestrictionWire](t, w)
	if len(ipr.IPPolicies) != 2 || ipr.IPPolicies[0].ID != f.policyA || ipr.IPPolicies[1].ID != f.policyB {
		t.Errorf("ip_policies = %+v, want both policies in order", ipr.IPPolicies)
	}
}

func TestEdgeModuleNotSet(t *testing.T) {
	t.Parallel()
	f := newEdgeFixture(t)
	for module, body := range f.validModuleBodies() {
		t.Run(module, func(t *testing.T) {
			wantError(t, do(t, f.s, http.MethodGet, f.modulePath(module), ""), http.StatusNotFound, "")
			// Deleting a module that is not set succeeds: it is gone either way.
			wantStatus(t, do(t, f.s, http.MethodDelete, f.modulePath(module), ""), http.StatusNoContent)

			wantStatus(t, do(t, f.s, http.MethodPut, f.modulePath(module), body), http.StatusOK)
			wantStatus(t, do(t, f.s, http.MethodGet, f.modulePath(module), ""), http.StatusOK)
			w := do(t, f.s, http.MethodDelete, f.modulePath(module), "")
			wantStatus(t, w, http.StatusNoContent)
			if w.Body.Len() != 0 {
				t.Errorf("DELETE body = %q, want empty", w.Body.String())
			}
			wantError(t, do(t, f.s, http.MethodGet, f.modulePath(module), ""), http.StatusNotFound, "")
		})
	}
}

func TestEdgeModulesAreIndependent(t *testing.T) {
	t.Parallel()
	f := newEdgeFixture(t)
	wantStatus(t, do(t, f.s, http.MethodPut, f.modulePath(ModuleOIDC), testOIDCBody), http.StatusOK)
	wantError(t, do(t, f.s, http.MethodGet, f.modulePath(ModuleBackend), ""), http.StatusNotFound, "")
	wantStatus(t, do(t, f.s, http.MethodDelete, f.modulePath(ModuleBackend), ""), http.StatusNoContent)
	wantStatus(t, do(t, f.s, http.MethodGet, f.modulePath(ModuleOIDC), ""), http.StatusOK)
	// The same module on another route is another module.
	other, err := f.s.SeedHTTPSEdgeRoute(f.edge, HTTPSEdgeRouteSeed{})
	if err != nil {
		t.Fatal(err)
	}
	wantError(t, do(t, f.s, http.MethodGet, "/edges/https/"+f.edge+"/routes/"+other+"/oidc", ""), http.StatusNotFound, "")
}

func TestEdgeModuleUnknownEdgeOrRoute(t *testing.T) {
	t.Parallel()
	f := newEdgeFixture(t)
	const (
		unknownEdge  = "edghts_2RfSBcv0nsy71XCHWOegjx1OoKh"
		unknownRoute = "edghtsrt_2RfSBcv0nsy71XCHWOegjx1OoKh"
	)
	for module, body := range f.validModuleBodies() {
		for name, path := range map[string]string{
			"unknown edge":             "/edges/https/" + unknownEdge + "/routes/" + f.route + "/" + module,
			"unknown route":            "/edges/https/" + f.edge + "/routes/" + unknownRoute + "/" + module,
			"route of another edge":    f.otherEdgeRoutePath(module),
			"edge of the route absent": "/edges/https/" + f.otherEdge + "/routes/" + f.route + "/" + module,
		} {
			t.Run(module+"/"+name, func(t *testing.T) {
				wantError(t, do(t, f.s, http.MethodPut, path, body), http.StatusNotFound, "")
				wantError(t, do(t, f.s, http.MethodGet, path, ""), http.StatusNotFound, "")
				wantError(t, do(t, f.s, http.MethodDelete, path, ""), http.StatusNotFound, "")
			})
		}
	}
	// Nothing was recorded for refused requests.
	if _, ok := f.s.EdgeRouteModule(unknownEdge, f.route, ModuleOIDC); ok {
		t.Error("a refused PUT was recorded")
	}
}

func TestEdgeModuleRequestErrors(t *testing.T) {
	t.Parallel()
	f := newEdgeFixture(t)
	tests := []struct {
		name   string
		method string
		path   string
		body   string
		code   string
	}{
		{"edge ID with wrong prefix", "GET", "/edges/https/edgtls_2RfSBcv0nsy71XCHWOegjx1OoKh/routes/" + f.route + "/oidc", "", errWrongIDPrefix.code},
		{"route ID with wrong prefix", "PUT", "/edges/https/" + f.edge + "/routes/" + f.edge + "/backend", `{}`, errWrongIDPrefix.code},
		{"unknown field", "PUT", f.modulePath(ModuleOIDC), `{"issuer":"https://a.example.com","client_id":"a","client_secret":"b","scope":["x"]}`, errUnknownField.code},
		{"response field in a body", "PUT", f.modulePath(ModuleBackend), `{"backend":{"id":"` + f.backend + `"}}`, errUnknownField.code},
		{"field name in the wrong case", "PUT", f.modulePath(ModuleIPRestriction), `{"IP_policy_ids":["` + f.policyA + `"]}`, errUnknownField.code},
		{"timeout above uint32", "PUT", f.modulePath(ModuleOIDC), `{"issuer":"https://a.example.com","client_id":"a","client_secret":"b","inactivity_timeout":4294967296}`, errInvalidValue.code},
		{"negative duration", "PUT", f.modulePath(ModuleOIDC), `{"issuer":"https://a.example.com","client_id":"a","client_secret":"b","maximum_duration":-1}`, errInvalidValue.code},
		{"enabled as a string", "PUT", f.modulePath(ModuleRequestHeaders), `{"enabled":"true"}`, errInvalidValue.code},
		{"header value not a string", "PUT", f.modulePath(ModuleRequestHeaders), `{"add":{"X-A":1}}`, errInvalidValue.code},
		{"query parameter", "GET", f.modulePath(ModuleOIDC) + "?limit=1", "", errUnknownQueryParameter.code},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			wantError(t, do(t, f.s, tt.method, tt.path, tt.body), http.StatusBadRequest, tt.code)
		})
	}
	wantRouteNotFound(t, do(t, f.s, http.MethodPost, f.modulePath(ModuleOIDC), testOIDCBody), f.modulePath(ModuleOIDC))
}

func TestEdgeModuleValidation(t *testing.T) {
	t.Parallel()
	f := newEdgeFixture(t)
	const unknownBackend, unknownPolicy = "bkdtg_2RfSBcv0nsy71XCHWOegjx1OoKh", "ipp_2RfSBcv0nsy71XCHWOegjx1OoKh"
	oidc := func(extra string) string {
		return `{"issuer":"https://accounts.example.com","client_id":"app","client_secret":"s"` + extra + `}`
	}
	tests := []struct {
		name, module, body, code, msg string
	}{
		{"oidc empty body", ModuleOIDC, `{}`, errOIDCIssuerMissing.code, "issuer property is required"},
		{"oidc without secret", ModuleOIDC, `{"issuer":"https://a.example.com","client_id":"app"}`, errOIDCClientSecretMissing.code, "Client Secret"},
		{"oidc empty client_id", ModuleOIDC, `{"issuer":"https://a.example.com","client_id":"","client_secret":"s"}`, errOIDCClientIDMissing.code, "Client ID"},
		{"oidc http issuer", ModuleOIDC, `{"issuer":"http://a.example.com","client_id":"a","client_secret":"s"}`, errInvalidValue.code, "parameter issuer"},
		{"oidc issuer without host", ModuleOIDC, `{"issuer":"https:///realms","client_id":"a","client_secret":"s"}`, errInvalidValue.code, "parameter issuer"},
		{"oidc relative issuer", ModuleOIDC, `{"issuer":"accounts.example.com","client_id":"a","client_secret":"s"}`, errInvalidValue.code, "parameter issuer"},
		{"oidc scope with a space", ModuleOIDC, oidc(`,"scopes":["openid email"]`), errInvalidValue.code, "parameter scopes"},
		{"oidc empty scope", ModuleOIDC, oidc(`,"scopes":[""]`), errInvalidValue.code, "parameter scopes"},
		{"oidc scope twice", ModuleOIDC, oidc(`,"scopes":["openid","openid"]`), errInvalidValue.code, "parameter scopes"},
		{"backend without ID", ModuleBackend, `{"enabled":true}`, errInvalidValue.code, "parameter backend_id"},
		{"backend with wrong prefix", ModuleBackend, `{"backend_id":"` + f.policyA + `"}`, errInvalidBackendID.code, f.policyA},
		{"unknown backend", ModuleBackend, `{"backend_id":"` + unknownBackend + `"}`, errBackendUnknown.code, unknownBackend},
		{"ip restriction without policies", ModuleIPRestriction, `{}`, errIPRestrictionModuleEmpty.code, "at least one"},
		{"ip restriction with empty list", ModuleIPRestriction, `{"ip_policy_ids":[]}`, errIPRestrictionModuleEmpty.code, "at least one"},
		{"ip policy with wrong prefix", ModuleIPRestriction, `{"ip_policy_ids":["` + f.backend + `"]}`, errWrongIDPrefix.code, "ipp_"},
		{"unknown ip policy", ModuleIPRestriction, `{"ip_policy_ids":["` + f.policyA + `","` + unknownPolicy + `"]}`, errEdgeIPPolicyUnknown.code, unknownPolicy},
		{"ip policy twice", ModuleIPRestriction, `{"ip_policy_ids":["` + f.policyA + `","` + f.policyA + `"]}`, errInvalidValue.code, "parameter ip_policy_ids"},
		{"header name with a space", ModuleRequestHeaders, `{"add":{"X Team":"a"}}`, errHeaderNameInvalid.code, "X Team is not a valid HTTP header name"},
		{"header name with a colon", ModuleRequestHeaders, `{"remove":["X-Team:"]}`, errHeaderNameInvalid.code, "X-Team:"},
		{"empty header name", ModuleRequestHeaders, `{"add":{"":"a"}}`, errHeaderNameInvalid.code, "not a valid HTTP header name"},
		{"non-ASCII header name", ModuleRequestHeaders, `{"remove":["X-Équipe"]}`, errHeaderNameInvalid.code, "X-Équipe"},
		{"header added twice ignoring case", ModuleRequestHeaders, `{"add":{"X-Team":"a","x-team":"b"}}`, errHeaderTwice.code, "X-Team and x-team"},
		{"header removed twice ignoring case", ModuleRequestHeaders, `{"remove":["Cookie","COOKIE"]}`, errHeaderTwice.code, "Cookie and COOKIE"},
		{"header value with a line break", ModuleRequestHeaders, `{"add":{"X-A":"a\r\nX-B: b"}}`, errHeaderValueInvalid.code, "line break"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			w := do(t, f.s, http.MethodPut, f.modulePath(tt.module), tt.body)
			wantError(t, w, http.StatusBadRequest, tt.code)
			if msg := decodeBody[errorBody](t, w).Msg; !strings.Contains(msg, tt.msg) {
				t.Errorf("msg %q does not mention %q", msg, tt.msg)
			}
		})
	}
	// None of the refused bodies set a module.
	for module := range f.validModuleBodies() {
		wantError(t, do(t, f.s, http.MethodGet, f.modulePath(module), ""), http.StatusNotFound, "")
	}
}

func TestEdgeModuleRefusedPutKeepsTheModule(t *testing.T) {
	t.Parallel()
	f := newEdgeFixture(t)
	first := `{"ip_policy_ids":["` + f.policyA + `"]}`
	wantStatus(t, do(t, f.s, http.MethodPut, f.modulePath(ModuleIPRestriction), first), http.StatusOK)
	wantError(t, do(t, f.s, http.MethodPut, f.modulePath(ModuleIPRestriction), `{"ip_policy_ids":[]}`), http.StatusBadRequest, errIPRestrictionModuleEmpty.code)
	got := decodeBody[ipRestrictionWire](t, do(t, f.s, http.MethodGet, f.modulePath(ModuleIPRestriction), ""))
	if len(got.IPPolicies) != 1 || got.IPPolicies[0].ID != f.policyA {
		t.Errorf("a refused PUT changed the module: %+v", got)
	}
	raw, ok := f.s.EdgeRouteModule(f.edge, f.route, ModuleIPRestriction)
	if !ok || string(raw) != first {
		t.Errorf("EdgeRouteModule = %s, %v; want the last accepted body %s", raw, ok, first)
	}
}

func TestEdgeRouteModuleRecordsTheLastPut(t *testing.T) {
	t.Parallel()
	f := newEdgeFixture(t)
	if _, ok := f.s.EdgeRouteModule(f.edge, f.route, ModuleOIDC); ok {
		t.Fatal("a body was recorded before any PUT")
	}
	second := `{"issuer":"https://accounts.example.com","client_id":"app","client_secret":"rotated"}`
	for _, body := range []string{testOIDCBody, second} {
		wantStatus(t, do(t, f.s, http.MethodPut, f.modulePath(ModuleOIDC), body), http.StatusOK)
	}
	raw, ok := f.s.EdgeRouteModule(f.edge, f.route, ModuleOIDC)
	if !ok || string(raw) != second {
		t.Errorf("EdgeRouteModule = %s, %v; want %s", raw, ok, second)
	}
	raw[0] = 'X' // the caller's copy, not the server's
	if raw, ok := f.s.EdgeRouteModule(f.edge, f.route, ModuleOIDC); !ok || string(raw) != second {
		t.Errorf("EdgeRouteModule = %s, %v; want %s unchanged by the caller", raw, ok, second)
	}
	if _, ok := f.s.EdgeRouteModule(f.edge, f.route, ModuleBackend); ok {
		t.Error("another module has a recorded body")
	}
	// A DELETE keeps the body, except the OIDC module's, which holds the
	// client secret.
	headers := `{"add":{"x-kept":"1"}}`
	wantStatus(t, do(t, f.s, http.MethodPut, f.modulePath(ModuleRequestHeaders), headers), http.StatusOK)
	for _, module := range []string{ModuleOIDC, ModuleRequestHeaders} {
		wantStatus(t, do(t, f.s, http.MethodDelete, f.modulePath(module), ""), http.StatusNoContent)
	}
	if raw, ok := f.s.EdgeRouteModule(f.edge, f.route, ModuleRequestHeaders); !ok || string(raw) != headers {
		t.Errorf("after DELETE: EdgeRouteModule(request_headers) = %s, %v; want the last body kept", raw, ok)
	}
	if raw, ok := f.s.EdgeRouteModule(f.edge, f.route, ModuleOIDC); ok {
		t.Errorf("after DELETE: EdgeRouteModule(oidc) = %s; want it forgotten with its client secret", raw)
	}
}

func TestEdgesReadOnly(t *testing.T) {
	t.Parallel()
	f := newEdgeFixture(t)
	wantStatus(t, do(t, f.s, http.MethodPut, f.modulePath(ModuleOIDC), testOIDCBody), http.StatusOK)
	f.s.SetEdgesReadOnly(true)
	for module, body := range f.validModuleBodies() {
		wantError(t, do(t, f.s, http.MethodPut, f.modulePath(module), body), http.StatusBadRequest, errEdgesReadOnly.code)
		wantError(t, do(t, f.s, http.MethodDelete, f.modulePath(module), ""), http.StatusBadRequest, errEdgesReadOnly.code)
	}
	// Reads keep working, and the refused writes changed nothing.
	wantStatus(t, do(t, f.s, http.MethodGet, f.modulePath(ModuleOIDC), ""), http.StatusOK)
	wantError(t, do(t, f.s, http.MethodGet, f.modulePath(ModuleBackend), ""), http.StatusNotFound, "")
	f.s.SetEdgesReadOnly(false)
	wantStatus(t, do(t, f.s, http.MethodDelete, f.modulePath(ModuleOIDC), ""), http.StatusNoContent)
}

func TestEdgeModuleURIsUseTheRequestOrigin(t *testing.T) {
	t.Parallel()
	f := newEdgeFixture(t)
	w := do(t, f.s, http.MethodPut, f.modulePath(ModuleBackend), `{"backend_id":"`+f.backend+`"}`, func(r *http.Request) {
		r.Host = "mock.internal:8080"
	})
	wantStatus(t, w, http.StatusOK)
	if got, want := decodeBody[backendWire](t, w).Backend.URI, "http://mock.internal:8080/backends/tunnel_group/"+f.backend; got != want {
		t.Errorf("backend.uri = %q, want %q", got, want)
	}
}

func TestSeedEdges(t *testing.T) {
	t.Parallel()
	s := New()
	const fixed = "edghts_2RfSBcv0nsy71XCHWOegjx1OoKh"
	edge, err := s.SeedHTTPSEdge(HTTPSEdgeSeed{ID: fixed})
	if err != nil || edge != fixed {
		t.Fatalf("SeedHTTPSEdge with a fixed ID = %q, %v", edge, err)
	}
	if _, err := s.SeedHTTPSEdge(HTTPSEdgeSeed{ID: fixed}); err == nil || !strings.Contains(err.Error(), "already taken") {
		t.Errorf("seeding the same ID twice: %v", err)
	}
	for _, bad := range []string{"edghts_short", "edghtsrt_2RfSBcv0nsy71XCHWOegjx1OoKh", "edghts_2RfSBcv0nsy71XCHWOegjx1Oo-h"} {
		if _, err := s.SeedHTTPSEdge(HTTPSEdgeSeed{ID: bad}); err == nil {
			t.Errorf("SeedHTTPSEdge accepted the ID %q", bad)
		}
	}
	if _, err := s.SeedHTTPSEdge(HTTPSEdgeSeed{Description: strings.Repeat("d", 256)}); err == nil {
		t.Error("SeedHTTPSEdge accepted a 256-byte description")
	}

	route, err := s.SeedHTTPSEdgeRoute(edge, HTTPSEdgeRouteSeed{})
	if err != nil || !strings.HasPrefix(route, "edghtsrt_") || len(route) != len("edghtsrt_")+idLen {
		t.Fatalf("SeedHTTPSEdgeRoute = %q, %v", route, err)
	}
	if _, err := s.SeedHTTPSEdgeRoute("edghts_2RfSBcv0nsy71XCHWOegjx1Oxxx", HTTPSEdgeRouteSeed{}); err == nil {
		t.Error("a route was seeded on an unknown edge")
	}
	if _, err := s.SeedHTTPSEdgeRoute(edge, HTTPSEdgeRouteSeed{MatchType: "regex"}); err == nil {
		t.Error("a route was seeded with an unknown match type")
	}
	backend, err := s.SeedTunnelGroupBackend(TunnelGroupBackendSeed{ID: "bkdtg_2RfSBcv0nsy71XCHWOegjx1OoKh"})
	if err != nil || backend != "bkdtg_2RfSBcv0nsy71XCHWOegjx1OoKh" {
		t.Errorf("SeedTunnelGroupBackend = %q, %v", backend, err)
	}
	if _, err := s.SeedIPPolicy(IPPolicySeed{ID: "bkdtg_2RfSBcv0nsy71XCHWOegjx1OoKh"}); err == nil {
		t.Error("SeedIPPolicy accepted a backend ID")
	}
	policy, err := s.SeedIPPolicy(IPPolicySeed{})
	if err != nil || !strings.HasPrefix(policy, "ipp_") {
		t.Errorf("SeedIPPolicy = %q, %v", policy, err)
	}

	// The seeded objects work together.
	wantStatus(t, do(t, s, http.MethodPut, "/edges/https/"+edge+"/routes/"+route+"/backend", `{"backend_id":"`+backend+`"}`), http.StatusOK)
	wantStatus(t, do(t, s, http.MethodPut, "/edges/https/"+edge+"/routes/"+route+"/ip_restriction", `{"ip_policy_ids":["`+policy+`"]}`), http.StatusOK)
}

func TestEdgeModulesSurviveTheStateFile(t *testing.T) {
	t.Parallel()
	f := newEdgeFixture(t)
	bodies := f.validModuleBodies()
	bodies[ModuleRequestHeaders] = `{"enabled":false,"add":{"X-Team":"a"},"remove":["Cookie"]}`
	before := map[string]string{}
	for module, body := range bodies {
		wantStatus(t, do(t, f.s, http.MethodPut, f.modulePath(module), body), http.StatusOK)
		before[module] = do(t, f.s, http.MethodGet, f.modulePath(module), "").Body.String()
	}
	s2 := reload(t, f.s)
	for module, want := range before {
		w := do(t, s2, http.MethodGet, f.modulePath(module), "")
		wantStatus(t, w, http.StatusOK)
		if w.Body.String() != want {
			t.Errorf("%s after a reload:\n got %s\nwant %s", module, w.Body.String(), want)
		}
	}
	// The seeded references are kept too: a backend module can be set again.
	wantStatus(t, do(t, s2, http.MethodPut, f.modulePath(ModuleBackend), `{"backend_id":"`+f.backend+`"}`), http.StatusOK)
}

// Every stored field of the seed-only objects, the modules and the recorded
// PUT bodies survives a state file: saving what was loaded gives the same file.
func TestEdgeStateRoundTrip(t *testing.T) {
	t.Parallel()
	f := newEdgeFixture(t)
	if _, err := f.s.SeedTunnelGroupBackend(TunnelGroupBackendSeed{Description: "d", Metadata: "m", Labels: map[string]string{"a": "b"}}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.s.SeedHTTPSEdgeRoute(f.edge, HTTPSEdgeRouteSeed{Description: "d", Metadata: "m", Match: "/x", MatchType: "exact_path"}); err != nil {
		t.Fatal(err)
	}
	for module, body := range f.validModuleBodies() {
		wantStatus(t, do(t, f.s, http.MethodPut, f.modulePath(module), body), http.StatusOK)
	}
	// An empty body is a valid PUT (every field takes its default), and is
	// recorded as sent: the state file must keep it although it is not JSON.
	wantStatus(t, do(t, f.s, http.MethodPut, "/edges/https/"+f.otherEdge+"/routes/"+f.orphan+"/request_headers", ""), http.StatusOK)
	wantStatus(t, do(t, f.s, http.MethodDelete, f.modulePath(ModuleBackend), ""), http.StatusNoContent)

	first := stateJSON(t, f.s)
	s2 := reload(t, f.s)
	second := stateJSON(t, s2)
	if first != second {
		t.Errorf("state changed across a reload:\nfirst  %s\nsecond %s", first, second)
	}
	for module, body := range f.validModuleBodies() {
		raw, ok := s2.EdgeRouteModule(f.edge, f.route, module)
		if slices.Contains(unrecordedModules, module) {
			if ok {
				t.Errorf("%s: a body that holds a secret was recorded: %q", module, raw)
			}
			continue
		}
		if !ok || string(raw) != body {
			t.Errorf("%s: recorded body after a reload = %q, %v; want %q", module, raw, ok, body)
		}
	}
	if raw, ok := s2.EdgeRouteModule(f.otherEdge, f.orphan, ModuleRequestHeaders); !ok || len(raw) != 0 {
		t.Errorf("empty recorded body after a reload = %q, %v", raw, ok)
	}
}

// Reset forgets the recorded PUT bodies with the routes that hold them.
func TestEdgeRouteModuleForgottenByReset(t *testing.T) {
	t.Parallel()
	f := newEdgeFixture(t)
	wantStatus(t, do(t, f.s, http.MethodPut, f.modulePath(ModuleOIDC), testOIDCBody), http.StatusOK)
	f.s.Reset()
	if raw, ok := f.s.EdgeRouteModule(f.edge, f.route, ModuleOIDC); ok {
		t.Errorf("after Reset: EdgeRouteModule = %s, want nothing", raw)
	}
	// A route seeded again under the same IDs starts with no recorded body.
	if _, err := f.s.SeedHTTPSEdge(HTTPSEdgeSeed{ID: f.edge}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.s.SeedHTTPSEdgeRoute(f.edge, HTTPSEdgeRouteSeed{ID: f.route}); err != nil {
		t.Fatal(err)
	}
	if raw, ok := f.s.EdgeRouteModule(f.edge, f.route, ModuleOIDC); ok {
		t.Errorf("after Reset and a new seed: EdgeRouteModule = %s, want nothing", raw)
	}
}
