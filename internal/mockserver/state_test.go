package mockserver

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

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
	path := filepath.Join(t.TempDir(), "state.json")
	s := New(WithStateFile(path))
	ca := createCA(t, s, `{"private_key_type":"ecdsa","description":"kept"}`)
	deleted := createCA(t, s, `{}`)
	wantStatus(t, do(t, s, http.MethodDelete, "/ssh_certificate_authorities/"+deleted.ID, ""), http.StatusNoContent)
	replayed := do(t, s, http.MethodPost, "/ssh_certificate_authorities", `{"description":"once"}`, withHeader("Idempotency-Key", "k1"))
	wantStatus(t, replayed, http.StatusCreated)

	// A new server over the same file: what a restart after kill -9 sees.
	s2 := New(WithStateFile(path))
	if err := s2.LoadStateFile(); err != nil {
		t.Fatal(err)
	}
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
	// New objects after a restart continue the sequence: newest first still holds.
	newer := createCA(t, s2, `{}`)
	page := decodeBody[struct {
		CAs []sshCAWire `json:"ssh_certificate_authorities"`
	}](t, do(t, s2, http.MethodGet, "/ssh_certificate_authorities", ""))
	if list := page.CAs; len(list) != 3 || list[0].ID != newer.ID {
		t.Errorf("list after restart and create = %v, want %s first", list, newer.ID)
	}
}

func TestStateFileMissingIsEmpty(t *testing.T) {
	t.Parallel()
	s := New(WithStateFile(filepath.Join(t.TempDir(), "none.json")))
	if err := s.LoadStateFile(); err != nil {
		t.Fatalf("a missing state file must mean an empty server: %v", err)
	}
}

func TestStateFileRefusesGarbage(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "state.json")
	for name, content := range map[string]string{
		"not json":           "{",
		"other version":      `{"version":99,"seq":0,"tables":{}}`,
		"unknown collection": `{"version":1,"seq":0,"tables":{"widgets":{"rows":[]}}}`,
	} {
		if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := New(WithStateFile(path)).LoadStateFile(); err == nil {
			t.Errorf("%s: LoadStateFile succeeded, want an error", name)
		}
	}
}

func TestStateSavedBeforeAnswer(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "state.json")
	s := New(WithStateFile(path))
	ca := createCA(t, s, `{}`)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data, []byte(ca.ID)) {
		t.Errorf("state file does not hold %s right after the create was answered", ca.ID)
	}
}

// Concurrent changes each save the state; the file must end up with all of
// them, whichever save finishes last.
func TestStateFileKeepsConcurrentChanges(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "state.json")
	s := New(WithStateFile(path))
	const n = 40
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			wantStatus(t, do(t, s, http.MethodPost, "/ssh_certificate_authorities", `{}`), http.StatusCreated)
		})
	}
	wg.Wait()
	s2 := New(WithStateFile(path))
	if err := s2.LoadStateFile(); err != nil {
		t.Fatal(err)
	}
	if got := s2.sshCAs.len(); got != n {
		t.Errorf("state file holds %d authorities after %d concurrent creates", got, n)
	}
}

// A snapshot (what the state file holds) taken while a create runs must not
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
	if s.commit.TryLock() {
		s.commit.Unlock()
		t.Error("a snapshot could be taken between the insert and the end of the create")
	}
	close(release)
	wantStatus(t, <-served, http.StatusCreated)
	data, err := s.MarshalState()
	if err != nil {
		t.Fatal(err)
	}
	var f stateFile
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(f.Tables[collSSHCAs], []byte(id)) || len(f.Idempotency) != 1 || !bytes.Contains(f.Idempotency[0].Body, []byte(id)) {
		t.Errorf("state after the create = %s, want %s and its Idempotency-Key", data, id)
	}
}

// A state file with one bad table changes nothing, whichever table the
// loader reaches first.
func TestLoadStateIsAllOrNothing(t *testing.T) {
	t.Parallel()
	other := New()
	newer := createCA(t, other, `{"description":"from the file"}`)
	good, err := other.MarshalState()
	if err != nil {
		t.Fatal(err)
	}
	var f stateFile
	if err := json.Unmarshal(good, &f); err != nil {
		t.Fatal(err)
	}
	f.Tables[collEndpoints] = json.RawMessage(`{"rows":"not a list"}`)
	bad, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	// NOTE: tables load in map order; twenty tries make it all but certain
	// that some try reaches the good table before the bad one.
	for range 20 {
		s := New()
		kept := createCA(t, s, `{"description":"in memory"}`)
		if err := s.LoadState(bad); err == nil {
			t.Fatal("LoadState of a file with a bad table succeeded")
		}
		if _, aerr := s.sshCAs.get(kept.ID); aerr != nil {
			t.Fatalf("the authority held before the failed load is gone: %v", aerr.msg)
		}
		if _, aerr := s.sshCAs.get(newer.ID); aerr == nil {
			t.Fatal("the failed load put the file's authority in place")
		}
	}
}

// A seed that stops at a bad object keeps what it created before it, in
// the state file as in memory.
func TestSeedFailureSavesWhatItSeeded(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "state.json")
	s := New(WithStateFile(path))
	f, err := ParseSeedFile([]byte("ip_policies: [{id: ipp_2hHGZaF5Lr7cQe1wXyD3mT8nKp0}, {id: rd_wrongprefix}]"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Seed(f); err == nil {
		t.Fatal("Seed succeeded, want an error for ip_policies[1]")
	}
	restarted := New(WithStateFile(path))
	if err := restarted.LoadStateFile(); err != nil {
		t.Fatal(err)
	}
	if _, aerr := restarted.edges.ipPolicies.get("ipp_2hHGZaF5Lr7cQe1wXyD3mT8nKp0"); aerr != nil {
		t.Errorf("the IP policy seeded before the failure is not in the state file: %s", aerr.msg)
	}
}
