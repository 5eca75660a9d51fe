package mockserver

import (
	"net/http"
	"testing"
)

func TestBotUserCreateAndRules(t *testing.T) {
	t.Parallel()
	s := New()
	u := createUser(t, s, collBotUsers, `{"name":"deploy","active":false}`)
	if !wellFormedID(u.ID, prefixBotUser) || u.Active || u.URI != "http://example.com/bot_users/"+u.ID {
		t.Errorf("created %+v", u)
	}
	wantError(t, do(t, s, http.MethodPost, "/bot_users", `{"name":"deploy"}`), http.StatusConflict, errUserNameTaken.code)
	// The bot user is not a service user.
	wantError(t, do(t, s, http.MethodGet, "/service_users/"+u.ID, ""), http.StatusBadRequest, errWrongIDPrefix.code)
}
