package apiclient

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
	"github.com/tfedge/terraform-provider-ngrok/internal/specvalidate"
)

// Against the mock (its traffic validated against ngrok's spec): sessions
// and tunnels list and read, and the three verbs answer 204 with their
// effects; a refused verb is an APIError with the API's code.
func TestMockTunnelSessionVerbs(t *testing.T) {
	t.Parallel()
	c, mock := newEndpointMock(t)
	ctx := context.Background()
	doomed, err := mock.SeedTunnelSession(mockserver.TunnelSessionSeed{Metadata: "doomed"})
	if err != nil {
		t.Fatal(err)
	}
	agent, err := mock.SeedTunnelSession(mockserver.TunnelSessionSeed{Metadata: "agent", AgentVersion: "2.3.40",
		CredentialID: "cr_2hHHEdGjzhqHoCeqNd9sYaUbMmT"})
	if err != nil {
		t.Fatal(err)
	}
	tunnel, err := mock.SeedTunnel(mockserver.TunnelSeed{TunnelSessionID: agent, PublicURL: "tls://a.example.com"})
	if err != nil {
		t.Fatal(err)
	}
	got, err := TunnelSessions.Get(ctx, c, agent)
	if err != nil || got.Credential == nil || got.Credential.ID != "cr_2hHHEdGjzhqHoCeqNd9sYaUbMmT" || got.AgentVersion != "2.3.40" {
		t.Fatalf("get = %+v, %v", got, err)
	}
	if l := listAll(t, c, TunnelSessions, &ListOptions{Filter: `obj.metadata == "agent"`}); len(l) != 1 || l[0].ID != agent {
		t.Errorf("filtered list = %v", l)
	}

	if err := StopTunnelSession(ctx, c, doomed); err != nil {
		t.Fatal(err)
	}
	if _, err := TunnelSessions.Get(ctx, c, doomed); !IsNotFound(err) {
		t.Errorf("stopped session: %v, want 404", err)
	}
	if err := StopTunnelSession(ctx, c, doomed); !IsNotFound(err) {
		t.Errorf("stopping it again: %v, want 404", err)
	}

	if err := UpdateTunnelSession(ctx, c, agent); err != nil {
		t.Fatal(err)
	}
	var apiErr *APIError
	if err := UpdateTunnelSession(ctx, c, agent); !errors.As(err, &apiErr) || apiErr.ErrorCode != "ERR_NGROK_806" {
		t.Errorf("a second update before the restart: %v, want ERR_NGROK_806", err)
	}
	if err := RestartTunnelSession(ctx, c, agent); err != nil {
		t.Fatal(err)
	}
	sessions := listAll(t, c, TunnelSessions, nil)
	if len(sessions) != 1 || sessions[0].ID == agent || sessions[0].AgentVersion != "2.3.41" {
		t.Fatalf("after update and restart: %+v, want one new session running 2.3.41", sessions)
	}
	tn, err := Tunnels.Get(ctx, c, tunnel)
	if err != nil || tn.TunnelSession.ID != sessions[0].ID || tn.Proto != "tls" {
		t.Errorf("tunnel after restart = %+v, %v", tn, err)
	}

	ssh, err := mock.SeedTunnelSession(mockserver.TunnelSessionSeed{Transport: "ssh"})
	if err != nil {
		t.Fatal(err)
	}
	if err := RestartTunnelSession(ctx, c, ssh); !errors.As(err, &apiErr) || apiErr.ErrorCode != "ERR_NGROK_1122" {
		t.Errorf("restarting an SSH session: %v, want ERR_NGROK_1122", err)
	}
	if err := RestartTunnelSession(ctx, c, ""); err == nil {
		t.Error("a restart without an ID was sent")
	}
}

// A restart whose answer is lost is retried under its Idempotency-Key and
// replayed: the agent restarts once.
func TestMockTunnelSessionRestartRetriedOnce(t *testing.T) {
	t.Parallel()
	mock := mockserver.New(mockserver.WithAPIKeys(testKey))
	srv := httptest.NewServer(specvalidate.Handler(t, mock))
	t.Cleanup(srv.Close)
	// NOTE: the test client's backoff is recorded, not slept.
	c, _ := newTestClient(t, srv.URL)
	id, err := mock.SeedTunnelSession(mockserver.TunnelSessionSeed{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := mock.AddFault(mockserver.FaultRule{Method: http.MethodPost, Path: "/tunnel_sessions/*/restart", Times: 1, DropResponse: true}); err != nil {
		t.Fatal(err)
	}
	if err := RestartTunnelSession(context.Background(), c, id); err != nil {
		t.Fatal(err)
	}
	if l := listAll(t, c, TunnelSessions, nil); len(l) != 1 || l[0].ID == id {
		t.Errorf("after a retried restart: %+v, want one session replacing %s", l, id)
	}
}
