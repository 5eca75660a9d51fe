package mockserver

import (
	"bytes"
	"crypto/sha256"
	"encoding"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"
)

// The state file (WithStateFile, ngrok-mock -state) is a bbolt database:
//
//	meta                   format → "2"
//	<collection>           one bucket per table: ID → the stored object as JSON
//	idempotency            sha256(API key) ‖ Idempotency-Key → idempotencyRecord as JSON
//
// bbolt (go.etcd.io/bbolt) because it is pure Go, one file, keeps keys in
// order (a bucket reads back in ID order, which is the order the tables'
// indexes want), and commits one writer transaction at a time, fsynced: what
// a change needs, without an SQL engine for what is a key/value store.
//
// NOTE: each change is committed, in one transaction, before it is answered
// (commit), so a server killed at any moment and started again has every
// change it answered, and the cost of a change does not grow with what is
// stored: only the rows it touched are written. Start-up reads every bucket
// once and builds the tables' maps and indexes.
//
// A JSON state file of version 1 (what -state wrote before) is migrated
// once by LoadStateFile: it is kept beside as PATH.v1.bak and PATH becomes
// the database.
const (
	stateFormat        = 2
	legacyStateVersion = 1
)

var (
	bucketMeta        = []byte("meta")
	bucketIdempotency = []byte("idempotency")
	keyFormat         = []byte("format")
)

// stateFileMode keeps the state file to its owner: it holds the CAs'
// private keys.
const stateFileMode = 0o600

const (
	// lockTimeout bounds the wait for a state file that another process
	// holds; lockRetry is the interval between attempts.
	lockTimeout = time.Second
	lockRetry   = 50 * time.Millisecond
)

// errLocked is lockFile's answer for a file that another process holds.
var errLocked = errors.New("locked by another process")

// persister is the state file of a server.
type persister struct {
	path string
	// initEmpty initialises a 0-byte file at path as a new state file
	// (StartFiles.InitState) instead of refusing it.
	initEmpty   bool
	lockTimeout time.Duration
	// mu serialises commits, and guards everything below.
	mu   sync.Mutex
	db   *bbolt.DB // nil until LoadStateFile or the first commit opens it
	file *os.File  // db's file, locked as long as db is open
	// pending is a new database built beside path, which publishLocked puts
	// at path after its first commit.
	pending *pendingFile
	// holdNew keeps a pending database from its path until the start that
	// made it clears it (Open).
	holdNew bool
	// created: this server made the database new (the path was missing, or
	// held an initialised empty file); Open seeds only such a file.
	created bool
	full    bool // the next commit writes every row, not only the changed ones
	closed  bool
	// zeroed holds the free pages known to hold only zeros (state_scrub.go),
	// nil before the first scrub; unsynced is set when zeros were written
	// since the last commit.
	zeroed   map[uint64]struct{}
	unsynced bool
	noScrub  bool // for benchmarks: commits without clearing freed pages
}

// pendingFile is a new database not yet at the state file's path.
//
// NOTE: built beside it and then linked (or renamed) into place, so that a
// start that fails leaves the path as it found it: it neither removes a
// file (which another process may have created meanwhile, and serve) nor
// writes one that it did not create.
type pendingFile struct {
	tmp string
	// replaced is the file at the path that the database replaces, locked
	// until then: an initialised empty file, or a migrated JSON one. When
	// nil the path was missing, and the database is linked there only if
	// it still is.
	replaced *os.File
}

// WithStateFile keeps the server's state in the file at path, a bbolt
// database created with mode 0600 if missing. LoadStateFile loads it (and
// migrates a JSON state file of earlier versions); every change is then
// committed to it before it is answered, so that a server killed at any
// moment and started again has every change it answered (and replays
// creates retried with the same Idempotency-Key). A server that did not
// call LoadStateFile writes its whole state at its first change, replacing
// what the file held. Close releases the file.
func WithStateFile(path string) Option {
	return func(s *Server) { s.persist = &persister{path: path, lockTimeout: lockTimeout} }
}

