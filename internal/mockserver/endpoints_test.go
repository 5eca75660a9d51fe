package mockserver

import (
	"cmp"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"
)

var endpointIDPattern = regexp.MustCompile(`^ep_[0-9A-Za-z]{27}$`)

const testPolicy = `{"on_http_request":[{"actions":[{"type":"custom-response","config":{"status_code":200}}]}]}`

// testTCPPolicy is testPolicy's counterpart for tcp:// and tls:// endpoints.
const testTCPPolicy = `{"on_tcp_connect":[{"actions":[{"type":"deny"}]}]}`

// endpointBody is a create or update body; fields are marshalled as given.
func endpointBody(t *testing.T, fields map[string]any) string {
	t.Helper()
	b, err := json.Marshal(fields)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func createEndpoint(t *testing.T, s http.Handler, fields map[string]any) endpointWire {
	t.Helper()
	if _, ok := fields["traffic_policy"]; !ok {
		fields["traffic_policy"] = testPolicy
		// NOTE: a TCP or TLS endpoint runs on_tcp_connect only (ERR_NGROK_2230).
		if u, _ := fields["url"].(string); strings.HasPrefix(u, "tcp://") || strings.HasPrefix(u, "tls://") {
			fields["traffic_policy"] = testTCPPolicy
		}
	}
	w := do(t, s, http.MethodPost, "/endpoints", endpointBody(t, fields))
	wantStatus(t, w, http.StatusCreated)
	return decodeBody[endpointWire](t, w)
}

// rawFields decodes a response into a map, to see which properties it has.
func rawFields(t *testing.T, body []byte) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(body, &m); err != nil {
		t.Fatalf("decoding %s: %v", body, err)
	}
	return m
}

func TestParseEndpointURL(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in, url, hostport string
		port              int
	}{
		{"https://a.example.com", "https://a.example.com", "a.example.com:443", 443},
		{"https://a.example.com:443", "https://a.example.com", "a.example.com:443", 443},
		{"HTTPS://A.Example.COM:443/", "https://a.example.com", "a.example.com:443", 443},
		{"https://a.example.com:8443", "https://a.example.com:8443", "a.example.com:8443", 8443},
		{"http://a.example.com:80", "http://a.example.com", "a.example.com:80", 80},
		{"http://a.example.com:443", "http://a.example.com:443", "a.example.com:443", 443},
		{"tls://a.example.com", "tls://a.example.com", "a.example.com:443", 443},
		{"tcp://1.tcp.ngrok.io:12345", "tcp://1.tcp.ngrok.io:12345", "1.tcp.ngrok.io:12345", 12345},
		{"http://api.internal", "http://api.internal", "api.internal:80", 80},
		{"https://*.example.com", "https://*.example.com", "*.example.com:443", 443},
	}
	for _, tt := range tests {
		u, err := parseEndpointURL(tt.in)
		if err != nil {
			t.Errorf("parseEndpointURL(%q): %v", tt.in, err)
			continue
		}
		if u.String() != tt.url || u.hostport() != tt.hostport || u.port != tt.port {
			t.Errorf("parseEndpointURL(%q) = url %q hostport %q port %d, want %q %q %d",
				tt.in, u.String(), u.hostport(), u.port, tt.url, tt.hostport, tt.port)
		}
	}
	for _, bad := range []string{
		"", "a.example.com", "ftp://a.example.com", "https://", "https://a.example.com/path",
		"https://a.example.com?x=1", "https://a.example.com#f", "https://user@a.example.com",
		"tcp://1.tcp.ngrok.io", "https://a.example.com:0", "https://a.example.com:65536", "https://a.example.com:",
		"https://a_b.example.com", "https://-a.example.com", "https://a..example.com", "https://*.com",
		"https://a.*.example.com", "https://[::1]",
	} {
		if _, err := parseEndpointURL(bad); err == nil || err.code != errEndpointURLInvalid.code {
			t.Errorf("parseEndpointURL(%q) = %v, want a %s error", bad, err, errEndpointURLInvalid.code)
		}
	}
}

func TestEndpointCreateCloud(t *testing.T) {
	t.Parallel()
	now := time.Date(2025, 9, 4, 10, 11, 14, 0, time.UTC)
	s := New(WithClock(func() time.Time { return now }))
	w := do(t, s, http.MethodPost, "/endpoints", endpointBody(t, map[string]any{
		"url": "HTTP://API.internal:80/", "traffic_policy": testPolicy, "description": "api", "metadata": `{"a":1}`,
	}))
	wantStatus(t, w, http.StatusCreated)
	e := decodeBody[endpointWire](t, w)
	if !endpointIDPattern.MatchString(e.ID) {
		t.Errorf("id = %q", e.ID)
	}
	want := endpointWire{
		ID: e.ID, CreatedAt: apiTime(now), UpdatedAt: apiTime(now),
		PublicURL: "http://api.internal", Proto: "http", Hostport: "api.internal:80",
		Type: "cloud", Metadata: `{"a":1}`, Description: "api",
		URL: "http://api.internal", TrafficPolicy: testPolicy, Bindings: []string{"internal"},
		URI: "http://example.com/endpoints/" + e.ID,
	}
	if !endpointWiresEqual(e, want) {
		t.Errorf("created\n%+v\nwant\n%+v", e, want)
	}
	// Properties that do not apply are omitted rather than null, and
	// pooling_enabled is there even when false.
	raw := rawFields(t, w.Body.Bytes())
	for _, absent := range []string{
		"region", "domain", "tcp_addr", "tunnel", "edge", "upstream_url", "upstream_protocol", "principal", "tunnel_session", "name",
		"scheme", "host", "port",
	} {
		if _, ok := raw[absent]; ok {
			t.Errorf("a cloud endpoint has %q: %s", absent, w.Body.String())
		}
	}
	if v, ok := raw["pooling_enabled"]; !ok || v != false {
		t.Errorf("pooling_enabled = %v (present %v), want false", v, ok)
	}

	got := do(t, s, http.MethodGet, "/endpoints/"+e.ID, "")
	wantStatus(t, got, http.StatusOK)
	if got.Body.String() != w.Body.String() {
		t.Errorf("GET = %s\nwant the create response %s", got.Body.String(), w.Body.String())
	}
}

