package provider

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
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
