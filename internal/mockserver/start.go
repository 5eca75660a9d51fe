package mockserver

import (
	"errors"
	"os"
	"time"
)

// StartFiles names the files a server starts from: ngrok-mock's -state and
// -seed. Either may be empty.
type StartFiles struct {
	// State is the state file (WithStateFile); empty keeps the state in
	// memory only.
	State string
	// Seed is a seed file (ParseSeedFile) to seed from at the start.
	Seed string
	// InitState initialises a State file of 0 bytes as a new one (seeded
	// like a missing file) instead of refusing it (ngrok-mock -init-state).
	InitState bool

	lockTimeout time.Duration // tests: the wait for a held state file, if not 0
}

// StartError is a failed start, with the file it failed on.
type StartError struct {
	File string // "state" or "seed"
	Path string
	Err  error
}

func (e *StartError) Error() string { return e.File + " file " + e.Path + ": " + e.Err.Error() }

func (e *StartError) Unwrap() error { return e.Err }

// Open returns a server made with opts that starts from files, by this rule:
//
//   - Without a state file, the seed file is seeded at every start.
//   - With a state file that does not exist yet, the file is created and
//     the seed file seeded into it; the file appears at the path only once
//     it holds the seeded state (it is built beside it, then linked there,
//     unless another process created the path meanwhile).
//   - With a state file that exists, it is locked first, then checked whole
//     without being written, then its state is loaded (a JSON state file
//     of version 1 is migrated, see LoadStateFile) and the seed file is not
//     read: the state holds what was seeded at its first start, and seeding
//     again would collide with the seeded objects' fixed IDs. The state file
//     wins, even over a seed file that changed since.
//   - A state file of 0 bytes is refused, unless files.InitState: then it
//     is replaced by a new one, as if missing.
//   - With a state file, the state is committed once before Open returns,
//     so that a file that cannot be written stops the start instead of
//     failing every change later.
//   - A start that fails leaves the state file's path as it found it: it
//     removes no file and writes none that it did not create (a damaged
//     file is refused with a *RefusedStateError). Otherwise the next start
//     would find the file, skip the seed file and serve an account that was
//     never seeded, or a second server started at the same time would
//     remove the file that the first one serves.
//
// The caller closes the server (Close). Errors are *StartError.
func Open(files StartFiles, opts ...Option) (*Server, error) {
	if files.State != "" {
		opts = append(opts, WithStateFile(files.State))
	}
	s := New(opts...)
	if p := s.persist; p != nil {
		p.initEmpty = files.InitState
		// NOTE: a new state file is put in place at the end of the start
		// only, not by the commits of seeding (which commits even a seed
		// that fails).
		p.holdNew = true
		if files.lockTimeout > 0 {
			p.lockTimeout = files.lockTimeout
		}
	}
	if err := s.start(files); err != nil {
		_ = s.Close()
		return nil, err
	}
	return s, nil
}

func (s *Server) start(files StartFiles) error {
	fresh := true
	if p := s.persist; p != nil {
		p.mu.Lock()
		err := s.openStateLocked(true)
		fresh = p.created
		p.mu.Unlock()
		if err != nil {
			return &StartError{File: "state", Path: files.State, Err: err}
		}
	}
	if files.Seed != "" && fresh {
		if err := s.seedFromFile(files.Seed); err != nil {
			return &StartError{File: "seed", Path: files.Seed, Err: err}
		}
	}
	if p := s.persist; p != nil {
		err := s.SaveState()
		if err == nil {
			p.mu.Lock()
			p.holdNew = false
			err = p.publishLocked()
			p.mu.Unlock()
		}
		if err != nil {
			return &StartError{File: "state", Path: files.State, Err: err}
		}
	}
	return nil
}

func (s *Server) seedFromFile(path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		// NOTE: the path is the StartError's to show, once.
		var perr *os.PathError
		if errors.As(err, &perr) {
			return perr.Err
		}
		return err
	}
	f, err := ParseSeedFile(data)
	if err != nil {
		return err
	}
	_, err = s.Seed(f)
	return err
}