func endpointWiresEqual(a, b endpointWire) bool {
	ab, _ := json.Marshal(a)
	bb, _ := json.Marshal(b)
	return string(ab) == string(bb)
}

func TestEndpointCreateDefaultsAndOptions(t *testing.T) {
	t.Parallel()
	s := New()
	seedAddr(t, s, "1.tcp.ngrok.io:20000")
	tcp := createEndpoint(t, s, map[string]any{"url": "tcp://1.tcp.ngrok.io:20000", "type": "cloud", "pooling_enabled": true})
	if !slices.Equal(tcp.Bindings, []string{"public"}) || !tcp.PoolingEnabled || tcp.Hostport != "1.tcp.ngrok.io:20000" ||
		tcp.PublicURL != "tcp://1.tcp.ngrok.io:20000" || tcp.Proto != "tcp" || tcp.Domain != nil {
		t.Errorf("tcp endpoint = %+v", tcp)
	}
	k8s := createEndpoint(t, s, map[string]any{"url": "http://web.default", "bindings": []string{"kubernetes"}})
	if !slices.Equal(k8s.Bindings, []string{"kubernetes"}) {
		t.Errorf("bindings = %v, want [kubernetes]", k8s.Bindings)
	}
}

func TestEndpointCreateValidation(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		fields map[string]any
		status int
		code   string
	}{
		{"type ephemeral", map[string]any{"type": "ephemeral"}, 400, errEndpointNotCloud.code},
		{"type edge", map[string]any{"type": "edge"}, 400, errEndpointNotCloud.code},
		{"type in upper case", map[string]any{"type": "Cloud"}, 400, errEndpointNotCloud.code},
		{"no url", map[string]any{"url": nil}, 400, errEndpointFieldMissing.code},
		{"bad scheme", map[string]any{"url": "ws://a.internal"}, 400, errEndpointURLInvalid.code},
		{"tcp without port", map[string]any{"url": "tcp://a.internal"}, 400, errEndpointURLInvalid.code},
		{"path", map[string]any{"url": "http://a.internal/x"}, 400, errEndpointURLInvalid.code},
		{"no traffic policy", map[string]any{"traffic_policy": nil}, 400, errTrafficPolicyMissing.code},
		{"empty traffic policy", map[string]any{"traffic_policy": ""}, 400, errTrafficPolicyMissing.code},
		{"unparseable policy", map[string]any{"traffic_policy": "{on_http_request: [}"}, 400, errTrafficPolicyInvalid.code},
		{"policy with a tab indent", map[string]any{"traffic_policy": "on_http_request:\n\t- actions: []"}, 400, errTrafficPolicyInvalid.code},
		{"policy a list", map[string]any{"traffic_policy": `[1, 2]`}, 400, errTrafficPolicyInvalid.code},
		{"policy a string", map[string]any{"traffic_policy": `hello`}, 400, errTrafficPolicyInvalid.code},
		{"policy blank", map[string]any{"traffic_policy": " \n"}, 400, errTrafficPolicyInvalid.code},
		{"policy unknown phase", map[string]any{"traffic_policy": `{"on_request": []}`}, 400, errTrafficPolicyInvalid.code},
		{"policy phase not a list", map[string]any{"traffic_policy": "on_http_request:\n  actions: []\n"}, 400, errTrafficPolicyInvalid.code},
		{"policy rule not an object", map[string]any{"traffic_policy": `{"on_tcp_connect": ["deny"]}`}, 400, errTrafficPolicyInvalid.code},
		{"policy two YAML documents", map[string]any{"traffic_policy": "on_http_request: []\n---\non_tcp_connect: []\n"}, 400, errTrafficPolicyInvalid.code},
		{"two bindings", map[string]any{"bindings": []string{"internal", "internal"}}, 400, errEndpointBinding.code},
		{"no binding", map[string]any{"bindings": []string{}}, 400, errEndpointBinding.code},
		{"unknown binding", map[string]any{"bindings": []string{"private"}}, 400, errEndpointBinding.code},
		{"public binding on .internal", map[string]any{"bindings": []string{"public"}}, 400, errEndpointBinding.code},
		{"internal binding on a public host", map[string]any{"url": "tcp://1.tcp.ngrok.io:1", "bindings": []string{"internal"}}, 400, errEndpointBinding.code},
		{"kubernetes binding on .internal", map[string]any{"bindings": []string{"kubernetes"}}, 400, errEndpointBinding.code},
		{"description too long", map[string]any{"description": strings.Repeat("d", 256)}, 400, errEndpointDescription.code},
		{"metadata too long", map[string]any{"metadata": strings.Repeat("m", 4097)}, 400, errEndpointMetadata.code},
		{"unreserved domain", map[string]any{"url": "https://app.example.com"}, 400, errEndpointDomainMissing.code},
		{"unreserved domain over tls", map[string]any{"url": "tls://app.example.com"}, 400, errEndpointDomainMissing.code},
		{"unknown field", map[string]any{"upstream_url": "http://localhost"}, 400, errUnknownField.code},
		{"upstream_proto", map[string]any{"upstream_proto": "http1"}, 400, errUnknownField.code},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := New()
			fields := map[string]any{"url": "http://api.internal", "traffic_policy": testPolicy}
			for k, v := range tt.fields {
				if v == nil {
					delete(fields, k)
					continue
				}
				fields[k] = v
			}
			w := do(t, s, http.MethodPost, "/endpoints", endpointBody(t, fields))
			wantError(t, w, tt.status, tt.code)
			if n := s.endpoints.len(); n != 0 {
				t.Errorf("a refused create stored %d endpoints", n)
			}
		})
	}
}

