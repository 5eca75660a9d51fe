package apiclient

import (
	"context"
	"errors"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
	"github.com/tfedge/terraform-provider-ngrok/internal/specvalidate"
)

// newEndpointMock returns a client on a fresh mock server, and the server
// itself for seeding agent and edge endpoints.
func newEndpointMock(t *testing.T, opts ...mockserver.Option) (*Client, *mockserver.Server) {
	t.Helper()
	mock := mockserver.New(append([]mockserver.Option{mockserver.WithAPIKeys(mockKey)}, opts...)...)
	srv := httptest.NewServer(specvalidate.Handler(t, mock))
	t.Cleanup(srv.Close)
	c, err := New(WithBaseURL(srv.URL), WithAPIKey(mockKey), WithRetryPolicy(RetryPolicy{}))
	if err != nil {
		t.Fatal(err)
	}
	return c, mock
}

const yamlPolicy = "# respond to everything\non_http_request:\n  - actions:\n      - type: custom-response\n        config: {status_code: 200}\n"

func TestMockEndpointCRUD(t *testing.T) {
	t.Parallel()
	c, _ := newEndpointMock(t)
	ctx := context.Background()

	created, err := c.CreateEndpoint(ctx, &EndpointCreate{
		URL: "http://api.internal:80", Type: EndpointTypeCloud, TrafficPolicy: yamlPolicy,
		Description: "api", Metadata: `{"team":"platform"}`,
	})
	if err != nil {
		t.Fatalf("create: %v", err)
	}
	if !strings.HasPrefix(created.ID, "ep_") || created.URI != c.BaseURL()+"/endpoints/"+created.ID {
		t.Errorf("id %q uri %q", created.ID, created.URI)
	}
	if created.URL != "http://api.internal" || created.PublicURL != "http://api.internal" || created.Hostport != "api.internal:80" ||
		created.Proto != "http" || created.Type != "cloud" || created.TrafficPolicy == nil || *created.TrafficPolicy != yamlPolicy ||
		!slices.Equal(created.Bindings, []string{"internal"}) || created.PoolingEnabled || created.Description != "api" ||
		created.Metadata != `{"team":"platform"}` {
		t.Errorf("created = %+v", created)
	}
	// A cloud endpoint has none of the agent's or edge's properties, and,
	// as the real API's, no scheme, host or port.
	if created.Tunnel != nil || created.TunnelSession != nil || created.Edge != nil || created.Principal != nil ||
		created.UpstreamURL != nil || created.UpstreamProtocol != nil || created.Name != nil || created.Region != nil || created.Domain != nil ||
		created.Scheme != nil || created.Host != nil || created.Port != nil {
		t.Errorf("cloud endpoint with agent or edge properties: %+v", created)
	}
	if _, err := time.Parse(time.RFC3339, created.UpdatedAt); err != nil {
		t.Errorf("updated_at %q: %v", created.UpdatedAt, err)
	}

	got, err := c.GetEndpoint(ctx, created.ID)
	if err != nil {
		t.Fatalf("get: %v", err)
	}
	if got.URL != created.URL || *got.TrafficPolicy != yamlPolicy {
		t.Errorf("get = %+v", got)
	}

	desc, url, pooling := "", "http://api.internal:8080", true
	bindings := []string{"internal"}
	updated, err := c.UpdateEndpoint(ctx, created.ID, &EndpointUpdate{
		Description: &desc, URL: &url, PoolingEnabled: &pooling, Bindings: &bindings,
	})
	if err != nil {
		t.Fatalf("update: %v", err)
	}
	if updated.Description != "" || updated.URL != url || updated.Hostport != "api.internal:8080" || !updated.PoolingEnabled ||
		updated.Metadata != created.Metadata || *updated.TrafficPolicy != yamlPolicy {
		t.Errorf("updated = %+v", updated)
	}

	if err := c.DeleteEndpoint(ctx, created.ID); err != nil {
		t.Fatalf("delete: %v", err)
	}
	if _, err := c.GetEndpoint(ctx, created.ID); !IsNotFound(err) {
		t.Errorf("get after delete: %v, want not found", err)
	}
	if err := c.DeleteEndpoint(ctx, created.ID); !IsNotFound(err) {
		t.Errorf("second delete: %v, want not found", err)
	}
}

