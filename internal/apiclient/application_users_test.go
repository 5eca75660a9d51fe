package apiclient

import (
	"context"
	"testing"

	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

// Application users and sessions list, read and delete; a user's deletion
// takes its sessions.
func TestMockApplicationUsersAndSessions(t *testing.T) {
	t.Parallel()
	c, mock := newEndpointMock(t)
	ctx := context.Background()
	user, err := mock.SeedApplicationUser(mockserver.ApplicationUserSeed{Email: "ada@example.com"})
	if err != nil {
		t.Fatal(err)
	}
	session, err := mock.SeedApplicationSession(mockserver.ApplicationSessionSeed{ApplicationUserID: user, CountryCode: "GB"})
	if err != nil {
		t.Fatal(err)
	}
	u, err := ApplicationUsers.Get(ctx, c, user)
	if err != nil || u.Email != "ada@example.com" || u.URI != c.BaseURL()+"/app/users/"+user {
		t.Errorf("user = %+v, %v", u, err)
	}
	if l := listAll(t, c, ApplicationSessions, nil); len(l) != 1 || l[0].ApplicationUser == nil || l[0].ApplicationUser.ID != user ||
		l[0].BrowserSession.Location.CountryCode != "GB" {
		t.Errorf("sessions = %+v", l)
	}
	other, err := mock.SeedApplicationSession(mockserver.ApplicationSessionSeed{ApplicationUserID: user})
	if err != nil {
		t.Fatal(err)
	}
	if err := ApplicationSessions.Delete(ctx, c, other); err != nil {
		t.Fatal(err)
	}
	if l := listAll(t, c, ApplicationSessions, nil); len(l) != 1 || l[0].ID != session {
		t.Errorf("after deleting %s, sessions = %+v", other, l)
	}
	if err := ApplicationUsers.Delete(ctx, c, user); err != nil {
		t.Fatal(err)
	}
	if _, err := ApplicationSessions.Get(ctx, c, session); !IsNotFound(err) {
		t.Errorf("the deleted user's session: %v, want 404", err)
	}
	if err := ApplicationSessions.Delete(ctx, c, session); !IsNotFound(err) {
		t.Errorf("deleting it: %v, want 404", err)
	}
}