func TestEndpointTrafficPolicyStoredByteForByte(t *testing.T) {
	t.Parallel()
	s := New()
	for i, policy := range []string{
		"# deny everyone\non_http_request:\n  - actions:\n      - type: deny   # 403\n",
		"{\n\t\"on_tcp_connect\" : [ ]\n}\n",
		`{"on_http_response":[{"actions":[{"type":"add-headers","config":{"headers":{"x-a":"<b>&"}}}]}]}`,
		"on_http_request:\non_http_response: []\n",
		"{}",
	} {
		e := createEndpoint(t, s, map[string]any{"url": "http://p" + string(rune('a'+i)) + ".internal", "traffic_policy": policy})
		if e.TrafficPolicy != policy {
			t.Errorf("traffic_policy = %q, want %q byte for byte", e.TrafficPolicy, policy)
		}
		w := do(t, s, http.MethodGet, "/endpoints/"+e.ID, "")
		if got := decodeBody[endpointWire](t, w).TrafficPolicy; got != policy {
			t.Errorf("GET traffic_policy = %q, want %q", got, policy)
		}
	}
}

func TestEndpointOneCloudEndpointPerURL(t *testing.T) {
	t.Parallel()
	s := New()
	first := createEndpoint(t, s, map[string]any{"url": "http://api.internal"})
	for _, dup := range []string{"http://api.internal", "http://API.internal:80", "http://api.internal/"} {
		w := do(t, s, http.MethodPost, "/endpoints", endpointBody(t, map[string]any{"url": dup, "traffic_policy": testPolicy}))
		wantError(t, w, http.StatusConflict, errEndpointURLTaken.code)
		if got := decodeBody[endpointWire](t, do(t, s, http.MethodGet, "/endpoints/"+first.ID, "")); got.URL != first.URL {
			t.Errorf("the refused create changed %s: %+v", first.ID, got)
		}
	}
	// Another port, scheme or host is another url; an agent endpoint on the
	// same url does not count.
	createEndpoint(t, s, map[string]any{"url": "http://api.internal:8080"})
	createEndpoint(t, s, map[string]any{"url": "https://api.internal"})
	if _, err := s.SeedAgentEndpoint(AgentEndpointSeed{URL: "tcp://api.internal:5432"}); err != nil {
		t.Fatal(err)
	}
	createEndpoint(t, s, map[string]any{"url": "tcp://api.internal:5432"})

	// After a delete, the url is free again.
	wantStatus(t, do(t, s, http.MethodDelete, "/endpoints/"+first.ID, ""), http.StatusNoContent)
	createEndpoint(t, s, map[string]any{"url": "http://api.internal"})
}

func TestEndpointUpdate(t *testing.T) {
	t.Parallel()
	now := time.Date(2025, 9, 4, 10, 0, 0, 0, time.UTC)
	s := New(WithClock(func() time.Time { return now }))
	e := createEndpoint(t, s, map[string]any{"url": "http://api.internal", "description": "d", "metadata": "m"})
	patch := func(fields map[string]any) endpointWire {
		t.Helper()
		w := do(t, s, http.MethodPatch, "/endpoints/"+e.ID, endpointBody(t, fields))
		wantStatus(t, w, http.StatusOK)
		return decodeBody[endpointWire](t, w)
	}

	// The clock has not moved, yet updated_at does: a change is always visible.
	got := patch(map[string]any{"description": "new"})
	if got.Description != "new" || got.Metadata != "m" || wireString(got.UpdatedAt) != "2025-09-04T10:00:01Z" || got.CreatedAt != e.CreatedAt {
		t.Errorf("after a description change: %+v", got)
	}
	// A PATCH that changes nothing leaves updated_at alone.
	if again := patch(map[string]any{"description": "new", "url": "http://api.internal:80"}); again.UpdatedAt != got.UpdatedAt {
		t.Errorf("a no-op PATCH moved updated_at from %s to %s", got.UpdatedAt, again.UpdatedAt)
	}
	now = now.Add(time.Hour)
	policy := "on_tcp_connect: []\n"
	got = patch(map[string]any{
		"url": "http://web.internal:8080", "traffic_policy": policy, "metadata": "", "pooling_enabled": true,
		"bindings": []string{"internal"},
	})
	want := map[string]string{
		"url": got.URL, "hostport": got.Hostport, "public_url": got.PublicURL, "traffic_policy": got.TrafficPolicy,
		"updated_at": wireString(got.UpdatedAt), "metadata": got.Metadata, "description": got.Description,
	}
	for k, v := range map[string]string{
		"url": "http://web.internal:8080", "hostport": "web.internal:8080", "public_url": "http://web.internal:8080",
		"traffic_policy": policy, "updated_at": "2025-09-04T11:00:00Z", "metadata": "", "description": "new",
	} {
		if want[k] != v {
			t.Errorf("%s = %q, want %q", k, want[k], v)
		}
	}
	if !got.PoolingEnabled || got.ID != e.ID {
		t.Errorf("after update: %+v", got)
	}
}

