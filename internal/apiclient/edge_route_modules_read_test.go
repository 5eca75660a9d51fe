package apiclient

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

func rawModule(s string) *mockserver.RouteModuleSeed {
	r := mockserver.RouteModuleSeed(s)
	return &r
}

// A route with every module the client reads only comes back whole through
// the spec-validated mock: each answer is checked against ngrok's spec.
func TestMockHTTPSEdgeRouteReadModules(t *testing.T) {
	t.Parallel()
	m := newEdgeMock(t)
	policy, _ := json.Marshal(`{"on_http_request":[{"actions":[{"type":"deny"}]}]}`)
	id, err := m.server.SeedHTTPSEdgeRoute(m.edge, mockserver.HTTPSEdgeRouteSeed{Match: "/all", RouteModuleSeeds: mockserver.RouteModuleSeeds{
		CircuitBreaker:      rawModule(`{"tripped_duration":30,"rolling_window":60,"num_buckets":10,"volume_threshold":100,"error_threshold_percentage":0.25}`),
		Compression:         rawModule(`{}`),
		ResponseHeaders:     rawModule(`{"add":{"x-a":"1"},"remove":["server"]}`),
		WebhookVerification: rawModule(`{"provider":"GITHUB","secret":"whsec"}`),
		OAuth: rawModule(`{"provider":{"github":{"client_id":"gh","client_secret":"s","teams":["t"],"organizations":["o"]}},` +
			`"auth_check_interval":60}`),
		SAML:                  rawModule(`{"idp_metadata":"<EntityDescriptor xmlns=\"urn:oasis:names:tc:SAML:2.0:metadata\"/>"}`),
		WebsocketTCPConverter: rawModule(`{"enabled":false}`),
		UserAgentFilter:       rawModule(`{"deny":["bot"]}`),
		TrafficPolicy:         rawModule(`{"value":` + string(policy) + `}`),
	}})
	if err != nil {
		t.Fatal(err)
	}
	e, err := m.client.GetHTTPSEdge(context.Background(), m.edge)
	if err != nil {
		t.Fatal(err)
	}
	var r *HTTPSEdgeRoute
	for i := range e.Routes {
		if e.Routes[i].ID == id {
			r = &e.Routes[i]
		}
	}
	if r == nil {
		t.Fatalf("route %s not in %+v", id, e.Routes)
	}
	if c := r.CircuitBreaker; c == nil || c.ErrorThresholdPercentage != 0.25 || c.RollingWindow != 60 || c.TrippedDuration != 30 {
		t.Errorf("circuit_breaker %+v", c)
	}
	if r.Compression == nil || !r.Compression.Enabled || r.WebsocketTCPConverter == nil || r.WebsocketTCPConverter.Enabled {
		t.Errorf("compression %+v, websocket_tcp_converter %+v", r.Compression, r.WebsocketTCPConverter)
	}
	if h := r.ResponseHeaders; h == nil || h.Add["x-a"] != "1" || len(h.Remove) != 1 {
		t.Errorf("response_headers %+v", h)
	}
	if w := r.WebhookVerification; w == nil || w.Provider != "GITHUB" {
		t.Errorf("webhook_verification %+v", w)
	}
	if o := r.OAuth; o == nil || o.Provider["github"] == nil || *o.Provider["github"].ClientID != "gh" ||
		len(o.Provider["github"].Teams) != 1 || o.AuthCheckInterval != 60 {
		t.Errorf("oauth %+v", o)
	}
	if s := r.SAML; s == nil || s.EntityID == "" || !s.AllowIdPInitiated || s.IdPMetadata == "" {
		t.Errorf("saml %+v", s)
	}
	if u := r.UserAgentFilter; u == nil || len(u.Deny) != 1 || len(u.Allow) != 0 {
		t.Errorf("user_agent_filter %+v", u)
	}
	if p := r.TrafficPolicy; p == nil || !p.Enabled || p.Value == "" {
		t.Errorf("traffic_policy %+v", p)
	}
}
