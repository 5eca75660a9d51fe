package mockserver

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"go.etcd.io/bbolt"
)

// restart closes s and returns a new server over the same state file:
// what a restart after kill -9 sees (every change was committed before it
// was answered, so closing adds nothing to the file).
func restart(t *testing.T, s *Server, path string, opts ...Option) *Server {
	t.Helper()
	closeServer(t, s)
	return openState(t, path, opts...)
}

// openState starts a server on the state file at path, closed when the
// test ends.
func openState(t *testing.T, path string, opts ...Option) *Server {
	t.Helper()
	s := New(append(opts, WithStateFile(path))...)
	if err := s.LoadStateFile(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s
}

// reload writes s's whole state to a new state file and returns a new
// server (with opts) started from it.
func reload(t *testing.T, s *Server, opts ...Option) *Server {
	t.Helper()
	path := filepath.Join(t.TempDir(), "state")
	saved, dirty := s.persist, s.store.dirty
	s.persist = &persister{path: path, lockTimeout: lockTimeout}
	err := s.openStateLocked(false)
	if err == nil {
		if err = s.commitLocked(); err == nil {
			err = s.persist.publishLocked()
		}
	}
	err = errors.Join(err, s.persist.closeDBLocked())
	s.persist, s.store.dirty = saved, dirty
	if err != nil {
		t.Fatal(err)
	}
	return openState(t, path, opts...)
}

// Every table must survive a state file: a stored type with a field that
// encoding/json skips would silently lose it on restart.
func TestEveryTableIsPersistable(t *testing.T) {
	t.Parallel()
	s := New()
	if len(s.store.tables) == 0 {
		t.Fatal("no tables registered")
	}
	for name, tb := range s.store.tables {
		if err := tb.persistable(); err != nil {
			t.Errorf("table %s: %v", name, err)
		}
	}
}

func TestStateFileRoundTrip(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "state")
	// NOTE: no LoadStateFile: the first change creates the file.
	s := New(WithStateFile(path))
	ca := createCA(t, s, `{"private_key_type":"ecdsa","description":"kept"}`)
	deleted := createCA(t, s, `{}`)
	wantStatus(t, do(t, s, http.MethodDelete, "/ssh_certificate_authorities/"+deleted.ID, ""), http.StatusNoContent)
	replayed := do(t, s, http.MethodPost, "/ssh_certificate_authorities", `{"description":"once"}`, withHeader("Idempotency-Key", "k1"))
	wantStatus(t, replayed, http.StatusCreated)

	s2 := restart(t, s, path)
	before := do(t, s, http.MethodGet, "/ssh_certificate_authorities", "").Body.String()
	after := do(t, s2, http.MethodGet, "/ssh_certificate_authorities", "").Body.String()
	if before != after {
		t.Errorf("list after restart differs:\nbefore %s\nafter  %s", before, after)
	}
	wantStatus(t, do(t, s2, http.MethodGet, "/ssh_certificate_authorities/"+deleted.ID, ""), http.StatusNotFound)
	// The restored authority still signs with the same key: its public key is unchanged
	// and a later issue's signing uses the restored private key.
	got := decodeBody[sshCAWire](t, do(t, s2, http.MethodGet, "/ssh_certificate_authorities/"+ca.ID, ""))
	if got.PublicKey != ca.PublicKey {
		t.Errorf("public key changed across restart")
	}
	restored, aerr := s2.sshCAs.get(ca.ID)
	if aerr != nil {
		t.Fatal(aerr.msg)
	}
	if _, err := restored.signer(); err != nil {
		t.Fatalf("private key not restored: %v", err)
	}
	// A create retried with the same Idempotency-Key after the restart is replayed, not repeated.
	again := do(t, s2, http.MethodPost, "/ssh_certificate_authorities", `{"description":"once"}`, withHeader("Idempotency-Key", "k1"))
	wantStatus(t, again, http.StatusCreated)
	if !bytes.Equal(again.Body.Bytes(), replayed.Body.Bytes()) {
		t.Errorf("replay after restart = %s, want %s", again.Body, replayed.Body)
	}
	if n := s2.sshCAs.len(); n != 2 {
		t.Errorf("%d authorities after restart and replay, want 2", n)
	}
	// New objects after a restart continue the order: newest first still holds.
	newer := createCA(t, s2, `{}`)
	page := decodeBody[struct {
		CAs []sshCAWire `json:"ssh_certificate_authorities"`
	}](t, do(t, s2, http.MethodGet, "/ssh_certificate_authorities", ""))
	if list := page.CAs; len(list) != 3 || list[0].ID != newer.ID {
		t.Errorf("list after restart and create = %v, want %s first", list, newer.ID)
	}
}

