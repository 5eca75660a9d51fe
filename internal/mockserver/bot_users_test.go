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
	// Another collection's ID is still refused at the path.
	wantError(t, do(t, s, http.MethodGet, "/bot_users/ipp_2RfSBcv0nsy71XCHWOegjx1OoKh", ""), http.StatusBadRequest, errWrongIDPrefix.code)
}

// Bot users are service users under their older name: each path reads,
// changes and deletes the other's users by ID (ngrok/ngrok v0.8's
// ngrok_service_user made bot_ users through /bot_users), with the rules of
// the user's own table.
func TestBotUserIsServiceUserByID(t *testing.T) {
	t.Parallel()
	s := New()
	bot := createUser(t, s, collBotUsers, `{"name":"deploy"}`)
	createUser(t, s, collBotUsers, `{"name":"taken"}`)
	svc := createUser(t, s, collServiceUsers, `{"name":"ci"}`)

	w := do(t, s, http.MethodGet, "/service_users/"+bot.ID, "")
	wantStatus(t, w, http.StatusOK)
	if got := decodeBody[serviceUserWire](t, w); got.ID != bot.ID || got.Name != "deploy" || got.URI != "http://example.com/service_users/"+bot.ID {
		t.Errorf("the bot user at /service_users: %+v", got)
	}
	w = do(t, s, http.MethodPatch, "/service_users/"+bot.ID, `{"active":false}`)
	wantStatus(t, w, http.StatusOK)
	if got := decodeBody[serviceUserWire](t, do(t, s, http.MethodGet, "/bot_users/"+bot.ID, "")); got.Active {
		t.Errorf("deactivated at /service_users, still active at /bot_users: %+v", got)
	}
	// The name is unique among the bot users, the user's own table.
	wantError(t, do(t, s, http.MethodPatch, "/service_users/"+bot.ID, `{"name":"taken"}`), http.StatusConflict, errUserNameTaken.code)
	wantStatus(t, do(t, s, http.MethodPatch, "/service_users/"+bot.ID, `{"name":"ci"}`), http.StatusOK)

	wantStatus(t, do(t, s, http.MethodGet, "/bot_users/"+svc.ID, ""), http.StatusOK)
	wantStatus(t, do(t, s, http.MethodDelete, "/service_users/"+bot.ID, ""), http.StatusNoContent)
	wantError(t, do(t, s, http.MethodGet, "/bot_users/"+bot.ID, ""), http.StatusNotFound, "")
	wantStatus(t, do(t, s, http.MethodDelete, "/bot_users/"+svc.ID, ""), http.StatusNoContent)
	wantError(t, do(t, s, http.MethodGet, "/service_users/"+svc.ID, ""), http.StatusNotFound, "")
}
