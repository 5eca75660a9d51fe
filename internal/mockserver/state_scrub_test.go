package mockserver

import (
	"bytes"
	"encoding/base64"
	"net/http"
	"os"
	"path/filepath"
	"testing"
)

// fileHolds reports whether the raw bytes of the file at path hold secret.
func fileHolds(t *testing.T, path string, secret []byte) bool {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return bytes.Contains(data, secret)
}

// caKeyInFile returns the form in which the state file holds a CA's
// private key (its PKCS #8 DER in base64, as encoding/json writes it).
func caKeyInFile(t *testing.T, s *Server, id string) []byte {
	t.Helper()
	ca, aerr := s.sshCAs.get(id)
	if aerr != nil {
		t.Fatal(aerr.msg)
	}
	return []byte(base64.StdEncoding.EncodeToString(ca.PrivateKey))
}

// A deleted authority's private key is gone from the raw bytes of the
// state file (issue 19, item 10: it stayed in a free page until reused);
// without the scrub it stays, which is what makes the check meaningful.
func TestStateDeletedKeyLeavesTheFile(t *testing.T) {
	t.Parallel()
	for _, scrub := range []bool{true, false} {
		path := filepath.Join(t.TempDir(), "state")
		s := openState(t, path)
		s.persist.noScrub = !scrub
		kept := createCA(t, s, `{"private_key_type":"ed25519"}`)
		deleted := createCA(t, s, `{"private_key_type":"ecdsa"}`)
		keptKey, deletedKey := caKeyInFile(t, s, kept.ID), caKeyInFile(t, s, deleted.ID)
		if !fileHolds(t, path, deletedKey) {
			t.Fatal("the state file does not hold the key before the delete: the check below proves nothing")
		}
		wantStatus(t, do(t, s, http.MethodDelete, "/ssh_certificate_authorities/"+deleted.ID, ""), http.StatusNoContent)
		if got := fileHolds(t, path, deletedKey); got == scrub {
			t.Errorf("scrub %v: the state file holds the deleted authority's private key: %v", scrub, got)
		}
		if !fileHolds(t, path, keptKey) {
			t.Errorf("scrub %v: the kept authority's key is gone from the state file", scrub)
		}
		// The file is still sound: a restart has the kept authority.
		s2 := restart(t, s, path)
		if _, aerr := s2.sshCAs.get(kept.ID); aerr != nil {
			t.Errorf("scrub %v: after restart: %s", scrub, aerr.msg)
		}
	}
}

// A deleted OIDC module's client secret, and a replaced one, are gone from
// the state file (issue 19, item 10: the recorded PUT body kept it).
func TestStateDeletedOIDCSecretLeavesTheFile(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "state")
	s := openState(t, path)
	edge, err := s.SeedHTTPSEdge(HTTPSEdgeSeed{Hostports: []string{"app.example.com:443"}})
	if err != nil {
		t.Fatal(err)
	}
	route, err := s.SeedHTTPSEdgeRoute(edge, HTTPSEdgeRouteSeed{Match: "/"})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SaveState(); err != nil {
		t.Fatal(err)
	}
	module := "/edges/https/" + edge + "/routes/" + route + "/oidc"
	body := func(secret string) string {
		return `{"issuer":"https://accounts.example.com","client_id":"app","client_secret":"` + secret + `"}`
	}
	const first, second = "first-client-secret-5d1e0c", "second-client-secret-9a7b44"
	wantStatus(t, do(t, s, http.MethodPut, module, body(first)), http.StatusOK)
	wantStatus(t, do(t, s, http.MethodPut, module, body(second)), http.StatusOK)
	if fileHolds(t, path, []byte(first)) {
		t.Error("the state file holds the replaced client secret")
	}
	if !fileHolds(t, path, []byte(second)) {
		t.Fatal("the state file does not hold the client secret in use: the check below proves nothing")
	}
	wantStatus(t, do(t, s, http.MethodDelete, module, ""), http.StatusNoContent)
	if fileHolds(t, path, []byte(second)) {
		t.Error("the state file holds the deleted module's client secret")
	}
}

// A Reset frees every page of the objects; none keeps a private key.
func TestStateResetLeavesNoKey(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "state")
	s := openState(t, path)
	var keys [][]byte
	for range 20 {
		keys = append(keys, caKeyInFile(t, s, createCA(t, s, `{"private_key_type":"ecdsa"}`).ID))
	}
	wantStatus(t, do(t, s, http.MethodPost, "/_mock/reset", ""), http.StatusNoContent)
	for i, key := range keys {
		if fileHolds(t, path, key) {
			t.Errorf("after Reset the state file holds the private key of authority %d", i)
		}
	}
}

// The free pages a file of an earlier version left with secrets in them
// are cleared at the first commit.
func TestStateFirstCommitClearsOldFreePages(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "state")
	s := openState(t, path)
	s.persist.noScrub = true // what an earlier version wrote
	deleted := createCA(t, s, `{}`)
	key := caKeyInFile(t, s, deleted.ID)
	wantStatus(t, do(t, s, http.MethodDelete, "/ssh_certificate_authorities/"+deleted.ID, ""), http.StatusNoContent)
	if !fileHolds(t, path, key) {
		t.Fatal("the file written without clearing does not hold the deleted key: the check below proves nothing")
	}
	s = restart(t, s, path)
	if !fileHolds(t, path, key) {
		t.Fatal("the start wrote to the file before any change")
	}
	createCA(t, s, `{}`)
	if fileHolds(t, path, key) {
		t.Error("the first commit left the deleted key in a free page")
	}
}