func TestEndpointUpdateValidation(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		fields map[string]any
		status int
		code   string
	}{
		{"scheme change", map[string]any{"url": "https://api.internal"}, 400, errEndpointSchemeChange.code},
		{"scheme change to tcp", map[string]any{"url": "tcp://api.internal:80"}, 400, errEndpointSchemeChange.code},
		{"url taken", map[string]any{"url": "http://other.internal"}, 409, errEndpointURLTaken.code},
		{"bad url", map[string]any{"url": "http://api.internal/x"}, 400, errEndpointURLInvalid.code},
		{"to a public host, keeping the internal binding", map[string]any{"url": "http://api.example.com"}, 400, errEndpointBinding.code},
		{"to an unreserved domain", map[string]any{"url": "http://api.example.com", "bindings": []string{"public"}}, 400, errEndpointDomainMissing.code},
		{"empty traffic policy", map[string]any{"traffic_policy": ""}, 400, errTrafficPolicyMissing.code},
		{"bad traffic policy", map[string]any{"traffic_policy": "on_http_request: ["}, 400, errTrafficPolicyInvalid.code},
		{"bad binding", map[string]any{"bindings": []string{"public"}}, 400, errEndpointBinding.code},
		{"description too long", map[string]any{"description": strings.Repeat("d", 256)}, 400, errEndpointDescription.code},
		{"type is not updatable", map[string]any{"type": "cloud"}, 400, errUnknownField.code},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := New()
			e := createEndpoint(t, s, map[string]any{"url": "http://api.internal"})
			createEndpoint(t, s, map[string]any{"url": "http://other.internal"})
			w := do(t, s, http.MethodPatch, "/endpoints/"+e.ID, endpointBody(t, tt.fields))
			wantError(t, w, tt.status, tt.code)
			after := decodeBody[endpointWire](t, do(t, s, http.MethodGet, "/endpoints/"+e.ID, ""))
			if !endpointWiresEqual(after, e) {
				t.Errorf("a refused PATCH changed the endpoint:\n%+v\nwas\n%+v", after, e)
			}
		})
	}
}

func TestEndpointDelete(t *testing.T) {
	t.Parallel()
	s := New()
	e := createEndpoint(t, s, map[string]any{"url": "http://api.internal"})
	w := do(t, s, http.MethodDelete, "/endpoints/"+e.ID, "")
	wantStatus(t, w, http.StatusNoContent)
	if w.Body.Len() != 0 {
		t.Errorf("DELETE body = %q", w.Body.String())
	}
	wantError(t, do(t, s, http.MethodGet, "/endpoints/"+e.ID, ""), http.StatusNotFound, "")
	wantError(t, do(t, s, http.MethodDelete, "/endpoints/"+e.ID, ""), http.StatusNotFound, "")
	wantError(t, do(t, s, http.MethodPatch, "/endpoints/"+e.ID, `{"description":"x"}`), http.StatusNotFound, "")
	wantError(t, do(t, s, http.MethodGet, "/endpoints/rd_2hHGVyb5ZT6WQm1uXnLfNc8Ykam", ""), http.StatusBadRequest, errWrongIDPrefix.code)
}

