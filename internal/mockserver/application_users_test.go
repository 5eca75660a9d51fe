package mockserver

import (
	"net/http"
	"testing"
)

func TestApplicationUsersAndSessions(t *testing.T) {
	t.Parallel()
	s := New()
	u, err := s.SeedApplicationUser(ApplicationUserSeed{Email: "ada@example.com"})
	if err != nil {
		t.Fatal(err)
	}
	sess, err := s.SeedApplicationSession(ApplicationSessionSeed{ApplicationUserID: u})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.SeedApplicationSession(ApplicationSessionSeed{ApplicationUserID: "appusr_2hHHEdGjzhqHoCeqNd9sYaUbMmT"}); err == nil {
		t.Error("a session of an unknown user was seeded")
	}
	w := do(t, s, http.MethodGet, "/app/users", "")
	wantStatus(t, w, http.StatusOK)
	if got := decodeBody[struct {
		Users []applicationUserWire `json:"application_users"`
	}](t, w).Users; len(got) != 1 || got[0].Email != "ada@example.com" {
		t.Errorf("users = %+v", got)
	}
	w = do(t, s, http.MethodGet, "/app/sessions/"+sess, "")
	wantStatus(t, w, http.StatusOK)
	if got := decodeBody[applicationSessionWire](t, w); got.ApplicationUser.ID != u {
		t.Errorf("session's user = %s, want %s", got.ApplicationUser.ID, u)
	}
	wantRouteNotFound(t, do(t, s, http.MethodPatch, "/app/users/"+u, `{}`), "/app/users/"+u)
	// Deleting the user takes its sessions.
	wantStatus(t, do(t, s, http.MethodDelete, "/app/users/"+u, ""), http.StatusNoContent)
	wantError(t, do(t, s, http.MethodGet, "/app/sessions/"+sess, ""), http.StatusNotFound, "")
	wantError(t, do(t, s, http.MethodDelete, "/app/users/"+u, ""), http.StatusNotFound, "")
}
