package mockserver

import (
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

const (
	seededPolicyA = "ipp_2hHHDdTq7ZJ1QqXgS1Dd3a0f0nM"
	seededPolicyB = "ipp_2hHHDdTq7ZJ1QqXgS1Dd3a0f0nN"
)

// writeSeed writes a seed file of one IP policy with a fixed ID.
func writeSeed(t *testing.T, path, policyID string) {
	t.Helper()
	if err := os.WriteFile(path, []byte("ip_policies:\n  - id: "+policyID+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
}

// open is Open, failing the test on an error; the server is closed when the
// test ends.
func open(t *testing.T, files StartFiles) *Server {
	t.Helper()
	s, err := Open(files)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s
}

// holdsPolicy reports whether the server holds the IP policy id (the API
// serves no route for IP policies).
func holdsPolicy(s *Server, id string) bool {
	_, err := s.edges.ipPolicies.get(id)
	return err == nil
}

// Without a state file the seed file is seeded at every start.
func TestOpenSeedsEveryStartWithoutState(t *testing.T) {
	t.Parallel()
	seed := filepath.Join(t.TempDir(), "seed.yaml")
	writeSeed(t, seed, seededPolicyA)
	for range 2 {
		if s := open(t, StartFiles{Seed: seed}); !holdsPolicy(s, seededPolicyA) {
			t.Errorf("the seeded policy %s is missing", seededPolicyA)
		}
	}
}

// A new state file is seeded; once it exists, the state wins: the seed file
// is not read again, even after it changed (or became unreadable).
func TestOpenStateWinsOverSeed(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	seed, state := filepath.Join(dir, "seed.yaml"), filepath.Join(dir, "state")
	writeSeed(t, seed, seededPolicyA)

	s := open(t, StartFiles{State: state, Seed: seed})
	if !holdsPolicy(s, seededPolicyA) {
		t.Fatalf("first start: the seeded policy %s is missing", seededPolicyA)
	}
	ca := newTestCA(t, s)
	closeServer(t, s)
	if _, err := os.Stat(state); err != nil {
		t.Fatalf("the state file was not created: %v", err)
	}

	writeSeed(t, seed, seededPolicyB)
	s = open(t, StartFiles{State: state, Seed: seed})
	switch {
	case !holdsPolicy(s, seededPolicyA):
		t.Errorf("restart: the policy seeded at the first start is gone")
	case holdsPolicy(s, seededPolicyB):
		t.Errorf("restart: the changed seed file was seeded over an existing state")
	}
	wantStatus(t, do(t, s, http.MethodGet, "/ssh_certificate_authorities/"+ca, ""), http.StatusOK)
	closeServer(t, s)

	if err := os.WriteFile(seed, []byte("widgets: []"), 0o600); err != nil {
		t.Fatal(err)
	}
	open(t, StartFiles{State: state, Seed: seed})
}

// Each failure names the file it is about, and leaves no server holding the
// state file.
func TestOpenErrorsNameTheirFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	corrupt := filepath.Join(dir, "corrupt")
	if err := os.WriteFile(corrupt, []byte("{"), 0o600); err != nil {
		t.Fatal(err)
	}
	badSeed := filepath.Join(dir, "bad.yaml")
	if err := os.WriteFile(badSeed, []byte("widgets: []"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		files StartFiles
		file  string
	}{
		{"corrupt state", StartFiles{State: corrupt}, "state"},
		{"state in a missing directory", StartFiles{State: filepath.Join(dir, "missing", "state")}, "state"},
		{"unknown seed key", StartFiles{Seed: badSeed}, "seed"},
		{"missing seed", StartFiles{Seed: filepath.Join(dir, "none.yaml")}, "seed"},
		{"bad seed into a new state", StartFiles{State: filepath.Join(dir, "new"), Seed: badSeed}, "seed"},
	} {
		// NOTE: in sequence: the last check below needs the failed start
		// into a new state file to have run.
		t.Run(tc.name, func(t *testing.T) {
			_, err := Open(tc.files)
			var se *StartError
			if !errors.As(err, &se) {
				t.Fatalf("Open = %v, want a *StartError", err)
			}
			wantPath := tc.files.State
			if tc.file == "seed" {
				wantPath = tc.files.Seed
			}
			if se.File != tc.file || se.Path != wantPath {
				t.Errorf("StartError names %s file %s, want %s file %s", se.File, se.Path, tc.file, wantPath)
			}
		})
	}
	// A failed start released the state file it had opened: the next start
	// opens it at once instead of finding it in use.
	s, err := Open(StartFiles{State: filepath.Join(dir, "new")})
	if err != nil {
		t.Fatal(err)
	}
	closeServer(t, s)
}

// A first start that fails on its seed file leaves no state file behind, so
// the next start seeds (instead of finding an empty state that wins).
func TestOpenFailedFirstStartLeavesNoStateFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	seed, state := filepath.Join(dir, "seed.yaml"), filepath.Join(dir, "state")
	if err := os.WriteFile(seed, []byte("ip_policies:\n  - id: not-an-id\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if s, err := Open(StartFiles{State: state, Seed: seed}); err == nil {
		_ = s.Close()
		t.Fatal("a seed file with a bad ID was accepted")
	}
	if _, err := os.Stat(state); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("the state file is left after a failed first start (%v)", err)
	}
	writeSeed(t, seed, seededPolicyA)
	if s := open(t, StartFiles{State: state, Seed: seed}); !holdsPolicy(s, seededPolicyA) {
		t.Errorf("the next start did not seed %s", seededPolicyA)
	}
}

// Two servers started at once on one new state path: one serves, the
// other fails, and the file then holds every object that the one serving
// acknowledged (issue 19, item 4: the loser removed the file the winner
// served, decided "fresh" by a stat before the lock). Fifty tries.
func TestOpenRaceOnNewStateFile(t *testing.T) {
	t.Parallel()
	for try := range 50 {
		dir := t.TempDir()
		path := filepath.Join(dir, "state")
		var servers [2]*Server
		var errs [2]error
		var wg sync.WaitGroup
		ready := make(chan struct{})
		for i := range 2 {
			wg.Go(func() {
				<-ready
				servers[i], errs[i] = Open(StartFiles{State: path, lockTimeout: time.Millisecond})
			})
		}
		close(ready)
		wg.Wait()
		var winner *Server
		for i, s := range servers {
			var se *StartError
			switch {
			case s == nil && !errors.As(errs[i], &se):
				t.Fatalf("try %d: the losing start = %v, want a *StartError", try, errs[i])
			case s != nil && winner != nil:
				t.Fatalf("try %d: both servers started on one state file", try)
			case s != nil:
				winner = s
			}
		}
		if winner == nil {
			t.Fatalf("try %d: neither server started: %v", try, errs)
		}
		var acked []string
		for range 3 {
			acked = append(acked, createCA(t, winner, `{}`).ID)
		}
		// NOTE: every change was committed before it was answered: closing
		// the server writes nothing more, as a kill -9 would not.
		closeServer(t, winner)
		if entries, err := os.ReadDir(dir); err != nil || len(entries) != 1 {
			t.Fatalf("try %d: the directory holds %v (%v), want only the state file", try, entries, err)
		}
		s := open(t, StartFiles{State: path})
		for _, id := range acked {
			if _, aerr := s.sshCAs.get(id); aerr != nil {
				t.Fatalf("try %d: the acknowledged authority %s is missing after the restart", try, id)
			}
		}
		closeServer(t, s)
	}
}

// A 0-byte state file is refused and left as it was (issue 19, item 7: it
// started silently as an empty account); with InitState it is seeded as a
// new one, and a start that fails leaves it empty.
func TestOpenEmptyStateFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	state, seed := filepath.Join(dir, "state"), filepath.Join(dir, "seed.yaml")
	if err := os.WriteFile(state, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	wantEmpty := func(when string) {
		t.Helper()
		if fi, err := os.Stat(state); err != nil || fi.Size() != 0 {
			t.Fatalf("%s: the state file is no longer empty (%v)", when, err)
		}
		if entries, err := os.ReadDir(dir); err != nil || len(entries) != 2 {
			t.Fatalf("%s: the directory holds %v (%v), want the state and seed files", when, entries, err)
		}
	}
	writeSeed(t, seed, seededPolicyA)
	_, err := Open(StartFiles{State: state, Seed: seed})
	var refused *RefusedStateError
	if !errors.As(err, &refused) || !strings.Contains(err.Error(), "-init-state") {
		t.Errorf("Open of an empty state file = %v, want a *RefusedStateError naming -init-state", err)
	}
	wantEmpty("refused")

	if err := os.WriteFile(seed, []byte("ip_policies:\n  - id: not-an-id\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if s, err := Open(StartFiles{State: state, Seed: seed, InitState: true}); err == nil {
		_ = s.Close()
		t.Fatal("a seed file with a bad ID was accepted")
	}
	wantEmpty("failed seed")

	writeSeed(t, seed, seededPolicyA)
	s := open(t, StartFiles{State: state, Seed: seed, InitState: true})
	if !holdsPolicy(s, seededPolicyA) {
		t.Errorf("the initialised state file was not seeded")
	}
	closeServer(t, s)
	if s := open(t, StartFiles{State: state}); !holdsPolicy(s, seededPolicyA) {
		t.Errorf("after a restart the seeded policy is gone")
	}
}
