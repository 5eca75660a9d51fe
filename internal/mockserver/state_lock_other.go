//go:build windows || plan9 || solaris || aix || android

package mockserver

import (
	"os"
	"time"
)

// lockFile does nothing here: bbolt locks the file itself (LockFileEx, fcntl)
// when openDB opens it, by a lock that a second lock of this process would
// conflict with.
//
// NOTE: so on these systems what a start decides about the file before
// bbolt opens it (empty, JSON, missing) is decided before the lock; the
// flock systems (Linux, macOS, the BSDs) decide under it.
func lockFile(*os.File, time.Time) error { return nil }