func TestEndpointSeeded(t *testing.T) {
	t.Parallel()
	now := time.Date(2025, 9, 4, 10, 0, 0, 0, time.UTC)
	s := New(WithClock(func() time.Time { return now }))
	agentID, err := s.SeedAgentEndpoint(AgentEndpointSeed{
		URL: "https://abc123.ngrok.app", Region: "eu", Name: "laptop", Description: "dev tunnel",
		UpstreamURL: "http://localhost:3000", UpstreamProtocol: "http2",
		TunnelID: "tn_2hHGVyb5ZT6WQm1uXnLfNc8Ykam",
	})
	if err != nil {
		t.Fatal(err)
	}
	edgeID, err := s.SeedEdgeEndpoint(EdgeEndpointSeed{URL: "tls://edge.example.com"})
	if err != nil {
		t.Fatal(err)
	}
	tcpAgentID, err := s.SeedAgentEndpoint(AgentEndpointSeed{URL: "tcp://5.tcp.ngrok.io:21000"})
	if err != nil {
		t.Fatal(err)
	}

	w := do(t, s, http.MethodGet, "/endpoints/"+agentID, "")
	wantStatus(t, w, http.StatusOK)
	agent := decodeBody[endpointWire](t, w)
	origin := "http://example.com"
	if agent.Type != "ephemeral" || agent.Name != "laptop" || agent.Description != "dev tunnel" ||
		agent.UpstreamURL != "http://localhost:3000" ||
		agent.Tunnel == nil || *agent.Tunnel != (refWire{ID: "tn_2hHGVyb5ZT6WQm1uXnLfNc8Ykam", URI: origin + "/tunnels/tn_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"}) ||
		agent.TunnelSession == nil || !strings.HasPrefix(agent.TunnelSession.ID, "ts_") ||
		agent.TunnelSession.URI != origin+"/tunnel_sessions/"+agent.TunnelSession.ID ||
		agent.Principal == nil || !strings.HasPrefix(agent.Principal.ID, "usr_") || agent.Principal.URI != "" ||
		agent.Edge != nil || agent.Domain != nil || !slices.Equal(agent.Bindings, []string{"public"}) ||
		agent.URL != "https://abc123.ngrok.app" || wireString(agent.CreatedAt) != "2025-09-04T10:00:00Z" {
		t.Errorf("agent endpoint = %s", w.Body.String())
	}
	// NOTE: an agent endpoint is not an object of the API: no uri; nor
	// region or upstream protocol (_endpoints_list_response.md@3196b15).
	for _, absent := range []string{"uri", "region", "upstream_protocol", "upstream_proto", "scheme", "host", "port"} {
		if _, ok := rawFields(t, w.Body.Bytes())[absent]; ok {
			t.Errorf("an agent endpoint has %q: %s", absent, w.Body.String())
		}
	}

	w = do(t, s, http.MethodGet, "/endpoints/"+edgeID, "")
	edge := decodeBody[endpointWire](t, w)
	if edge.Type != "edge" || edge.Edge == nil || !strings.HasPrefix(edge.Edge.ID, "edgtls_") ||
		edge.Edge.URI != origin+"/edges/tls/"+edge.Edge.ID || edge.Tunnel != nil || edge.UpstreamURL != "" ||
		edge.PublicURL != "tls://edge.example.com" {
		t.Errorf("edge endpoint = %+v", edge)
	}
	// NOTE: nor has an edge endpoint a url (_endpoints_list_response.md@3196b15).
	for _, absent := range []string{"uri", "url", "region", "upstream_protocol"} {
		if _, ok := rawFields(t, w.Body.Bytes())[absent]; ok {
			t.Errorf("an edge endpoint has %q: %s", absent, w.Body.String())
		}
	}
	tcp := decodeBody[endpointWire](t, do(t, s, http.MethodGet, "/endpoints/"+tcpAgentID, ""))
	if tcp.UpstreamURL != "tcp://localhost:22" || tcp.Hostport != "5.tcp.ngrok.io:21000" {
		t.Errorf("tcp agent endpoint = %+v", tcp)
	}

	for _, id := range []string{agentID, edgeID} {
		wantError(t, do(t, s, http.MethodPatch, "/endpoints/"+id, `{"description":"x"}`), http.StatusBadRequest, errInvalidValue.code)
		wantError(t, do(t, s, http.MethodDelete, "/endpoints/"+id, ""), http.StatusBadRequest, errInvalidValue.code)
		wantStatus(t, do(t, s, http.MethodGet, "/endpoints/"+id, ""), http.StatusOK)
	}
}

func TestEndpointSeedValidation(t *testing.T) {
	t.Parallel()
	s := New()
	id, err := s.SeedEdgeEndpoint(EdgeEndpointSeed{ID: "ep_2hHGVyb5ZT6WQm1uXnLfNc8Ykam", URL: "https://app.example.com"})
	if err != nil || id != "ep_2hHGVyb5ZT6WQm1uXnLfNc8Ykam" {
		t.Fatalf("seeding with a fixed ID = %q, %v", id, err)
	}
	for name, seed := range map[string]func() error{
		"taken ID": func() error {
			_, err := s.SeedEdgeEndpoint(EdgeEndpointSeed{ID: id, URL: "https://b.example.com"})
			return err
		},
		"bad ID": func() error {
			_, err := s.SeedAgentEndpoint(AgentEndpointSeed{ID: "ep_short", URL: "https://b.example.com"})
			return err
		},
		"no url":  func() error { _, err := s.SeedAgentEndpoint(AgentEndpointSeed{}); return err },
		"bad url": func() error { _, err := s.SeedAgentEndpoint(AgentEndpointSeed{URL: "ftp://x.example.com"}); return err },
		"bad region": func() error {
			_, err := s.SeedAgentEndpoint(AgentEndpointSeed{URL: "https://x.ngrok.app", Region: "mars"})
			return err
		},
		"bad upstream protocol": func() error {
			_, err := s.SeedAgentEndpoint(AgentEndpointSeed{URL: "https://x.ngrok.app", UpstreamProtocol: "http3"})
			return err
		},
		"bad policy": func() error {
			_, err := s.SeedAgentEndpoint(AgentEndpointSeed{URL: "https://x.ngrok.app", TrafficPolicy: "[1]"})
			return err
		},
		"bad binding": func() error {
			_, err := s.SeedAgentEndpoint(AgentEndpointSeed{URL: "https://x.ngrok.app", Bindings: []string{"internal"}})
			return err
		},
		"bad tunnel ID": func() error {
			_, err := s.SeedAgentEndpoint(AgentEndpointSeed{URL: "https://x.ngrok.app", TunnelID: "ts_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"})
			return err
		},
		"bad edge ID for the scheme": func() error {
			_, err := s.SeedEdgeEndpoint(EdgeEndpointSeed{URL: "tcp://1.tcp.ngrok.io:1", EdgeID: "edghts_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"})
			return err
		},
	} {
		if err := seed(); err == nil {
			t.Errorf("%s: seeding succeeded", name)
		}
	}
	if n := s.endpoints.len(); n != 1 {
		t.Errorf("refused seeds stored %d endpoints, want only the first", n-1)
	}
}