// LoadStateFile opens the state file given to WithStateFile, creating it
// when missing, and replaces the server's state with what it holds. A JSON
// state file of version 1 is migrated: kept as PATH.v1.bak (without its
// idempotency records, which held the API key in clear), replaced by a
// database holding the same objects. The file is locked before anything is
// decided about it, and checked whole before anything is written to it: a
// 0-byte file, a damaged one (*RefusedStateError) or one that holds what
// this version cannot read is refused and left as it was, and nothing is
// loaded.
func (s *Server) LoadStateFile() error {
	p := s.persist
	if p == nil {
		return errors.New("no state file configured")
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if err := s.openStateLocked(true); err != nil {
		return err
	}
	if err := p.publishLocked(); err != nil {
		_ = p.closeDBLocked()
		return err
	}
	return nil
}

// openStateLocked opens and locks the state file, or builds a new one
// beside it (pendingFile) when the path is missing or empty, and loads it
// when load is set; otherwise it only checks it (the first commit of a
// server that did not load then replaces what it holds).
func (s *Server) openStateLocked(load bool) error {
	p := s.persist
	switch {
	case p.closed:
		return errors.New("the state file is closed")
	case p.db != nil:
		return errors.New("the state file is already loaded")
	}
	f, err := lockPath(p.path, time.Now().Add(p.lockTimeout))
	if errors.Is(err, os.ErrNotExist) {
		return s.createStateDB(nil)
	}
	if err != nil {
		return err
	}
	fi, err := f.Stat()
	if err != nil {
		_ = f.Close()
		return err
	}
	if fi.Size() == 0 {
		if !p.initEmpty {
			_ = f.Close()
			return &RefusedStateError{What: "the state file is empty (0 bytes), as a state file cut short can be",
				Fresh: "start with InitState (ngrok-mock -init-state) to initialise it as a new state file, or delete it"}
		}
		return s.createStateDB(f)
	}
	var first [1]byte
	if _, err := f.ReadAt(first[:], 0); err != nil {
		_ = f.Close()
		return err
	}
	if first[0] == '{' && load {
		return s.migrateLocked(f)
	}
	return s.openExistingDB(f, fi.Size(), load)
}

// lockPath opens the file at path and locks it, waiting until deadline. It
// answers os.ErrNotExist when there is none.
func lockPath(path string, deadline time.Time) (*os.File, error) {
	for {
		f, err := os.OpenFile(path, os.O_RDWR, 0)
		if err != nil {
			return nil, err
		}
		if err := lockFile(f, deadline); err != nil {
			_ = f.Close()
			if errors.Is(err, errLocked) {
				return nil, fmt.Errorf("%s is in use by another process", path)
			}
			return nil, err
		}
		// NOTE: the file opened may have been replaced at path (by a
		// migration, an initialised empty file) before the lock was granted:
		// the lock then holds a file that is no longer the state file.
		fi, err := f.Stat()
		if err != nil {
			_ = f.Close()
			return nil, err
		}
		pi, err := os.Stat(path)
		if err == nil && os.SameFile(fi, pi) {
			return f, nil
		}
		_ = f.Close()
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return nil, err
		}
	}
}

// createStateDB builds a new database beside the state file, to replace
// replaced (locked, closed with the persister), or to be linked where no
// file is yet.
func (s *Server) createStateDB(replaced *os.File) error {
	p := s.persist
	fail := func(err error) error {
		if replaced != nil {
			_ = replaced.Close()
		}
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(p.path), filepath.Base(p.path)+".new-*")
	if err != nil {
		return fail(err)
	}
	if err := lockFile(f, time.Now().Add(p.lockTimeout)); err != nil {
		_ = f.Close()
		_ = os.Remove(f.Name())
		return fail(err)
	}
	db, err := openDB(f, p.lockTimeout, false)
	if err == nil {
		p.db, p.file = db, f
		err = p.ensureBuckets()
	}
	if err != nil {
		_ = p.closeDBLocked()
		_ = os.Remove(f.Name())
		return fail(err)
	}
	p.pending = &pendingFile{tmp: f.Name(), replaced: replaced}
	p.created, p.full = true, true
	return nil
}

// publishLocked puts a pending new database at the state file's path.
func (p *persister) publishLocked() error {
	pf := p.pending
	if pf == nil {
		return nil
	}
	var err error
	if pf.replaced != nil {
		err = os.Rename(pf.tmp, p.path)
	} else if err = os.Link(pf.tmp, p.path); err == nil {
		_ = os.Remove(pf.tmp)
	} else if errors.Is(err, os.ErrExist) {
		err = fmt.Errorf("%s is in use by another process, which created it while this one started", p.path)
	}
	if err != nil {
		return err
	}
	syncDir(filepath.Dir(p.path))
	if pf.replaced != nil {
		_ = pf.replaced.Close()
	}
	p.pending = nil
	return nil
}

// closeDBLocked closes the database and drops a pending one.
func (p *persister) closeDBLocked() error {
	var err error
	if p.db != nil {
		if p.unsynced {
			err = p.file.Sync()
			p.unsynced = false
		}
		// NOTE: closes p.file too, and so releases its lock.
		err = errors.Join(err, p.db.Close())
	} else if p.file != nil {
		err = p.file.Close()
	}
	if pf := p.pending; pf != nil {
		_ = os.Remove(pf.tmp)
		if pf.replaced != nil {
			_ = pf.replaced.Close()
		}
	}
	p.db, p.file, p.pending, p.zeroed = nil, nil, nil, nil
	return err
}

