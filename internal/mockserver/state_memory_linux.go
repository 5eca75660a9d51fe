package mockserver

import (
	"syscall"

	"go.etcd.io/bbolt"
)

// releaseMapped drops the pages of the database's mapping that the process
// touched (reading every row at start-up) from its resident memory; they
// stay in the page cache, and a later read maps them again.
//
// NOTE: bbolt reads through a shared read-only mapping of the file, whose
// pages count as the process's own once touched (45 MiB at 100,000
// objects), and commits touch only a few of them. Closing and reopening the
// database would release them too, but would release the file's lock in
// between.
func releaseMapped(db *bbolt.DB, size int64) {
	if size <= 0 {
		return
	}
	_, _, _ = syscall.Syscall(syscall.SYS_MADVISE, db.Info().Data, uintptr(size), syscall.MADV_DONTNEED)
}
