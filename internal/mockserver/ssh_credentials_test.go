package mockserver

import (
	"crypto/ed25519"
	"crypto/rand"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/crypto/ssh"
)

func testAuthorizedKey(t *testing.T) string {
	t.Helper()
	pub, _, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	sp, err := ssh.NewPublicKey(pub)
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(ssh.MarshalAuthorizedKey(sp))) + " me@laptop"
}

func TestSSHCredentialCreatePatch(t *testing.T) {
	t.Parallel()
	s := New()
	key := testAuthorizedKey(t)
	w := do(t, s, http.MethodPost, "/ssh_credentials", `{"public_key":`+strconv.Quote(key+"\n")+`,"acl":["bind:ssh.example.com"]}`)
	wantStatus(t, w, http.StatusCreated)
	created := decodeBody[SSHCredentialWire](t, w)
	if created.PublicKey != key || created.OwnerID != mockUserID || len(created.ACL) != 1 {
		t.Errorf("created = %+v", created)
	}
	one := "/ssh_credentials/" + created.ID
	w = do(t, s, http.MethodPatch, one, `{"acl":[]}`)
	wantStatus(t, w, http.StatusOK)
	if got := decodeBody[SSHCredentialWire](t, w); len(got.ACL) != 0 || got.PublicKey != key {
		t.Errorf("patched = %+v", got)
	}
	wantError(t, do(t, s, http.MethodPatch, one, `{"public_key":"x"}`), http.StatusBadRequest, "ERR_NGROK_214")
	wantStatus(t, do(t, s, http.MethodDelete, one, ""), http.StatusNoContent)
}

func TestSSHCredentialValidation(t *testing.T) {
	t.Parallel()
	key := testAuthorizedKey(t)
	for body, code := range map[string]string{
		`{}`:                                     "ERR_NGROK_611",
		`{"public_key":"ssh-ed25519 notbase64"}`: "ERR_NGROK_612",
		`{"public_key":` + strconv.Quote(`command="ls" `+key) + `}`: "ERR_NGROK_612",
		`{"public_key":` + strconv.Quote(key+"\n"+key) + `}`:        "ERR_NGROK_612",
	} {
		wantError(t, do(t, New(), http.MethodPost, "/ssh_credentials", body), http.StatusBadRequest, code)
	}
	wantError(t, do(t, New(), http.MethodPost, "/ssh_credentials", `{"public_key":`+strconv.Quote(key)+`,"acl":["bind"]}`),
		http.StatusBadRequest, "ERR_NGROK_600")
}
