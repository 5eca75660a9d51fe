package mockserver

import (
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"testing"
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