// Updates, deletes and a Reset are committed like creates.
func TestStateFileKeepsUpdatesDeletesAndReset(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "state")
	s := openState(t, path)
	a := createCA(t, s, `{"description":"a"}`)
	b := createCA(t, s, `{"description":"b"}`)
	wantStatus(t, do(t, s, http.MethodPatch, "/ssh_certificate_authorities/"+a.ID, `{"description":"a2"}`), http.StatusOK)
	wantStatus(t, do(t, s, http.MethodDelete, "/ssh_certificate_authorities/"+b.ID, ""), http.StatusNoContent)

	s = restart(t, s, path)
	if got := decodeBody[sshCAWire](t, do(t, s, http.MethodGet, "/ssh_certificate_authorities/"+a.ID, "")); got.Description != "a2" {
		t.Errorf("description after restart = %q, want a2", got.Description)
	}
	wantStatus(t, do(t, s, http.MethodGet, "/ssh_certificate_authorities/"+b.ID, ""), http.StatusNotFound)

	wantStatus(t, do(t, s, http.MethodPost, "/_mock/reset", ""), http.StatusNoContent)
	c := createCA(t, s, `{"description":"after reset"}`)
	s = restart(t, s, path)
	if ids, _ := collect(t, s, "/ssh_certificate_authorities"); len(ids) != 1 || ids[0] != c.ID {
		t.Errorf("after reset and restart: %v, want only %s", ids, c.ID)
	}
}

func TestStateFileMissingIsEmpty(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "none")
	s := New(WithStateFile(path))
	if err := s.LoadStateFile(); err != nil {
		t.Fatalf("a missing state file must mean an empty server: %v", err)
	}
	defer closeServer(t, s)
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if mode := fi.Mode().Perm(); mode != 0o600 {
		t.Errorf("state file mode = %o, want 600: it holds private keys", mode)
	}
}

func TestStateFileRefusesGarbage(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	otherFormat := filepath.Join(dir, "other-format")
	unknownBucket := filepath.Join(dir, "unknown-bucket")
	badRow := filepath.Join(dir, "bad-row")
	writeDB(t, otherFormat, func(tx *bbolt.Tx) error {
		b, err := tx.CreateBucketIfNotExists(bucketMeta)
		if err != nil {
			return err
		}
		return b.Put(keyFormat, []byte("99"))
	})
	writeDB(t, unknownBucket, func(tx *bbolt.Tx) error {
		_, err := tx.CreateBucket([]byte("widgets"))
		return err
	})
	writeDB(t, badRow, func(tx *bbolt.Tx) error {
		b, err := tx.CreateBucket([]byte(collSSHCAs))
		if err != nil {
			return err
		}
		return b.Put([]byte("sshca_2RfSBcv0nsy71XCHWOegjx1OoKh"), []byte(`{"id":`))
	})
	cases := map[string]string{
		"database of another format":          otherFormat,
		"database with an unknown collection": unknownBucket,
		"database with a bad row":             badRow,
	}
	for name, content := range map[string]string{
		"not json":           "{",
		"other version":      `{"version":99,"seq":0,"tables":{}}`,
		"unknown collection": `{"version":1,"seq":0,"tables":{"widgets":{"rows":[]}}}`,
		"neither":            strings.Repeat("not a database ", 1000),
	} {
		path := filepath.Join(dir, strings.ReplaceAll(name, " ", "-"))
		if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		cases[name] = path
	}
	for name, path := range cases {
		before, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		s := New(WithStateFile(path))
		// NOTE: stored directly: a change through the API would commit, and
		// so write the file before it is loaded.
		kept, aerr := s.sshCAs.insert(func(id string) sshCA { return sshCA{ID: id} })
		if aerr != nil {
			t.Fatal(aerr.msg)
		}
		if err := s.LoadStateFile(); err == nil {
			t.Errorf("%s: LoadStateFile succeeded, want an error", name)
		} else if _, aerr := s.sshCAs.get(kept.ID); aerr != nil {
			t.Errorf("%s: the failed load changed the server", name)
		}
		_ = s.Close()
		if after, err := os.ReadFile(path); err != nil || !bytes.Equal(after, before) {
			t.Errorf("%s: the refused file changed (%v)", name, err)
		}
	}
}

