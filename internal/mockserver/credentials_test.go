package mockserver

import (
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"
)

var tokenPattern = regexp.MustCompile(`^[0-9A-Za-z]{27}_[0-9A-Za-z]{21}$`)

type credentialList struct {
	Items []CredentialWire `json:"credentials"`
}

func TestCredentialTokenOnlyInCreate(t *testing.T) {
	t.Parallel()
	s := New()
	w := do(t, s, http.MethodPost, "/credentials", `{"description":"ci","acl":["bind:*.example.com"]}`)
	wantStatus(t, w, http.StatusCreated)
	created := decodeBody[CredentialWire](t, w)
	if created.Token == nil || !tokenPattern.MatchString(*created.Token) {
		t.Fatalf("create's token = %v, want 27 base-62 characters, _ and 21 more", created.Token)
	}
	if created.OwnerID != mockUserID || !slices.Equal(created.ACL, []string{"bind:*.example.com"}) {
		t.Errorf("created = %+v", created)
	}
	one := "/credentials/" + created.ID
	got := decodeBody[CredentialWire](t, do(t, s, http.MethodGet, one, ""))
	if got.Token != nil {
		t.Errorf("get shows the token; only the create may")
	}
	page := decodeBody[credentialList](t, do(t, s, http.MethodGet, "/credentials", ""))
	if len(page.Items) != 1 || page.Items[0].Token != nil {
		t.Errorf("list = %+v, want the credential without its token", page)
	}
	// The server keeps only the token's hash.
	tbl, ok := s.store.tables[collCredentials].(*table[credential])
	if !ok {
		t.Fatalf("the credentials table is a %T", s.store.tables[collCredentials])
	}
	stored, err := tbl.get(created.ID)
	if err != nil || stored.TokenSHA256 != tokenHash(*created.Token) {
		t.Errorf("stored = %+v, %v; want the token's SHA-256", stored, err)
	}
}

func TestCredentialACLPatch(t *testing.T) {
	t.Parallel()
	s := New()
	created := decodeBody[CredentialWire](t, do(t, s, http.MethodPost, "/credentials", `{"acl":["bind:a.example.com","bind:env=prod"]}`))
	one := "/credentials/" + created.ID
	w := do(t, s, http.MethodPatch, one, `{"description":"x"}`)
	wantStatus(t, w, http.StatusOK)
	if got := decodeBody[CredentialWire](t, w); len(got.ACL) != 2 {
		t.Errorf("a PATCH without acl changed it: %v", got.ACL)
	}
	w = do(t, s, http.MethodPatch, one, `{"acl":[]}`)
	wantStatus(t, w, http.StatusOK)
	if got := decodeBody[CredentialWire](t, w); got.ACL == nil || len(got.ACL) != 0 {
		t.Errorf("acl after [] = %v, want []", got.ACL)
	}
	wantError(t, do(t, s, http.MethodPatch, one, `{"owner_id":"usr_2mockAccountUser00000000001"}`), http.StatusBadRequest, "ERR_NGROK_214")
}

func TestCredentialValidation(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ body, code string }{
		{`{"acl":["allow:x.example.com"]}`, "ERR_NGROK_600"},
		{`{"acl":["bind:"]}`, "ERR_NGROK_600"},
		{`{"acl":["bind:-bad.example.com"]}`, "ERR_NGROK_600"},
		{`{"acl":["bind:a.*.example.com"]}`, "ERR_NGROK_600"},
		{`{"acl":["bind:1.tcp.ngrok.io:0"]}`, "ERR_NGROK_600"},
		{`{"acl":["bind:=x"]}`, "ERR_NGROK_600"},
		{`{"acl":["bind:a b=c"]}`, "ERR_NGROK_600"},
		{`{"owner_id":"usr_short"}`, "ERR_NGROK_243"},
		{`{"owner_id":"ak_2mockAccountUser00000000000"}`, "ERR_NGROK_243"},
		{`{"owner_id":"bot_2mockAccountUser00000000000"}`, "ERR_NGROK_634"},
		{`{"owner_id":"usr_2someOtherUser0000000000000"}`, "ERR_NGROK_634"},
		{`{"description":"` + strings.Repeat("d", maxDescriptionBytes+1) + `"}`, "ERR_NGROK_604"},
	} {
		wantError(t, do(t, New(), http.MethodPost, "/credentials", tc.body), http.StatusBadRequest, tc.code)
	}
	for _, rule := range []string{"*", "bind:*", "bind:example.com", "bind:*.example.com", "bind:alias1.internal",
		"bind:1.tcp.ngrok.io:12345", "bind:*=example", "bind:edge=*", "bind:team=net-ops"} {
		w := do(t, New(), http.MethodPost, "/credentials", `{"acl":["`+rule+`"],"owner_id":"`+mockUserID+`"}`)
		wantStatus(t, w, http.StatusCreated)
	}
}