// openDB opens the database in f, which the caller has locked.
//
// NOTE: bbolt is given f rather than the path: a file of its own would be
// a second open file, whose flock the lock already held on f refuses, even
// within one process. checking opens it without the freelist sync, which
// is the only write bbolt may make when it opens a file that is not empty
// (when the file's freelist was not synced).
func openDB(f *os.File, timeout time.Duration, checking bool) (*bbolt.DB, error) {
	db, err := bbolt.Open(f.Name(), stateFileMode, &bbolt.Options{
		Timeout:        timeout,
		FreelistType:   bbolt.FreelistMapType,
		NoFreelistSync: checking,
		OpenFile:       func(string, int, os.FileMode) (*os.File, error) { return f, nil },
	})
	switch {
	case errors.Is(err, berrors.ErrTimeout):
		return nil, fmt.Errorf("%s is in use by another process", f.Name())
	case errors.Is(err, berrors.ErrInvalid), errors.Is(err, berrors.ErrVersionMismatch):
		return nil, &RefusedStateError{What: fmt.Sprintf("the file is not an ngrok-mock state file (nor a JSON one of version %d)", legacyStateVersion), Err: err}
	case errors.Is(err, berrors.ErrChecksum), err != nil && checking:
		return nil, &RefusedStateError{What: "the state file is damaged", Err: err}
	case err != nil:
		return nil, err
	}
	return db, nil
}

// openExistingDB opens the database in f (locked, not empty) after
// checking it whole without writing to it, and loads it when load is set.
func (s *Server) openExistingDB(f *os.File, size int64, load bool) error {
	p := s.persist
	var dec decodedState
	db, err := openChecked(f, size, p.lockTimeout, func(tx *bbolt.Tx) error {
		var err error
		// NOTE: decoded even when not loaded: the check needs every page read first.
		dec, err = s.decodeDB(tx)
		return err
	})
	if err != nil {
		return err
	}
	// NOTE: the file checked, commits may write it, with its freelist.
	db.NoFreelistSync = false
	p.db, p.file = db, f
	if err := p.ensureBuckets(); err != nil {
		_ = p.closeDBLocked()
		return err
	}
	if !load {
		p.full = true
		return nil
	}
	s.install(dec.stages, dec.records)
	p.full = false
	releaseMapped(db, size)
	releaseLoadGarbage(dec.rows)
	return nil
}

// openChecked opens the database in f and checks it without writing to it:
// bbolt's own open (with no freelist sync), then a file long enough for
// every page the database counts, its format, read (which reads every row),
// and bbolt's consistency check (tx.Check: every page reachable once or
// free, keys in order). f is closed on failure.
//
// NOTE: a damaged file (cut short, pages zeroed) makes bbolt fail its own
// assertions, which panic, or read past the end of the file through its
// mapping, a fault that SetPanicOnFault turns into a panic: both are
// recovered here, in this goroutine. tx.Check runs in a goroutine of its
// own, where a fault would not be recovered, so it runs last: it reads only
// pages that read has read already (it recovers its own panics).
func openChecked(f *os.File, size int64, timeout time.Duration, read func(*bbolt.Tx) error) (db *bbolt.DB, err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		if db != nil {
			_ = db.Close()
		} else {
			_ = f.Close()
		}
		db, err = nil, &RefusedStateError{What: "the state file is damaged", Err: fmt.Errorf("%v", r)}
	}()
	if db, err = openDB(f, timeout, true); err != nil {
		return nil, err
	}
	err = db.View(func(tx *bbolt.Tx) error {
		if end := tx.Size(); end > size {
			return &RefusedStateError{What: "the state file is damaged",
				Err: fmt.Errorf("it is %d bytes long but its pages end at byte %d: it was cut short", size, end)}
		}
		if err := checkFormat(tx); err != nil {
			return &RefusedStateError{What: "the state file is of another format", Err: err}
		}
		if err := read(tx); err != nil {
			return &RefusedStateError{What: "the state file holds what this ngrok-mock cannot read", Err: err}
		}
		return checkDB(tx)
	})
	if err != nil {
		_ = db.Close()
		return nil, err
	}
	return db, nil
}

// checkDB runs bbolt's consistency check.
func checkDB(tx *bbolt.Tx) error {
	var first error
	n := 0
	for err := range tx.Check() {
		if first == nil {
			first = err
		}
		n++
	}
	switch {
	case n == 1:
		return &RefusedStateError{What: "the state file is damaged", Err: first}
	case n > 1:
		return &RefusedStateError{What: "the state file is damaged", Err: fmt.Errorf("%w, and %d more problems", first, n-1)}
	}
	return nil
}

