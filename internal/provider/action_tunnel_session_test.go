package provider

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

// actionVersionChecks gate the tests of actions, which Terraform has from
// 1.14.
var actionVersionChecks = []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_14_0)}

// actionBlock is an action of a tunnel session verb on the session id.
func actionBlock(verb, name, id string) string {
	return fmt.Sprintf("action \"ngrok_tunnel_session_%s\" %q {\n  config {\n    tunnel_session_id = %q\n  }\n}\n\n", verb, name, id)
}

// onlineSessions are the mock's tunnel sessions, newest first.
func onlineSessions(t *testing.T, mock *testMock) []*apiclient.TunnelSession {
	t.Helper()
	var out []*apiclient.TunnelSession
	for s, err := range apiclient.TunnelSessions.List(context.Background(), mock.client, nil) {
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	return out
}

// terraform apply -invoke runs one action: a stop takes the session off the
// list; an update, then a restart, brings the agent back under a new
// session ID and start time, running the newest version of its major
// version; a refused verb fails the run with the API's error. NOTE:
// terraform-plugin-testing (v1.16) has no step that invokes an action, so
// the test runs the CLI itself.
func TestAccTunnelSessionActions_invoke(t *testing.T) {
	t.Parallel()
	if os.Getenv("TF_ACC") == "" {
		t.Skip("acceptance test: set TF_ACC=1")
	}
	skipUnlessTerraform(t, actionVersionChecks[0])

	mock := newTestMock(t)
	doomed, _ := seedAgent(t, mock, mockserver.TunnelSessionSeed{Metadata: "doomed"}, "https://doomed.ngrok.app")
	old, _ := seedAgent(t, mock, mockserver.TunnelSessionSeed{Metadata: "old", AgentVersion: "3.1.0"}, "https://old.ngrok.app")
	ssh, _ := seedAgent(t, mock, mockserver.TunnelSessionSeed{Metadata: "ssh", Transport: "ssh"}, "tcp://1.tcp.ngrok.io:20000")
	before, err := apiclient.TunnelSessions.Get(context.Background(), mock.client, old)
	if err != nil {
		t.Fatal(err)
	}

	d := &terraformDir{t: t, dir: t.TempDir(), reattach: reattachedProvider(t)}
	mainTF := "terraform {\n  required_providers {\n    ngrok = { source = \"hashicorp/ngrok\" }\n  }\n}\n\n" + mock.config(
		actionBlock("stop", "doomed", doomed)+actionBlock("update", "old", old)+actionBlock("restart", "old", old)+
			actionBlock("restart", "ssh", ssh))
	if err := os.WriteFile(filepath.Join(d.dir, "main.tf"), []byte(mainTF), 0o600); err != nil {
		t.Fatal(err)
	}
	if code, out := d.run("init", "-input=false"); code != 0 {
		t.Fatalf("terraform init: %s", out)
	}
	invoke := func(address string) (int, string) {
		return d.run("apply", "-input=false", "-auto-approve", "-invoke="+address)
	}

	code, out := invoke("action.ngrok_tunnel_session_stop.doomed")
	if code != 0 {
		t.Fatalf("invoking the stop (exit %d):\n%s", code, out)
	}
	if !strings.Contains(out, "Tunnel session "+doomed+" asked to stop.") {
		t.Errorf("the stop's output shows no progress:\n%s", out)
	}
	if _, err := apiclient.TunnelSessions.Get(context.Background(), mock.client, doomed); !apiclient.IsNotFound(err) {
		t.Errorf("the stopped session is still read: %v", err)
	}
	if n := len(onlineSessions(t, mock)); n != 2 {
		t.Errorf("%d sessions online after the stop, want 2", n)
	}
	// Stopping it again finds it offline: a warning, not a failure.
	code, out = invoke("action.ngrok_tunnel_session_stop.doomed")
	if code != 0 || !strings.Contains(out, "Tunnel Session Already Offline") {
		t.Errorf("stopping a stopped session: exit %d, want 0 with a warning:\n%s", code, out)
	}

	for _, address := range []string{"action.ngrok_tunnel_session_update.old", "action.ngrok_tunnel_session_restart.old"} {
		if code, out := invoke(address); code != 0 {
			t.Fatalf("invoking %s (exit %d):\n%s", address, code, out)
		}
	}
	var restarted *apiclient.TunnelSession
	for _, s := range onlineSessions(t, mock) {
		if s.Metadata == "old" {
			restarted = s
		}
	}
	switch {
	case restarted == nil:
		t.Fatal("the restarted agent is not online")
	case restarted.ID == old:
		t.Errorf("the restarted agent kept its session ID %s", old)
	case restarted.StartedAt <= before.StartedAt:
		t.Errorf("the restarted session started at %s, not after %s", restarted.StartedAt, before.StartedAt)
	case restarted.AgentVersion == before.AgentVersion:
		t.Errorf("the updated and restarted agent still runs %s", restarted.AgentVersion)
	}

	code, out = invoke("action.ngrok_tunnel_session_restart.ssh")
	if code == 0 || !strings.Contains(out, "ERR_NGROK_1122") {
		t.Errorf("restarting an SSH session: exit %d, want a failure naming ERR_NGROK_1122:\n%s", code, out)
	}
}

// An action_trigger runs the restart when the resource it hangs on is
// created, and not again when nothing changes (the second plan is empty).
func TestAccTunnelSessionRestart_actionTrigger(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	session, tunnel := seedAgent(t, mock, mockserver.TunnelSessionSeed{Metadata: "web"}, "https://web.ngrok.app")
	config := mock.config(actionBlock("restart", "web", session) + `
resource "terraform_data" "release" {
  input = "v1"
  lifecycle {
    action_trigger {
      events  = [after_create]
      actions = [action.ngrok_tunnel_session_restart.web]
    }
  }
}
`)
	resource.Test(t, resource.TestCase{
		TerraformVersionChecks:   actionVersionChecks,
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: config,
			Check: func(*terraform.State) error {
				sessions := onlineSessions(t, mock)
				if len(sessions) != 1 || sessions[0].ID == session {
					return fmt.Errorf("after the trigger, sessions %v, want one that replaced %s", sessions, session)
				}
				tn, err := apiclient.Tunnels.Get(context.Background(), mock.client, tunnel)
				if err != nil {
					return err
				}
				if tn.TunnelSession.ID != sessions[0].ID {
					return fmt.Errorf("the tunnel is on session %s, want the restarted %s", tn.TunnelSession.ID, sessions[0].ID)
				}
				return nil
			},
		}},
	})
}

// A tunnel session ID of the wrong shape fails before anything is invoked.
func TestAccTunnelSessionAction_invalidID(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		TerraformVersionChecks:   actionVersionChecks,
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(actionBlock("stop", "x", "tn_2hHHEdGjzhqHoCeqNd9sYaUbMmT") + `
resource "terraform_data" "x" {
  lifecycle {
    action_trigger {
      events  = [after_create]
      actions = [action.ngrok_tunnel_session_stop.x]
    }
  }
}
`),
			ExpectError: regexp.MustCompile(`ts_`),
		}},
	})
}
