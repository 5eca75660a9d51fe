//go:build !windows && !plan9 && !solaris && !aix && !android

package mockserver

import (
	"errors"
	"os"
	"syscall"
	"time"
)

// lockFile takes the exclusive flock that bbolt takes on a database it
// opens read-write (so that two servers, of this version or an earlier one,
// exclude each other), waiting until deadline; errLocked when another
// process holds it. bbolt, given the same open file (openDB), then finds
// the lock already held by it.
func lockFile(f *os.File, deadline time.Time) error {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		switch {
		case err == nil:
			return nil
		case !errors.Is(err, syscall.EWOULDBLOCK):
			return err
		case time.Now().After(deadline):
			return errLocked
		}
		time.Sleep(lockRetry)
	}
}