func TestCredentialListFilter(t *testing.T) {
	t.Parallel()
	s := New()
	do(t, s, http.MethodPost, "/credentials", `{"description":"a","acl":["bind:a.example.com"]}`)
	do(t, s, http.MethodPost, "/credentials", `{"description":"b"}`)
	page := decodeBody[credentialList](t, do(t, s, http.MethodGet, `/credentials?filter=`+
		"%22bind%3Aa.example.com%22%20in%20obj.acl", ""))
	if len(page.Items) != 1 || page.Items[0].Description != "a" {
		t.Errorf("filtered list = %+v, want the credential a alone", page.Items)
	}
}

// owner_id names a user of the account: its person, a service user or a
// bot user, for authtokens, API keys and SSH credentials alike; another is
// ERR_NGROK_634 [real code], a user that was deleted included.
func TestOwnerMustExist(t *testing.T) {
	t.Parallel()
	s := New()
	svc := createUser(t, s, collServiceUsers, `{"name":"ci"}`)
	bot := createUser(t, s, collBotUsers, `{"name":"deploy"}`)
	gone := createUser(t, s, collServiceUsers, `{"name":"gone"}`)
	wantStatus(t, do(t, s, http.MethodDelete, "/service_users/"+gone.ID, ""), http.StatusNoContent)
	bodies := map[string]func(owner string) string{
		"/credentials": func(owner string) string { return `{"owner_id":"` + owner + `"}` },
		"/api_keys":    func(owner string) string { return `{"owner_id":"` + owner + `"}` },
		"/ssh_credentials": func(owner string) string {
			return `{"public_key":"` + fuzzSSHKey + `","owner_id":"` + owner + `"}`
		},
	}
	for path, body := range bodies {
		for _, owner := range []string{mockUserID, svc.ID, bot.ID} {
			w := do(t, s, http.MethodPost, path, body(owner))
			wantStatus(t, w, http.StatusCreated)
			if got := decodeBody[struct {
				OwnerID string `json:"owner_id"`
			}](t, w).OwnerID; got != owner {
				t.Errorf("%s owned by %s: owner_id %q", path, owner, got)
			}
		}
		for _, owner := range []string{gone.ID, "bot_" + gone.ID[len("service_"):], "usr_2someOtherUser0000000000000"} {
			w := do(t, s, http.MethodPost, path, body(owner))
			wantError(t, w, http.StatusBadRequest, errUnknownOwner.code)
		}
	}
}

// Deleting a service or bot user deletes what it owns [real: ngrok's
// docs]: its API keys stop authenticating; the others' are kept.
func TestDeletingUserDeletesWhatItOwns(t *testing.T) {
	t.Parallel()
	s := New()
	for _, coll := range []string{collServiceUsers, collBotUsers} {
		u := createUser(t, s, coll, `{"name":"owner"}`)
		cred := decodeBody[CredentialWire](t, do(t, s, http.MethodPost, "/credentials", `{"owner_id":"`+u.ID+`"}`))
		key := decodeBody[APIKeyWire](t, do(t, s, http.MethodPost, "/api_keys", `{"owner_id":"`+u.ID+`"}`))
		ssh := decodeBody[SSHCredentialWire](t, do(t, s, http.MethodPost, "/ssh_credentials",
			`{"public_key":"`+fuzzSSHKey+`","owner_id":"`+u.ID+`"}`))
		kept := decodeBody[CredentialWire](t, do(t, s, http.MethodPost, "/credentials", `{}`))
		bearer := withHeader("Authorization", "Bearer "+*key.Token)
		wantStatus(t, do(t, s, http.MethodGet, "/credentials", "", bearer), http.StatusOK)

		wantStatus(t, do(t, s, http.MethodDelete, "/"+coll+"/"+u.ID, ""), http.StatusNoContent)
		for _, path := range []string{"/credentials/" + cred.ID, "/api_keys/" + key.ID, "/ssh_credentials/" + ssh.ID} {
			wantError(t, do(t, s, http.MethodGet, path, ""), http.StatusNotFound, "")
		}
		wantStatus(t, do(t, s, http.MethodGet, "/credentials/"+kept.ID, ""), http.StatusOK)
		wantError(t, do(t, s, http.MethodGet, "/credentials", "", bearer), http.StatusForbidden, errUnknownAPIKey.code)
	}
}