// checkFormat refuses a database of another format than this version's.
func checkFormat(tx *bbolt.Tx) error {
	meta := tx.Bucket(bucketMeta)
	if meta == nil {
		return nil
	}
	if v := meta.Get(keyFormat); v != nil && string(v) != strconv.Itoa(stateFormat) {
		return fmt.Errorf("state file format %q; this ngrok-mock reads format %d", v, stateFormat)
	}
	return nil
}

// ensureBuckets writes the format and makes the idempotency bucket, when
// missing (a new database).
func (p *persister) ensureBuckets() error {
	complete := false
	err := p.db.View(func(tx *bbolt.Tx) error {
		meta := tx.Bucket(bucketMeta)
		complete = meta != nil && meta.Get(keyFormat) != nil && tx.Bucket(bucketIdempotency) != nil
		return nil
	})
	if err != nil || complete {
		return err
	}
	return p.update(func(tx *bbolt.Tx) (bool, error) {
		meta, err := tx.CreateBucketIfNotExists(bucketMeta)
		if err != nil {
			return false, err
		}
		if err := meta.Put(keyFormat, []byte(strconv.Itoa(stateFormat))); err != nil {
			return false, err
		}
		_, err = tx.CreateBucketIfNotExists(bucketIdempotency)
		return false, err
	})
}

// update runs fn in a write transaction, then clears the pages that the
// commit freed (state_scrub.go). fn reports whether it deleted or replaced
// a row.
func (p *persister) update(fn func(*bbolt.Tx) (removed bool, err error)) error {
	removed := false
	err := p.db.Update(func(tx *bbolt.Tx) error {
		var err error
		removed, err = fn(tx)
		return err
	})
	if err != nil {
		return err
	}
	return p.scrubFreePages(removed)
}

// RefusedStateError is a state file that a start refused, leaving it as it
// was.
type RefusedStateError struct {
	What  string // what is wrong
	Err   error  // the detail, or nil
	Fresh string // how to start fresh; empty for the usual advice
}

// refusedDetailMax bounds the detail quoted from bbolt (a panic's value, a
// check's finding).
const refusedDetailMax = 300

func (e *RefusedStateError) Error() string {
	msg := e.What
	if e.Err != nil {
		detail := strings.Join(strings.Fields(e.Err.Error()), " ") // NOTE: one line
		if len(detail) > refusedDetailMax {
			detail = detail[:refusedDetailMax] + "…"
		}
		msg += " (" + detail + ")"
	}
	fresh := e.Fresh
	if fresh == "" {
		fresh = "move it aside or delete it to start with an empty state"
	}
	return msg + "; the file was left untouched: " + fresh
}

func (e *RefusedStateError) Unwrap() error { return e.Err }

// releaseLoadGarbage returns to the operating system the memory that
// decoding n rows used and no longer needs, when n is large.
//
// NOTE: a start-up from 100,000 objects allocates about three times the
// memory the objects keep; the runtime would return the difference only
// gradually, and the process would look three times its size meanwhile.
func releaseLoadGarbage(n int) {
	if n >= 10_000 {
		debug.FreeOSMemory()
	}
}

// SaveState commits the changes not yet in the state file. Changes made
// through the API are committed before they are answered; SaveState is for
// changes made otherwise (seeding). It is a no-op without a state file.
func (s *Server) SaveState() error { return s.commit() }