func TestEndpointListFilter(t *testing.T) {
	t.Parallel()
	s := New()
	cloud := createEndpoint(t, s, map[string]any{"url": "http://api.internal", "description": "prod api", "metadata": `{"env":"prod"}`})
	k8s := createEndpoint(t, s, map[string]any{"url": "http://web.default", "bindings": []string{"kubernetes"}})
	agent, err := s.SeedAgentEndpoint(AgentEndpointSeed{URL: "https://abc.ngrok.app", Metadata: `{"env":"dev"}`})
	if err != nil {
		t.Fatal(err)
	}
	edge, err := s.SeedEdgeEndpoint(EdgeEndpointSeed{URL: "https://shop.example.com", Description: "prod shop"})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		filter string
		want   []string // newest first
	}{
		{``, []string{edge, agent, k8s.ID, cloud.ID}},
		{`obj.type == "cloud"`, []string{k8s.ID, cloud.ID}},
		{`obj.type != "cloud"`, []string{edge, agent}},
		{`obj.type == "ephemeral" || obj.type == "edge"`, []string{edge, agent}},
		{`obj.type in ["edge", "ephemeral"]`, []string{edge, agent}},
		{`obj.url == "http://api.internal"`, []string{cloud.ID}},
		// NOTE: an edge endpoint has no url, only a public_url, which the
		// endpoints' filter does not take [real: docs api/api-filtering.mdx].
		{`obj.url.startsWith("https://")`, []string{agent}},
		{`"public" in obj.bindings`, []string{edge, agent}},
		{`"kubernetes" in obj.bindings && obj.type == "cloud"`, []string{k8s.ID}},
		{`obj.id == "` + agent + `"`, []string{agent}},
		{`obj.id in ["` + agent + `", "` + cloud.ID + `"]`, []string{agent, cloud.ID}},
		{`obj.metadata.contains('"env":"prod"')`, []string{cloud.ID}},
		{`obj.description.startsWith("prod") && obj.type != "edge"`, []string{cloud.ID}},
		{`obj.description == "prod shop"`, []string{edge}},
		{`obj.metadata == '{"env":"dev"}'`, []string{agent}},
	}
	for _, tt := range tests {
		target := "/endpoints"
		if tt.filter != "" {
			target += "?filter=" + url.QueryEscape(tt.filter)
		}
		w := do(t, s, http.MethodGet, target, "")
		wantStatus(t, w, http.StatusOK)
		var page struct {
			Endpoints   []endpointWire `json:"endpoints"`
			URI         string         `json:"uri"`
			NextPageURI *string        `json:"next_page_uri"`
		}
		if err := json.Unmarshal(w.Body.Bytes(), &page); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, e := range page.Endpoints {
			got = append(got, e.ID)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("filter %s = %v, want %v", tt.filter, got, tt.want)
		}
		if page.URI != "http://example.com/endpoints" || page.NextPageURI != nil {
			t.Errorf("envelope uri %q next %v", page.URI, page.NextPageURI)
		}
	}
}

func TestEndpointStateCodecRoundTrip(t *testing.T) {
	t.Parallel()
	s := New()
	reserveDomain(t, s, "*.example.com")
	cloud := createEndpoint(t, s, map[string]any{"url": "https://api.internal:8443", "pooling_enabled": true, "description": "d"})
	onDomain := createEndpoint(t, s, map[string]any{"url": "https://web.example.com", "metadata": `{"m":1}`,
		"traffic_policy": "on_http_request: []\n", "bindings": []string{"kubernetes"}})
	agentID, err := s.SeedAgentEndpoint(AgentEndpointSeed{URL: "tcp://1.tcp.ngrok.io:1234", Name: "n", TrafficPolicy: "{}",
		Region: "ap", Description: "d", Metadata: "m", PoolingEnabled: true})
	if err != nil {
		t.Fatal(err)
	}
	httpAgentID, err := s.SeedAgentEndpoint(AgentEndpointSeed{URL: "https://dev.example.com", UpstreamURL: "http://localhost:1",
		UpstreamProtocol: "http2", Bindings: []string{"kubernetes"}})
	if err != nil {
		t.Fatal(err)
	}
	edgeID, err := s.SeedEdgeEndpoint(EdgeEndpointSeed{URL: "tls://shop.example.com", Region: "eu", Metadata: "m"})
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{cloud.ID, onDomain.ID, agentID, httpAgentID, edgeID} {
		e, aerr := s.endpoints.get(id)
		if aerr != nil {
			t.Fatal(aerr)
		}
		b, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		var back endpoint
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		if !endpointWiresEqual(back.wire("o"), e.wire("o")) {
			t.Errorf("round trip of %s:\n%+v\nwant\n%+v", id, back.wire("o"), e.wire("o"))
		}
	}
}

func reserveDomain(t *testing.T, s http.Handler, domain string) string {
	t.Helper()
	w := do(t, s, http.MethodPost, "/reserved_domains", endpointBody(t, map[string]any{"domain": domain}))
	wantStatus(t, w, http.StatusCreated)
	return decodeBody[struct {
		ID string `json:"id"`
	}](t, w).ID
}

