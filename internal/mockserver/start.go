package mockserver

import (
	"errors"
	"os"
)

// StartFiles names the files a server starts from: ngrok-mock's -state and
// -seed. Either may be empty.
type StartFiles struct {
	// State is the state file (WithStateFile); empty keeps the state in
	// memory only.
	State string
	// Seed is a seed file (ParseSeedFile) to seed from at the start.
	Seed string
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
//     the seed file seeded into it.
//   - With a state file that exists, its state is loaded (a JSON state file
//     of version 1 is migrated, see LoadStateFile) and the seed file is not
//     read: the state holds what was seeded at its first start, and seeding
//     again would collide with the seeded objects' fixed IDs. The state file
//     wins, even over a seed file that changed since.
//   - With a state file, the state is committed once before Open returns,
//     so that a file that cannot be written stops the start instead of
//     failing every change later.
//   - A start that fails leaves no state file it created: otherwise the
//     next start would find the file, skip the seed file and serve an
//     account that was never seeded.
//
// The caller closes the server (Close). Errors are *StartError.
func Open(files StartFiles, opts ...Option) (*Server, error) {
	if files.State != "" {
		opts = append(opts, WithStateFile(files.State))
	}
	fresh := true
	if files.State != "" {
		if _, err := os.Stat(files.State); err == nil {
			fresh = false
		}
	}
	s := New(opts...)
	if err := s.start(files, fresh); err != nil {
		_ = s.Close()
		if files.State != "" && fresh {
			_ = os.Remove(files.State)
		}
		return nil, err
	}
	return s, nil
}

func (s *Server) start(files StartFiles, fresh bool) error {
	if files.State != "" {
		if err := s.LoadStateFile(); err != nil {
			return &StartError{File: "state", Path: files.State, Err: err}
		}
	}
	if files.Seed != "" && fresh {
		if err := s.seedFromFile(files.Seed); err != nil {
			return &StartError{File: "seed", Path: files.Seed, Err: err}
		}
	}
	if files.State != "" {
		if err := s.SaveState(); err != nil {
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