// Close releases the state file. The server answers every later change with
// an error, as its changes can no longer be kept. A new state file that no
// commit put in place yet (a start that failed) is removed.
func (s *Server) Close() error {
	p := s.persist
	if p == nil {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.closed = true
	return p.closeDBLocked()
}

// inChange runs fn as one change: a commit writes all of it or none of it.
func (s *Server) inChange(fn func()) {
	s.changes.RLock()
	defer s.changes.RUnlock()
	fn()
}

// rowWrite is one row to write: data nil deletes it.
type rowWrite struct {
	table string
	id    string
	data  []byte
}

// commit writes the changes made since the last commit to the state file,
// in one transaction.
//
// NOTE: commits are serialised (persister.mu) and each writes the latest
// value of every row changed since the previous one, read when it starts,
// and deletes the rows no longer held. A change is therefore durable once
// any commit that started after it has finished: its own, or one that ran
// while it waited for persister.mu and took its rows along (that commit
// held persister.mu until its transaction was done, so a change whose own
// commit finds nothing left to write answers only after its rows are on
// disk). Two changes of one row commit in their order, since later commits
// read later values. The rows are collected under the write side of
// s.changes, so that a change in flight is never committed half-done (an
// object without its Idempotency-Key, which a client's retry after a crash
// would create again).
func (s *Server) commit() error {
	p := s.persist
	if p == nil {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return errors.New("the state file is closed")
	}
	if p.db == nil {
		if err := s.openStateLocked(false); err != nil {
			return err
		}
	}
	err := s.commitLocked()
	if err != nil {
		// NOTE: what this commit collected is no longer marked as changed;
		// the next commit writes everything instead.
		p.full = true
		return err
	}
	// NOTE: a new database is put in place once it holds its first commit
	// (for Open, at the end of the start), so that a start that fails
	// leaves no file.
	if p.holdNew {
		return nil
	}
	return p.publishLocked()
}

// commitLocked is commit with persister.mu held and the database open.
func (s *Server) commitLocked() error {
	p := s.persist
	s.changes.Lock()
	records, idemCleared := s.idem.drain()
	s.store.mu.Lock()
	full := p.full || s.store.full || idemCleared
	var writes []rowWrite
	var err error
	if full {
		for name, t := range s.store.tables {
			err = errors.Join(err, t.forEachEncodedLocked(func(id string, data []byte) error {
				writes = append(writes, rowWrite{table: name, id: id, data: data})
				return nil
			}))
		}
	} else {
		writes = make([]rowWrite, 0, len(s.store.dirty))
		for k := range s.store.dirty {
			data, encErr := s.store.tables[k.table].encodeRowLocked(k.id)
			err = errors.Join(err, encErr)
			writes = append(writes, rowWrite{table: k.table, id: k.id, data: data})
		}
	}
	s.store.dirty = map[rowKey]struct{}{}
	s.store.full = false
	s.store.mu.Unlock()
	if full {
		records = s.idem.records()
	}
	s.changes.Unlock()
	if err != nil {
		return err
	}
	if len(writes) == 0 && len(records) == 0 && !full {
		return nil
	}

	err = p.update(func(tx *bbolt.Tx) (removed bool, err error) {
		if full {
			if err := resetBuckets(tx, s.store.tableNames()); err != nil {
				return true, err
			}
		}
		removed = full
		// NOTE: reports a row deleted or replaced, whose old bytes are
		// then in a page that this commit frees.
		put := func(b *bbolt.Bucket, k, v []byte) error {
			removed = removed || b.Get(k) != nil
			if v == nil {
				return b.Delete(k)
			}
			return b.Put(k, v)
		}
		buckets := map[string]*bbolt.Bucket{}
		for _, w := range writes {
			b := buckets[w.table]
			if b == nil {
				var err error
				if b, err = tx.CreateBucketIfNotExists([]byte(w.table)); err != nil {
					return removed, err
				}
				buckets[w.table] = b
			}
			if err := put(b, []byte(w.id), w.data); err != nil {
				return removed, err
			}
		}
		b := tx.Bucket(bucketIdempotency)
		for _, rec := range records {
			data, err := json.Marshal(rec)
			if err != nil {
				return removed, err
			}
			if err := put(b, rec.dbKey(), data); err != nil {
				return removed, err
			}
		}
		return removed, nil
	})
	if err != nil {
		return fmt.Errorf("committing to the state file: %w", err)
	}
	p.full = false
	return nil
}

// resetBuckets empties the idempotency bucket and every table's bucket.
func resetBuckets(tx *bbolt.Tx, tables []string) error {
	for _, name := range append(tables, string(bucketIdempotency)) {
		if tx.Bucket([]byte(name)) != nil {
			if err := tx.DeleteBucket([]byte(name)); err != nil {
				return err
			}
		}
		if _, err := tx.CreateBucket([]byte(name)); err != nil {
			return err
		}
	}
	return nil
}

// decodedState is a database's content, decoded.
type decodedState struct {
	stages  map[string]tableStage
	records []idempotencyRecord
	rows    int
}

// decodeDB decodes every row of the database, for install: a file with one
// bad row then leaves the server as it was.
func (s *Server) decodeDB(tx *bbolt.Tx) (decodedState, error) {
	s.store.mu.Lock()
	tables := s.store.tables
	s.store.mu.Unlock()
	d := decodedState{stages: map[string]tableStage{}}
	err := tx.ForEach(func(name []byte, b *bbolt.Bucket) error {
		switch {
		case bytes.Equal(name, bucketMeta):
			return nil
		case bytes.Equal(name, bucketIdempotency):
			return b.ForEach(func(k, v []byte) error {
				var rec idempotencyRecord
				if err := json.Unmarshal(v, &rec); err != nil {
					return fmt.Errorf("idempotency record %q: %w", k, err)
				}
				d.records = append(d.records, rec)
				return nil
			})
		}
		t, ok := tables[string(name)]
		if !ok {
			return fmt.Errorf("the state file has an unknown collection %q", name)
		}
		stage := t.stage()
		d.stages[string(name)] = stage
		return b.ForEach(func(k, v []byte) error {
			d.rows++
			return stage.add(string(k), v)
		})
	})
	if err != nil {
		return decodedState{}, fmt.Errorf("reading the state file: %w", err)
	}
	return d, nil
}

// install puts decoded tables and idempotency records in place of the
// server's (a table without a stage is emptied) and leaves nothing marked
// as changed.
func (s *Server) install(stages map[string]tableStage, records []idempotencyRecord) {
	s.changes.Lock()
	defer s.changes.Unlock()
	s.store.mu.Lock()
	tracking := s.store.dirty != nil
	s.store.dirty = nil // NOTE: installed rows are not changes to commit
	for name, t := range s.store.tables {
		if st, ok := stages[name]; ok {
			st.install()
		} else {
			t.stage().install()
		}
		t.observeIDs(s.ids)
	}
	if tracking {
		s.store.dirty = map[rowKey]struct{}{}
	}
	s.store.full = false
	s.store.mu.Unlock()
	s.idem.restore(records)
}

// migrateLocked turns the JSON state file in f (locked) into a database:
// the old file is copied to PATH.v1.bak without its idempotency records,
// the database is written beside it and then renamed over it (publish), so
// that a crash at any point leaves either the JSON file (migrated again at
// the next start) or the database.
func (s *Server) migrateLocked(f *os.File) error {
	p := s.persist
	data, err := io.ReadAll(io.NewSectionReader(f, 0, math.MaxInt64))
	if err != nil {
		_ = f.Close()
		return err
	}
	if err := s.LoadState(data); err != nil {
		_ = f.Close()
		return &RefusedStateError{What: "the JSON state file cannot be migrated", Err: err}
	}
	backup := p.path + ".v1.bak"
	kept, err := withoutIdempotency(data)
	if err == nil {
		err = writeFileAtomic(backup, kept)
	}
	if err != nil {
		_ = f.Close()
		return fmt.Errorf("keeping the JSON state file: %w", err)
	}
	if err := s.createStateDB(f); err != nil {
		return fmt.Errorf("migrating the JSON state file: %w", err)
	}
	p.created = false // NOTE: the state is the JSON file's, seeded at its first start
	if err := s.commitLocked(); err != nil {
		_ = p.closeDBLocked()
		return fmt.Errorf("migrating the JSON state file: %w", err)
	}
	if log := s.journal.log; log != nil {
		log.Info("migrated the JSON state file to the database format", "path", p.path, "backup", backup)
	}
	releaseLoadGarbage(len(data) / 512)
	return nil
}

// withoutIdempotency returns a JSON state file of version 1 without its
// idempotency records, for the backup of a migrated one.
//
// NOTE: each record held the API key it was made with, in clear (the
// database holds only its SHA-256); without them the backup still holds
// every object, and an earlier ngrok-mock still reads it (a retried create
// is then not replayed).
func withoutIdempotency(data []byte) ([]byte, error) {
	var f map[string]json.RawMessage
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, err
	}
	delete(f, "idempotency")
	return json.MarshalIndent(f, "", "  ")
}