func TestEndpointReservedDomainRule(t *testing.T) {
	t.Parallel()
	s := New()
	exact := reserveDomain(t, s, "app.example.com")
	wildcard := reserveDomain(t, s, "*.example.net")

	e := createEndpoint(t, s, map[string]any{"url": "https://APP.example.com:443"})
	if e.Domain == nil || *e.Domain != (refWire{ID: exact, URI: "http://example.com/reserved_domains/" + exact}) {
		t.Errorf("domain = %+v, want the Ref of %s", e.Domain, exact)
	}
	// A wildcard reservation covers exactly one more label, and itself.
	for _, u := range []string{"https://api.example.net", "tls://db.example.net", "http://api.example.net:8080", "https://*.example.net"} {
		if got := createEndpoint(t, s, map[string]any{"url": u}); got.Domain == nil || got.Domain.ID != wildcard {
			t.Errorf("%s: domain = %+v, want %s", u, got.Domain, wildcard)
		}
	}
	for _, u := range []string{"https://a.b.example.net", "https://example.net", "https://other.example.com", "http://example.com"} {
		w := do(t, s, http.MethodPost, "/endpoints", endpointBody(t, map[string]any{"url": u, "traffic_policy": testPolicy}))
		wantError(t, w, http.StatusBadRequest, errEndpointDomainMissing.code)
		if !strings.Contains(w.Body.String(), "reserve") && !strings.Contains(w.Body.String(), "Reserve") {
			t.Errorf("the message does not say to reserve the domain: %s", w.Body.String())
		}
	}
	// tcp (on a reserved address), .internal hosts and kubernetes bindings
	// need no reserved domain.
	seedAddr(t, s, "1.tcp.ngrok.io:12345")
	for _, f := range []map[string]any{
		{"url": "tcp://1.tcp.ngrok.io:12345"},
		{"url": "https://api.internal"},
		{"url": "http://web.default", "bindings": []string{"kubernetes"}},
	} {
		if got := createEndpoint(t, s, f); got.Domain != nil {
			t.Errorf("%v: domain = %+v, want none", f["url"], got.Domain)
		}
	}

	// Moving the endpoint to another host moves its domain Ref.
	w := do(t, s, http.MethodPatch, "/endpoints/"+e.ID, `{"url":"https://web.example.net"}`)
	wantStatus(t, w, http.StatusOK)
	if got := decodeBody[endpointWire](t, w); got.Domain == nil || got.Domain.ID != wildcard {
		t.Errorf("after moving host: domain = %+v, want %s", got.Domain, wildcard)
	}

	// A seeded agent endpoint on a reserved domain names it too.
	agentID, err := s.SeedAgentEndpoint(AgentEndpointSeed{URL: "https://app.example.com"})
	if err != nil {
		t.Fatal(err)
	}
	if got := decodeBody[endpointWire](t, do(t, s, http.MethodGet, "/endpoints/"+agentID, "")); got.Domain == nil || got.Domain.ID != exact {
		t.Errorf("agent endpoint domain = %+v, want %s", got.Domain, exact)
	}
}

func TestEndpointKeepsItsReservedDomain(t *testing.T) {
	t.Parallel()
	s := New()
	rd := reserveDomain(t, s, "app.example.com")
	e := createEndpoint(t, s, map[string]any{"url": "https://app.example.com"})
	// An agent endpoint on the domain does not hold it.
	if _, err := s.SeedAgentEndpoint(AgentEndpointSeed{URL: "https://app.example.com"}); err != nil {
		t.Fatal(err)
	}

	wantError(t, do(t, s, http.MethodDelete, "/reserved_domains/"+rd, ""), http.StatusConflict, errDomainInUse.code)
	wantStatus(t, do(t, s, http.MethodGet, "/reserved_domains/"+rd, ""), http.StatusOK)

	wantStatus(t, do(t, s, http.MethodDelete, "/endpoints/"+e.ID, ""), http.StatusNoContent)
	wantStatus(t, do(t, s, http.MethodDelete, "/reserved_domains/"+rd, ""), http.StatusNoContent)
}

// Deleting a reserved domain leaves no agent or edge endpoint naming it:
// their Ref moves to a wildcard reservation that still covers the host, or
// becomes null.
func TestEndpointDomainRefAfterTheDomainIsDeleted(t *testing.T) {
	t.Parallel()
	s := New()
	exact := reserveDomain(t, s, "app.example.com")
	wildcard := reserveDomain(t, s, "*.example.com")
	other := reserveDomain(t, s, "shop.example.org")
	agent, err := s.SeedAgentEndpoint(AgentEndpointSeed{URL: "https://app.example.com"})
	if err != nil {
		t.Fatal(err)
	}
	edge, err := s.SeedEdgeEndpoint(EdgeEndpointSeed{URL: "https://shop.example.org"})
	if err != nil {
		t.Fatal(err)
	}
	domainOf := func(id string) *refWire {
		t.Helper()
		w := do(t, s, http.MethodGet, "/endpoints/"+id, "")
		wantStatus(t, w, http.StatusOK)
		if _, present := rawFields(t, w.Body.Bytes())["domain"]; !present {
			return nil
		}
		return decodeBody[endpointWire](t, w).Domain
	}
	if d := domainOf(agent); d == nil || d.ID != exact {
		t.Fatalf("agent endpoint domain = %+v, want %s", d, exact)
	}

	wantStatus(t, do(t, s, http.MethodDelete, "/reserved_domains/"+exact, ""), http.StatusNoContent)
	if d := domainOf(agent); d == nil || d.ID != wildcard {
		t.Errorf("after deleting %s: agent endpoint domain = %+v, want the wildcard %s", exact, d, wildcard)
	}
	wantStatus(t, do(t, s, http.MethodDelete, "/reserved_domains/"+other, ""), http.StatusNoContent)
	if d := domainOf(edge); d != nil {
		t.Errorf("after deleting %s: edge endpoint domain = %+v, want none (omitted)", other, d)
	}
	// The state file keeps what the deletes left.
	restored := reload(t, s)
	if e, _ := restored.endpoints.get(edge); e.DomainID != "" {
		t.Errorf("restored edge endpoint domain = %q, want none", e.DomainID)
	}
}

// trafficPolicyCase is a row of the policy checker's table of verdicts
// (internal/trafficpolicy/testdata/cases.yaml), which the provider's
// plan-time validation is tested with too.
type trafficPolicyCase struct {
	Name   string `yaml:"name"`
	Policy string `yaml:"policy"`
	Valid  bool   `yaml:"valid"`
	Error  string `yaml:"error"`
	Scheme string `yaml:"scheme"`
	Code   string `yaml:"code"`
}

