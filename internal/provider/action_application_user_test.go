package provider

import (
	"context"
	"fmt"
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