// legacyStateFile is the JSON state file of version 1.
type legacyStateFile struct {
	Version     int                        `json:"version"`
	Seq         uint64                     `json:"seq"` // insertion order; IDs order objects now
	Tables      map[string]json.RawMessage `json:"tables"`
	Idempotency []legacyIdempotency        `json:"idempotency,omitempty"`
}

type legacyTable struct {
	Rows []struct {
		ID  string          `json:"id"`
		Seq uint64          `json:"seq"`
		Val json.RawMessage `json:"val"`
	} `json:"rows"`
	// Gone listed deleted IDs, which were the only cursors besides live
	// ones; every well-formed ID is one now.
	Gone map[string]uint64 `json:"gone,omitempty"`
}

type legacyIdempotency struct {
	APIKey      string `json:"api_key"` // in clear: hashed on the way in
	Key         string `json:"key"`
	Fingerprint []byte `json:"fingerprint"`
	Status      int    `json:"status"`
	Body        []byte `json:"body"`
}

// LoadState replaces the server's state with a JSON state file of version
// 1, the format of -state before it moved to a database (LoadStateFile
// migrates such a file). It changes nothing when data cannot be read whole.
// With a state file, the next commit writes the whole loaded state.
func (s *Server) LoadState(data []byte) error {
	var f legacyStateFile
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return fmt.Errorf("reading state: %w", err)
	}
	if f.Version != legacyStateVersion {
		return fmt.Errorf("state version %d, want %d", f.Version, legacyStateVersion)
	}
	s.store.mu.Lock()
	tables := s.store.tables
	s.store.mu.Unlock()
	stages := map[string]tableStage{}
	for name, raw := range f.Tables {
		t, ok := tables[name]
		if !ok {
			return fmt.Errorf("state has unknown collection %q", name)
		}
		var lt legacyTable
		if err := json.Unmarshal(raw, &lt); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		stage := t.stage()
		for _, r := range lt.Rows {
			if err := stage.add(r.ID, r.Val); err != nil {
				return err
			}
		}
		stages[name] = stage
	}
	records := make([]idempotencyRecord, 0, len(f.Idempotency))
	for _, e := range f.Idempotency {
		rec := idempotencyRecord{Key: e.Key, Fingerprint: e.Fingerprint, Status: e.Status, Body: e.Body}
		rec.setAPIKeyHash(sha256.Sum256([]byte(e.APIKey)))
		records = append(records, rec)
	}
	s.install(stages, records)
	s.store.mu.Lock()
	s.store.full = s.store.dirty != nil
	s.store.mu.Unlock()
	return nil
}