func TestMockEndpointErrors(t *testing.T) {
	t.Parallel()
	c, mock := newEndpointMock(t)
	ctx := context.Background()
	first, err := c.CreateEndpoint(ctx, &EndpointCreate{URL: "tcp://db.internal:5432", TrafficPolicy: "{}"})
	if err != nil {
		t.Fatal(err)
	}
	agent, err := mock.SeedAgentEndpoint(mockserver.AgentEndpointSeed{URL: "https://abc.ngrok.app"})
	if err != nil {
		t.Fatal(err)
	}
	https := "https://db.internal"
	desc := "x"
	for name, tc := range map[string]struct {
		call   func() error
		status int
		code   string
	}{
		"url taken": {func() error {
			_, err := c.CreateEndpoint(ctx, &EndpointCreate{URL: "tcp://DB.internal:5432", TrafficPolicy: "{}"})
			return err
		}, 409, "ERR_NGROK_18009"},
		"unreserved domain": {func() error {
			_, err := c.CreateEndpoint(ctx, &EndpointCreate{URL: "https://app.example.com", TrafficPolicy: "{}"})
			return err
		}, 400, "ERR_NGROK_18006"},
		"unparseable policy": {func() error {
			_, err := c.CreateEndpoint(ctx, &EndpointCreate{URL: "tcp://x.internal:1", TrafficPolicy: "on_http_request: ["})
			return err
		}, 400, "ERR_NGROK_18002"},
		"not cloud": {func() error {
			_, err := c.CreateEndpoint(ctx, &EndpointCreate{URL: "tcp://x.internal:1", Type: EndpointTypeEdge, TrafficPolicy: "{}"})
			return err
		}, 400, "ERR_NGROK_248"},
		"scheme change": {func() error {
			_, err := c.UpdateEndpoint(ctx, first.ID, &EndpointUpdate{URL: &https})
			return err
		}, 400, "ERR_NGROK_18005"},
		"update an agent endpoint": {func() error {
			_, err := c.UpdateEndpoint(ctx, agent, &EndpointUpdate{Description: &desc})
			return err
		}, 400, "ERR_NGROK_215"},
		"delete an agent endpoint": {func() error { return c.DeleteEndpoint(ctx, agent) }, 400, "ERR_NGROK_215"},
	} {
		err := tc.call()
		var apiErr *APIError
		if !errors.As(err, &apiErr) || apiErr.StatusCode != tc.status || apiErr.ErrorCode != tc.code || apiErr.Msg == "" {
			t.Errorf("%s: %v, want %d %s", name, err, tc.status, tc.code)
		}
	}
	if _, err := c.GetEndpoint(ctx, ""); err == nil {
		t.Error("an empty ID must be refused before any request")
	}
}

func TestMockEndpointListEveryKind(t *testing.T) {
	t.Parallel()
	c, mock := newEndpointMock(t, mockserver.WithPageSize(2))
	ctx := context.Background()
	cloud, err := c.CreateEndpoint(ctx, &EndpointCreate{URL: "http://api.internal", TrafficPolicy: "{}"})
	if err != nil {
		t.Fatal(err)
	}
	agent, err := mock.SeedAgentEndpoint(mockserver.AgentEndpointSeed{
		URL: "https://abc.ngrok.app", Name: "laptop", UpstreamURL: "http://localhost:8080",
	})
	if err != nil {
		t.Fatal(err)
	}
	edge, err := mock.SeedEdgeEndpoint(mockserver.EdgeEndpointSeed{URL: "https://shop.example.com"})
	if err != nil {
		t.Fatal(err)
	}

	var all []*Endpoint
	for e, err := range c.ListEndpoints(ctx, nil) {
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, e)
	}
	if len(all) != 3 || all[0].ID != edge || all[1].ID != agent || all[2].ID != cloud.ID {
		t.Fatalf("list over pages of 2 = %v", endpointIDs(all))
	}
	// NOTE: as the real API's, an agent endpoint has no uri, region or
	// upstream protocol, an edge endpoint no uri or url.
	if a := all[1]; a.Type != "ephemeral" || a.Tunnel == nil || a.TunnelSession == nil || a.Principal == nil ||
		a.UpstreamURL == nil || *a.UpstreamURL != "http://localhost:8080" || a.UpstreamProtocol != nil ||
		a.Name == nil || *a.Name != "laptop" || a.Region != nil || a.URI != "" || a.URL != "https://abc.ngrok.app" {
		t.Errorf("agent endpoint = %+v", a)
	}
	if e := all[0]; e.Type != "edge" || e.Edge == nil || !strings.HasPrefix(e.Edge.ID, "edghts_") || e.Tunnel != nil ||
		e.URI != "" || e.URL != "" || e.PublicURL != "https://shop.example.com" {
		t.Errorf("edge endpoint = %+v", e)
	}

	var filtered []*Endpoint
	for e, err := range c.ListEndpoints(ctx, &ListOptions{Filter: `obj.type != "cloud" && "public" in obj.bindings`, Limit: 1}) {
		if err != nil {
			t.Fatal(err)
		}
		filtered = append(filtered, e)
	}
	if ids := endpointIDs(filtered); !slices.Equal(ids, []string{edge, agent}) {
		t.Errorf("filtered list = %v, want %v", ids, []string{edge, agent})
	}
}

func endpointIDs(es []*Endpoint) []string {
	ids := make([]string, len(es))
	for i, e := range es {
		ids[i] = e.ID
	}
	return ids
}