// TestEndpointTrafficPolicyCases: the mock agrees with the provider's
// plan-time validation on every row of the table, on create and on update:
// a valid policy is stored, an invalid one refused with ERR_NGROK_18002 and
// the same words.
func TestEndpointTrafficPolicyCases(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile(filepath.Join("..", "trafficpolicy", "testdata", "cases.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var cases []trafficPolicyCase
	if err := yaml.Unmarshal(b, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) < 32 {
		t.Fatalf("%d rows in cases.yaml", len(cases))
	}
	s := New()
	// NOTE: a row's scheme is its endpoint's; http when it names none.
	url := func(scheme, name string) string {
		if scheme == "tcp" || scheme == "tls" {
			return fmt.Sprintf("%s://%s.internal:4000", scheme, name)
		}
		return fmt.Sprintf("%s://%s.internal", cmp.Or(scheme, "http"), name)
	}
	updated := map[string]string{}
	for i, tc := range cases {
		if _, ok := updated[tc.Scheme]; !ok {
			updated[tc.Scheme] = createEndpoint(t, s, map[string]any{
				"url": url(tc.Scheme, fmt.Sprint("updated", i)), "traffic_policy": "on_tcp_connect: [{actions: [{type: deny}]}]",
			}).ID
		}
		create := do(t, s, http.MethodPost, "/endpoints", endpointBody(t, map[string]any{
			"url": url(tc.Scheme, fmt.Sprint("p", i)), "traffic_policy": tc.Policy,
		}))
		update := do(t, s, http.MethodPatch, "/endpoints/"+updated[tc.Scheme], endpointBody(t, map[string]any{"traffic_policy": tc.Policy}))
		for verb, w := range map[string]*httptest.ResponseRecorder{"create": create, "update": update} {
			if tc.Valid {
				if w.Code != http.StatusCreated && w.Code != http.StatusOK {
					t.Errorf("%s, %s: %d %s", tc.Name, verb, w.Code, w.Body)
				}
				continue
			}
			if tc.Code != "" {
				// NOTE: a code of its own answers with ngrok's message,
				// which the row's text (the checker's) is not.
				wantError(t, w, http.StatusBadRequest, tc.Code)
				continue
			}
			wantError(t, w, http.StatusBadRequest, errTrafficPolicyInvalid.code)
			msg := decodeBody[errorBody](t, w).Msg
			prefix, _, _ := strings.Cut(errTrafficPolicyInvalid.template, "{MESSAGE}")
			if !strings.HasPrefix(msg, prefix) || !strings.Contains(msg, tc.Error) {
				t.Errorf("%s, %s: msg %q, want %q then %q", tc.Name, verb, msg, prefix, tc.Error)
			}
		}
	}
}

// The list's id and url parameters narrow it, each repeatable, and its next
// page keeps them.
func TestEndpointListByIDAndURL(t *testing.T) {
	t.Parallel()
	s := New()
	a := createEndpoint(t, s, map[string]any{"url": "http://a.internal"})
	b := createEndpoint(t, s, map[string]any{"url": "http://b.internal"})
	c := createEndpoint(t, s, map[string]any{"url": "http://c.internal"})
	agent, err := s.SeedAgentEndpoint(AgentEndpointSeed{URL: "https://abc.ngrok.app"})
	if err != nil {
		t.Fatal(err)
	}
	list := func(query string) (ids []string, next *string) {
		t.Helper()
		w := do(t, s, http.MethodGet, "/endpoints?"+query, "")
		wantStatus(t, w, http.StatusOK)
		page := decodeBody[struct {
			Endpoints []endpointWire `json:"endpoints"`
			Next      *string        `json:"next_page_uri"`
		}](t, w)
		for _, e := range page.Endpoints {
			ids = append(ids, e.ID)
		}
		return ids, page.Next
	}
	tests := []struct {
		query string
		want  []string // newest first
	}{
		{"id=" + a.ID, []string{a.ID}},
		{"id=" + a.ID + "&id=" + c.ID, []string{c.ID, a.ID}},
		{"id=" + agent, []string{agent}},
		{"url=http://b.internal", []string{b.ID}},
		// Compared as a create reads it.
		{"url=" + url.QueryEscape("HTTP://B.internal:80/"), []string{b.ID}},
		{"url=http://a.internal&url=https://abc.ngrok.app", []string{agent, a.ID}},
		{"id=" + a.ID + "&url=http://b.internal", nil},
		{"id=" + b.ID + "&url=http://b.internal&filter=" + url.QueryEscape(`obj.type == "cloud"`), []string{b.ID}},
		{"id=ep_2RfSBcv0nsy71XCHWOegjx1OoKh", nil},
	}
	for _, tt := range tests {
		if got, _ := list(tt.query); !slices.Equal(got, tt.want) {
			t.Errorf("%s listed %v, want %v", tt.query, got, tt.want)
		}
	}
	got, next := list("limit=1&id=" + a.ID + "&id=" + c.ID)
	if !slices.Equal(got, []string{c.ID}) || next == nil {
		t.Fatalf("first page %v, next %v", got, next)
	}
	if got, next = list(strings.SplitN(*next, "?", 2)[1]); !slices.Equal(got, []string{a.ID}) || next != nil {
		t.Errorf("second page %v, next %v; want %s alone", got, next, a.ID)
	}
}