// stateView is GET /_mock/state: everything the server holds, in ID order,
// without credentials (each stored type's redact, and idempotency records
// that hold only a hash of the API key). The CAs' private keys are left
// out: they are the mock's own keys, but a view that never shows a key can
// be pasted into a bug report as it is.
type stateView struct {
	Format      int                          `json:"format"`
	Collections map[string][]json.RawMessage `json:"collections"`
	Idempotency []idempotencyRecord          `json:"idempotency"`
}

// MarshalState returns everything the server holds as JSON (stateView), for
// the control API's GET /_mock/state.
func (s *Server) MarshalState() ([]byte, error) {
	s.changes.Lock()
	defer s.changes.Unlock()
	v := stateView{Format: stateFormat, Collections: map[string][]json.RawMessage{}}
	s.store.mu.Lock()
	for name, t := range s.store.tables {
		rows, err := t.viewLocked()
		if err != nil {
			s.store.mu.Unlock()
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		v.Collections[name] = rows
	}
	s.store.mu.Unlock()
	v.Idempotency = s.idem.records()
	return json.MarshalIndent(v, "", "  ")
}

// persistedTable is what the state file needs of every table, whatever it
// holds. The Locked methods run with the store lock held.
type persistedTable interface {
	encodeRowLocked(id string) ([]byte, error)
	forEachEncodedLocked(fn func(id string, data []byte) error) error
	viewLocked() ([]json.RawMessage, error)
	stage() tableStage
	observeIDs(*idSource)
	persistable() error
}

// tableStage holds decoded rows until install puts them in place of the
// table's (with the store lock held).
type tableStage interface {
	add(id string, data []byte) error
	install()
}

// encodeRowLocked returns the JSON of row id, or nil when the table does
// not hold it.
func (t *table[T]) encodeRowLocked(id string) ([]byte, error) {
	r, ok := t.rows[id]
	if !ok {
		return nil, nil
	}
	return json.Marshal(r.val)
}

func (t *table[T]) forEachEncodedLocked(fn func(id string, data []byte) error) error {
	var err error
	t.index.Ascend(func(r *row[T]) bool {
		var data []byte
		if data, err = json.Marshal(r.val); err == nil {
			err = fn(r.id, data)
		}
		return err == nil
	})
	return err
}

// redacter is implemented by stored types that hold a credential: redact
// blanks it in a copy, for the control API's view of the state.
type redacter interface{ redact() }

func (t *table[T]) viewLocked() ([]json.RawMessage, error) {
	out := make([]json.RawMessage, 0, len(t.rows))
	var err error
	t.index.Ascend(func(r *row[T]) bool {
		v := r.val
		if red, ok := any(&v).(redacter); ok {
			red.redact()
		}
		var data []byte
		data, err = json.Marshal(v)
		out = append(out, data)
		return err == nil
	})
	return out, err
}

type stagedRows[T any] struct {
	t    *table[T]
	rows []row[T]
}

func (t *table[T]) stage() tableStage { return &stagedRows[T]{t: t} }

func (st *stagedRows[T]) add(id string, data []byte) error {
	var v T
	if err := json.Unmarshal(data, &v); err != nil {
		return fmt.Errorf("%s %s: %w", st.t.name, id, err)
	}
	st.rows = append(st.rows, row[T]{id: id, val: v})
	return nil
}

func (st *stagedRows[T]) install() {
	t := st.t
	t.reset()
	t.rows = make(map[string]*row[T], len(st.rows))
	for i := range st.rows {
		t.putLocked(st.rows[i].id, st.rows[i].val)
	}
}

// observeIDs makes ids mint IDs greater than every ID of the table.
func (t *table[T]) observeIDs(ids *idSource) {
	if r, ok := t.index.Max(); ok {
		ids.observe(r.id)
	}
}

// tableNames lists the tables, for the state file's buckets.
func (st *store) tableNames() []string {
	st.mu.Lock()
	defer st.mu.Unlock()
	names := make([]string, 0, len(st.tables))
	for name := range st.tables {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// idempotencyRecord is a remembered create, in the state file and in the
// view of the state: the API key only as its SHA-256.
type idempotencyRecord struct {
	APIKeySHA256 string `json:"api_key_sha256"` // hex
	Key          string `json:"key"`
	Fingerprint  []byte `json:"fingerprint"`
	Status       int    `json:"status"`
	Body         []byte `json:"body"`
}

func (r *idempotencyRecord) setAPIKeyHash(h [32]byte) { r.APIKeySHA256 = hex.EncodeToString(h[:]) }

func (r *idempotencyRecord) cacheKey() (idempotencyKey, error) {
	k := idempotencyKey{key: r.Key}
	h, err := hex.DecodeString(r.APIKeySHA256)
	if err != nil || len(h) != len(k.apiKeyHash) {
		return k, fmt.Errorf("idempotency record %q: api_key_sha256 is not a SHA-256", r.Key)
	}
	copy(k.apiKeyHash[:], h)
	return k, nil
}

// dbKey orders records by API key, then Idempotency-Key.
func (r *idempotencyRecord) dbKey() []byte {
	h, _ := hex.DecodeString(r.APIKeySHA256)
	return append(h, r.Key...)
}

func recordOf(k idempotencyKey, e *idempotencyEntry) idempotencyRecord {
	rec := idempotencyRecord{Key: k.key, Fingerprint: e.fingerprint[:], Status: e.res.status, Body: e.res.body}
	rec.setAPIKeyHash(k.apiKeyHash)
	return rec
}

// drain returns the records remembered since the last commit, and whether
// the cache was cleared since (then everything must be written again).
func (c *idempotencyCache) drain() (recs []idempotencyRecord, cleared bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	cleared = c.cleared
	dirty := c.dirty
	c.dirty, c.cleared = nil, false
	for _, k := range dirty {
		if e, ok := c.entries[k]; ok {
			recs = append(recs, recordOf(k, e))
		}
	}
	return recs, cleared
}

// records returns every finished success, ordered by key.
func (c *idempotencyCache) records() []idempotencyRecord {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.recordsLocked()
}

func (c *idempotencyCache) recordsLocked() []idempotencyRecord {
	out := []idempotencyRecord{}
	for k, e := range c.entries {
		select {
		case <-e.done:
		default:
			continue // still running; committed after it finishes
		}
		if e.res.err != nil {
			continue
		}
		out = append(out, recordOf(k, e))
	}
	slices.SortFunc(out, func(a, b idempotencyRecord) int { return bytes.Compare(a.dbKey(), b.dbKey()) })
	return out
}

func (c *idempotencyCache) restore(records []idempotencyRecord) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.entries = map[idempotencyKey]*idempotencyEntry{}
	c.dirty, c.cleared = nil, false
	for _, rec := range records {
		k, err := rec.cacheKey()
		if err != nil {
			continue
		}
		e := &idempotencyEntry{done: make(chan struct{}), res: result{status: rec.Status, body: rec.Body}}
		copy(e.fingerprint[:], rec.Fingerprint)
		close(e.done)
		c.entries[k] = e
	}
}

// persistable reports why T would not survive a state file, or nil: stored
// types are persisted as encoding/json sees them, so every field must be
// exported and named by a json tag, down to nested structs, unless its type
// encodes itself as text or JSON.
func (t *table[T]) persistable() error {
	return checkPersistable(reflect.TypeFor[T](), reflect.TypeFor[T]().Name())
}

func checkPersistable(typ reflect.Type, path string) error {
	if typ.Implements(reflect.TypeFor[encoding.TextMarshaler]()) || typ.Implements(reflect.TypeFor[json.Marshaler]()) {
		return nil
	}
	switch typ.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
		return checkPersistable(typ.Elem(), path)
	case reflect.Struct:
		for f := range typ.Fields() {
			if !f.IsExported() {
				return fmt.Errorf("%s.%s is unexported: encoding/json would drop it", path, f.Name)
			}
			if tag := f.Tag.Get("json"); tag == "" || tag == "-" {
				return fmt.Errorf("%s.%s has no json tag", path, f.Name)
			}
			if err := checkPersistable(f.Type, path+"."+f.Name); err != nil {
				return err
			}
		}
	}
	return nil
}

func writeFileAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	defer func() { _ = os.Remove(tmp.Name()) }()
	if _, err := tmp.Write(data); err != nil {
		_ = tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		_ = tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	syncDir(dir)
	return nil
}

// syncDir makes a rename in dir durable.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		_ = d.Close()
	}
}