// writeDB makes a bbolt file with what fill writes.
func writeDB(t *testing.T, path string, fill func(*bbolt.Tx) error) {
	t.Helper()
	db, err := bbolt.Open(path, stateFileMode, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Update(fill); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
}

func TestStateFileInUse(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "state")
	openState(t, path)
	err := New(WithStateFile(path)).LoadStateFile()
	if err == nil || !strings.Contains(err.Error(), "in use") {
		t.Errorf("second LoadStateFile on a held file = %v, want an error saying it is in use", err)
	}
}

func TestStateClosedRefusesChanges(t *testing.T) {
	t.Parallel()
	s := openState(t, filepath.Join(t.TempDir(), "state"))
	closeServer(t, s)
	wantError(t, do(t, s, http.MethodPost, "/ssh_certificate_authorities", `{}`), http.StatusInternalServerError, "")
}

func TestStateSavedBeforeAnswer(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "state")
	s := openState(t, path)
	ca := createCA(t, s, `{}`)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data, []byte(ca.ID)) {
		t.Errorf("state file does not hold %s right after the create was answered", ca.ID)
	}
}

// Concurrent changes each commit; the file must end up with all of them,
// whichever commit finishes last.
func TestStateFileKeepsConcurrentChanges(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "state")
	s := openState(t, path)
	const n = 40
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			ca := createCA(t, s, `{}`)
			// Half of them change again at once, racing other commits.
			if i%2 == 0 {
				wantStatus(t, do(t, s, http.MethodPatch, "/ssh_certificate_authorities/"+ca.ID, `{"description":"changed"}`), http.StatusOK)
			}
		})
	}
	wg.Wait()
	s2 := restart(t, s, path)
	if got := s2.sshCAs.len(); got != n {
		t.Errorf("state file holds %d authorities after %d concurrent creates", got, n)
	}
	if a, b := stateJSON(t, s), stateJSON(t, s2); a != b {
		t.Errorf("state after restart differs:\nbefore %s\nafter  %s", a, b)
	}
}

