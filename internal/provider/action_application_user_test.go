package provider

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

// An action_trigger signs one visitor out (their session deleted, another
// user's kept) and forgets another user with their sessions.
func TestAccApplicationDeleteActions(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	seedUser := func(email string) (user, session string) {
		user, err := mock.server.SeedApplicationUser(mockserver.ApplicationUserSeed{Email: email})
		if err != nil {
			t.Fatal(err)
		}
		session, err = mock.server.SeedApplicationSession(mockserver.ApplicationSessionSeed{ApplicationUserID: user})
		if err != nil {
			t.Fatal(err)
		}
		return user, session
	}
	ada, adaSession := seedUser("ada@example.com")
	bob, bobSession := seedUser("bob@example.com")
	_, eveSession := seedUser("eve@example.com")

	resource.Test(t, resource.TestCase{
		TerraformVersionChecks:   actionVersionChecks,
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(fmt.Sprintf(`
action "ngrok_application_session_delete" "ada" {
  config {
    application_session_id = %q
  }
}

action "ngrok_application_user_delete" "bob" {
  config {
    application_user_id = %q
  }
}

resource "terraform_data" "incident" {
  input = "2026-11-25"
  lifecycle {
    action_trigger {
      events  = [after_create]
      actions = [action.ngrok_application_session_delete.ada, action.ngrok_application_user_delete.bob]
    }
  }
}
`, adaSession, bob)),
			Check: func(*terraform.State) error {
				ctx := context.Background()
				for id, gone := range map[string]bool{adaSession: true, bobSession: true, eveSession: false} {
					_, err := apiclient.ApplicationSessions.Get(ctx, mock.client, id)
					if gone != apiclient.IsNotFound(err) {
						return fmt.Errorf("session %s: %w, want gone %v", id, err, gone)
					}
				}
				if _, err := apiclient.ApplicationUsers.Get(ctx, mock.client, ada); err != nil {
					return fmt.Errorf("ada, only signed out, is gone: %w", err)
				}
				if _, err := apiclient.ApplicationUsers.Get(ctx, mock.client, bob); !apiclient.IsNotFound(err) {
					return fmt.Errorf("bob is still known: %w", err)
				}
				return nil
			},
		}},
	})
}

// Deleting what is already gone is a warning: the run succeeds.
func TestAccApplicationSessionDelete_gone(t *testing.T) {
	t.Parallel()
	if os.Getenv("TF_ACC") == "" {
		t.Skip("acceptance test: set TF_ACC=1")
	}
	skipUnlessTerraform(t, actionVersionChecks[0])
	mock := newTestMock(t)
	d := &terraformDir{t: t, dir: t.TempDir(), reattach: reattachedProvider(t)}
	mainTF := "terraform {\n  required_providers {\n    ngrok = { source = \"hashicorp/ngrok\" }\n  }\n}\n\n" + mock.config(`
action "ngrok_application_session_delete" "gone" {
  config {
    application_session_id = "appses_2hHHEdGjzhqHoCeqNd9sYaUbMmT"
  }
}
`)
	if err := os.WriteFile(filepath.Join(d.dir, "main.tf"), []byte(mainTF), 0o600); err != nil {
		t.Fatal(err)
	}
	if code, out := d.run("init", "-input=false"); code != 0 {
		t.Fatalf("terraform init: %s", out)
	}
	code, out := d.run("apply", "-input=false", "-auto-approve", "-invoke=action.ngrok_application_session_delete.gone")
	if code != 0 || !strings.Contains(out, "Application Session Already Deleted") {
		t.Errorf("deleting a deleted session: exit %d, want 0 with a warning:\n%s", code, out)
	}
}