// stateJSON is MarshalState for tests.
func stateJSON(t *testing.T, s *Server) string {
	t.Helper()
	data, err := s.MarshalState()
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// A commit (what the state file holds) made while a create runs must not
// hold the new object without its Idempotency-Key: after a kill -9, the
// client's retry would then create a second object.
func TestStateSnapshotHoldsChangesWhole(t *testing.T) {
	t.Parallel()
	s := New()
	inserted, release := make(chan string), make(chan struct{})
	rt := route{method: http.MethodPost, path: "/ssh_certificate_authorities", body: bodyOf[sshCACreate],
		handle: func(*request) (any, int, *apiError) {
			ca, err := s.sshCAs.insert(func(id string) sshCA { return sshCA{ID: id} })
			if err != nil {
				return nil, 0, err
			}
			inserted <- ca.ID
			<-release
			return map[string]string{"id": ca.ID}, http.StatusCreated, nil
		}}
	req := httptest.NewRequestWithContext(t.Context(), http.MethodPost, "/ssh_certificate_authorities", strings.NewReader(`{}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(headerIdempotency, "k1")
	rq := &request{r: req, apiKey: DefaultAPIKey, opID: "op_test"}
	req = req.WithContext(context.WithValue(req.Context(), requestKey{}, rq))
	served := make(chan *httptest.ResponseRecorder)
	go func() {
		w := httptest.NewRecorder()
		s.serveRoute(rt).ServeHTTP(w, req)
		served <- w
	}()
	id := <-inserted
	if s.changes.TryLock() {
		s.changes.Unlock()
		t.Error("a commit could collect the changes between the insert and the end of the create")
	}
	close(release)
	wantStatus(t, <-served, http.StatusCreated)
	var v stateView
	if err := json.Unmarshal([]byte(stateJSON(t, s)), &v); err != nil {
		t.Fatal(err)
	}
	if rows := v.Collections[collSSHCAs]; len(rows) != 1 || !bytes.Contains(rows[0], []byte(id)) ||
		len(v.Idempotency) != 1 || !bytes.Contains(v.Idempotency[0].Body, []byte(id)) {
		t.Errorf("state after the create = %+v, want %s and its Idempotency-Key", v, id)
	}
}

// A version-1 JSON state file with one bad table changes nothing, whichever
// table the loader reaches first.
func TestLoadStateIsAllOrNothing(t *testing.T) {
	t.Parallel()
	good, err := os.ReadFile("testdata/state-v1.json")
	if err != nil {
		t.Fatal(err)
	}
	var f legacyStateFile
	if err := json.Unmarshal(good, &f); err != nil {
		t.Fatal(err)
	}
	f.Tables[collEndpoints] = json.RawMessage(`{"rows":"not a list"}`)
	bad, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	// NOTE: tables load in map order; twenty tries make it all but certain
	// that some try reaches a good table before the bad one.
	for range 20 {
		s := New()
		kept := createCA(t, s, `{"description":"in memory"}`)
		if err := s.LoadState(bad); err == nil {
			t.Fatal("LoadState of a file with a bad table succeeded")
		}
		if _, aerr := s.sshCAs.get(kept.ID); aerr != nil {
			t.Fatalf("the authority held before the failed load is gone: %v", aerr.msg)
		}
		if n := s.edges.ipPolicies.len(); n != 0 {
			t.Fatal("the failed load put the file's IP policy in place")
		}
	}
}

// A seed that stops at a bad object leaves nothing of itself, in the state
// file as in memory.
func TestSeedFailureSavesNothingOfIt(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "state")
	s := openState(t, path)
	f, err := ParseSeedFile([]byte("ip_policies: [{id: ipp_2hHGZaF5Lr7cQe1wXyD3mT8nKp0}, {id: rd_wrongprefix}]"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Seed(f); err == nil {
		t.Fatal("Seed succeeded, want an error for ip_policies[1]")
	}
	if _, aerr := s.edges.ipPolicies.get("ipp_2hHGZaF5Lr7cQe1wXyD3mT8nKp0"); aerr == nil {
		t.Error("the IP policy seeded before the failure is still held")
	}
	restarted := restart(t, s, path)
	if _, aerr := restarted.edges.ipPolicies.get("ipp_2hHGZaF5Lr7cQe1wXyD3mT8nKp0"); aerr == nil {
		t.Error("the IP policy seeded before the failure is in the state file")
	}
}

// A JSON state file written by the version before the database (kept in
// testdata as that version wrote it) is migrated once: the same objects,
// answered the same way, the Idempotency-Key still replayed, the old file
// kept beside, and the API key it held in clear gone.
func TestStateMigratesJSONFile(t *testing.T) {
	t.Parallel()
	v1, err := os.ReadFile("testdata/state-v1.json")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "state.json")
	if err := os.WriteFile(path, v1, 0o644); err != nil {
		t.Fatal(err)
	}
	want := New()
	if err := want.LoadState(v1); err != nil {
		t.Fatal(err)
	}
	s := openState(t, path)

	// The backup holds every object, for an earlier version, but not the
	// idempotency records, which held the API key in clear.
	backup, err := os.ReadFile(path + ".v1.bak")
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(backup, []byte(DefaultAPIKey)) || !bytes.Contains(v1, []byte(DefaultAPIKey)) {
		t.Errorf("the backup holds the API key %q in clear", DefaultAPIKey)
	}
	fromBackup := New()
	if err := fromBackup.LoadState(backup); err != nil {
		t.Fatalf("the backup is no JSON state file of version 1: %v", err)
	}
	var objects stateView
	if err := json.Unmarshal([]byte(stateJSON(t, want)), &objects); err != nil {
		t.Fatal(err)
	}
	objects.Idempotency = []idempotencyRecord{}
	wantBackup, err := json.MarshalIndent(objects, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if got := stateJSON(t, fromBackup); got != string(wantBackup) {
		t.Errorf("the backup's state:\n%s\nwant the JSON file's objects\n%s", got, wantBackup)
	}
	migrated, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.HasPrefix(migrated, []byte("{")) {
		t.Fatal("the state file is still JSON")
	}
	if bytes.Contains(migrated, []byte(DefaultAPIKey)) {
		t.Error("the migrated state file holds the API key in clear")
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("migrated state file: %v, mode %v; want 600", err, fi.Mode())
	}
	for _, tc := range []string{"/ssh_certificate_authorities", "/ssh_host_certificates", "/ssh_user_certificates",
		"/reserved_domains", "/endpoints"} {
		if got, w := do(t, s, http.MethodGet, tc, "").Body.String(), do(t, want, http.MethodGet, tc, "").Body.String(); got != w {
			t.Errorf("%s after migration:\n%s\nwant\n%s", tc, got, w)
		}
	}
	if got, w := stateJSON(t, s), stateJSON(t, want); got != w {
		t.Errorf("state after migration differs from the JSON file's:\n%s\nwant\n%s", got, w)
	}
	var v stateView
	if err := json.Unmarshal([]byte(stateJSON(t, s)), &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Idempotency) != 1 {
		t.Fatalf("idempotency records = %+v, want the file's one", v.Idempotency)
	}
	var replayed struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(v.Idempotency[0].Body, &replayed); err != nil {
		t.Fatal(err)
	}
	again := do(t, s, http.MethodPost, "/ssh_certificate_authorities", `{"description":"replayable"}`, withHeader("Idempotency-Key", "k1"))
	wantStatus(t, again, http.StatusCreated)
	if decodeBody[sshCAWire](t, again).ID != replayed.ID {
		t.Errorf("retry after migration = %s, want the replay of %s", again.Body, replayed.ID)
	}

	// A second start reads the database; the backup is not touched again.
	if err := os.Remove(path + ".v1.bak"); err != nil {
		t.Fatal(err)
	}
	s2 := restart(t, s, path)
	if got, w := stateJSON(t, s2), stateJSON(t, s); got != w {
		t.Errorf("state after a second start differs:\n%s\nwant\n%s", got, w)
	}
	if _, err := os.Stat(path + ".v1.bak"); !os.IsNotExist(err) {
		t.Errorf("the second start migrated again: %v", err)
	}
}

// Idempotency records hold a hash of the API key, never the key: neither
// the state file nor GET /_mock/state shows it.
func TestStateHoldsNoAPIKey(t *testing.T) {
	t.Parallel()
	const key = "a-secret-api-key-7f3a9c"
	path := filepath.Join(t.TempDir(), "state")
	s := openState(t, path, WithAPIKeys(key))
	w := do(t, s, http.MethodPost, "/ssh_certificate_authorities", `{}`,
		withHeader("Authorization", "Bearer "+key), withHeader("Idempotency-Key", "k1"))
	wantStatus(t, w, http.StatusCreated)

	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	view := do(t, s, http.MethodGet, "/_mock/state", "", withHeader("Authorization", "Bearer "+key))
	wantStatus(t, view, http.StatusOK)
	hash := sha256.Sum256([]byte(key))
	for name, b := range map[string][]byte{"state file": data, "GET /_mock/state": view.Body.Bytes()} {
		for _, form := range []string{key, base64.StdEncoding.EncodeToString([]byte(key))} {
			if bytes.Contains(b, []byte(form)) {
				t.Errorf("%s holds the API key (%s)", name, form)
			}
		}
	}
	if !strings.Contains(view.Body.String(), hex.EncodeToString(hash[:])) {
		t.Errorf("GET /_mock/state = %s, want the record under the key's SHA-256", view.Body)
	}
	// The hash is what matters: the same key replays after a restart.
	s2 := restart(t, s, path, WithAPIKeys(key))
	again := do(t, s2, http.MethodPost, "/ssh_certificate_authorities", `{}`,
		withHeader("Authorization", "Bearer "+key), withHeader("Idempotency-Key", "k1"))
	if again.Body.String() != w.Body.String() {
		t.Errorf("retry after restart = %s, want the replay %s", again.Body, w.Body)
	}
}

// GET /_mock/state shows no credential: no CA private key, no OIDC client
// secret (in the module or in its recorded PUT body).
func TestStateViewShowsNoCredential(t *testing.T) {
	t.Parallel()
	f := newEdgeFixture(t)
	ca := createCA(t, f.s, `{"private_key_type":"ecdsa"}`)
	wantStatus(t, do(t, f.s, http.MethodPut, f.modulePath(ModuleOIDC), testOIDCBody), http.StatusOK)
	stored, aerr := f.s.sshCAs.get(ca.ID)
	if aerr != nil {
		t.Fatal(aerr.msg)
	}
	key, err := stored.signer()
	if err != nil {
		t.Fatal(err)
	}
	view := do(t, f.s, http.MethodGet, "/_mock/state", "")
	wantStatus(t, view, http.StatusOK)
	secrets := append(privateEncodings(t, key), base64.StdEncoding.EncodeToString(stored.PrivateKey)[:40], "s3cret")
	for _, secret := range secrets {
		if strings.Contains(view.Body.String(), secret) {
			t.Errorf("GET /_mock/state holds %q", secret)
		}
	}
	// The stored route keeps the secret: only the view is redacted.
	if raw, ok := f.s.EdgeRouteModule(f.edge, f.route, ModuleOIDC); !ok || !strings.Contains(string(raw), "s3cret") {
		t.Errorf("recorded OIDC body = %s, want it unchanged", raw)
	}
}

// populatedStateFile writes a state file of n authorities (many pages) and
// returns its bytes.
func populatedStateFile(t *testing.T, path string, n int) []byte {
	t.Helper()
	s := openState(t, path)
	for i := range n {
		if _, aerr := s.sshCAs.insert(func(id string) sshCA {
			return sshCA{ID: id, Description: strings.Repeat("x", 200), PrivateKey: bytes.Repeat([]byte{byte(i)}, 120)}
		}); aerr != nil {
			t.Fatal(aerr.msg)
		}
	}
	if err := s.SaveState(); err != nil {
		t.Fatal(err)
	}
	closeServer(t, s)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// wantRefusedUntouched loads the state file at path, whose bytes are want,
// and expects a one-line *RefusedStateError, the file byte for byte as it
// was, and nothing else left in its directory.
func wantRefusedUntouched(t *testing.T, path string, want []byte) {
	t.Helper()
	s := New(WithStateFile(path))
	err := s.LoadStateFile()
	_ = s.Close()
	var refused *RefusedStateError
	switch {
	case !errors.As(err, &refused):
		t.Errorf("LoadStateFile = %v, want a *RefusedStateError", err)
	case strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), "left untouched"):
		t.Errorf("error %q: want one line that says the file was left untouched", err)
	}
	got, rerr := os.ReadFile(path)
	if rerr != nil {
		t.Fatal(rerr)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("the refused file changed (%d bytes, was %d)", len(got), len(want))
	}
	entries, rerr := os.ReadDir(filepath.Dir(path))
	if rerr != nil {
		t.Fatal(rerr)
	}
	for _, e := range entries {
		if e.Name() != filepath.Base(path) {
			t.Errorf("the refused start left %s beside the state file", e.Name())
		}
	}
}

// A truncated or zeroed state file is refused with one line and left byte
// for byte as it was (issue 19, item 5: bbolt's assertions panicked).
func TestStateFileRefusesDamage(t *testing.T) {
	t.Parallel()
	good := populatedStateFile(t, filepath.Join(t.TempDir(), "state"), 300)
	const pageSize = 4096
	if len(good) < 16*pageSize {
		t.Fatalf("the state file has %d bytes: too few pages for the cases", len(good))
	}
	zeroed := func(from, to int) []byte {
		b := bytes.Clone(good)
		clear(b[from:to])
		return b
	}
	for name, data := range map[string][]byte{
		"cut to half its size":     good[:len(good)/2],
		"cut to 8192 bytes":        good[:8192],
		"cut to one page":          good[:pageSize],
		"data pages zeroed":        zeroed(2*pageSize, len(good)),
		"half the data pages zero": zeroed(len(good)/2, len(good)),
		"meta pages zeroed":        zeroed(0, 2*pageSize),
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(t.TempDir(), "state")
			if err := os.WriteFile(path, data, 0o600); err != nil {
				t.Fatal(err)
			}
			wantRefusedUntouched(t, path, data)
		})
	}
}

// Zeroing any one page gives either a file that loads whole (the page was
// free) or one refused and left untouched: never a panic.
func TestStateFileAnyZeroedPage(t *testing.T) {
	t.Parallel()
	good := populatedStateFile(t, filepath.Join(t.TempDir(), "state"), 100)
	const pageSize = 4096
	dir := t.TempDir()
	for page := range len(good) / pageSize {
		data := bytes.Clone(good)
		clear(data[page*pageSize : (page+1)*pageSize])
		path := filepath.Join(dir, fmt.Sprintf("page-%d", page))
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		s := New(WithStateFile(path))
		err := s.LoadStateFile()
		n := s.sshCAs.len()
		_ = s.Close()
		if err == nil {
			if n != 100 {
				t.Errorf("page %d zeroed: loaded %d authorities, want 100 or an error", page, n)
			}
			continue
		}
		var refused *RefusedStateError
		if !errors.As(err, &refused) {
			t.Errorf("page %d zeroed: %v, want a *RefusedStateError", page, err)
		}
		if got, _ := os.ReadFile(path); !bytes.Equal(got, data) {
			t.Errorf("page %d zeroed: the refused file changed", page)
		}
	}
}

// A database that bbolt reads but that we cannot decode is refused
// without a byte written (issue 19, item 6: the refusal came after bbolt
// had written its meta and freelist pages).
func TestStateFileRefusesUndecodableWithoutWriting(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "state")
	populatedStateFile(t, path, 3)
	writeDB(t, path, func(tx *bbolt.Tx) error {
		return tx.Bucket(bucketIdempotency).Put([]byte("k"), []byte(`{"api_key_sha256":"00","key":"k","fingerprint":"!!not base64!!","status":201,"body":""}`))
	})
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	wantRefusedUntouched(t, path, data)
	err = New(WithStateFile(path)).LoadStateFile()
	if err == nil || !strings.Contains(err.Error(), "illegal base64 data") {
		t.Errorf("LoadStateFile = %v, want the decoding error", err)
	}
}
