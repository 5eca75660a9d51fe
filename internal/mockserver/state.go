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
	"os"
	"path/filepath"
	"reflect"
	"runtime/debug"
	"slices"
	"strconv"
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

// lockTimeout bounds the wait for a state file that another process holds.
const lockTimeout = time.Second

// persister is the state file of a server.
type persister struct {
	path string
	// mu serialises commits, and guards db, full and closed.
	mu     sync.Mutex
	db     *bbolt.DB // nil until LoadStateFile or the first commit opens it
	full   bool      // the next commit writes every row, not only the changed ones
	closed bool
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
	return func(s *Server) { s.persist = &persister{path: path} }
}

// LoadStateFile opens the state file given to WithStateFile, creating it
// when missing, and replaces the server's state with what it holds. A JSON
// state file of version 1 is migrated: kept as PATH.v1.bak, replaced by a
// database holding the same objects. Nothing is loaded when the file cannot
// be read whole.
func (s *Server) LoadStateFile() error {
	p := s.persist
	if p == nil {
		return errors.New("no state file configured")
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	switch {
	case p.closed:
		return errors.New("the state file is closed")
	case p.db != nil:
		return errors.New("the state file is already loaded")
	}
	f, err := os.Open(p.path)
	if errors.Is(err, os.ErrNotExist) {
		db, err := openStateDB(p.path)
		if err != nil {
			return err
		}
		// NOTE: what the server already holds (seeded before the load, say)
		// goes into the new file at the next commit.
		p.db, p.full = db, true
		return nil
	}
	if err != nil {
		return err
	}
	var first [1]byte
	_, err = io.ReadFull(f, first[:])
	_ = f.Close()
	if err == nil && first[0] == '{' {
		return s.migrateLocked()
	}
	db, err := openStateDB(p.path)
	if err != nil {
		return err
	}
	n, err := s.loadDB(db)
	if err == nil {
		// NOTE: reopened so that the pages read at load leave the
		// process's memory: bbolt reads through a shared mapping of the
		// file, whose pages count as the process's own once touched (45
		// MiB at 100,000 objects); commits touch only a few of them.
		if err = db.Close(); err == nil {
			db, err = openStateDB(p.path)
		}
	}
	if err != nil {
		if db != nil {
			_ = db.Close()
		}
		return err
	}
	p.db = db
	releaseLoadGarbage(n)
	return nil
}

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
// an error, as its changes can no longer be kept.
func (s *Server) Close() error {
	p := s.persist
	if p == nil {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.closed = true
	if p.db == nil {
		return nil
	}
	err := p.db.Close()
	p.db = nil
	return err
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
		db, err := openStateDB(p.path)
		if err != nil {
			return err
		}
		p.db, p.full = db, true
	}
	err := s.commitLocked()
	if err != nil {
		// NOTE: what this commit collected is no longer marked as changed;
		// the next commit writes everything instead.
		p.full = true
	}
	return err
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

	err = p.db.Update(func(tx *bbolt.Tx) error {
		if full {
			if err := resetBuckets(tx, s.store.tableNames()); err != nil {
				return err
			}
		}
		buckets := map[string]*bbolt.Bucket{}
		for _, w := range writes {
			b := buckets[w.table]
			if b == nil {
				var err error
				if b, err = tx.CreateBucketIfNotExists([]byte(w.table)); err != nil {
					return err
				}
				buckets[w.table] = b
			}
			if w.data == nil {
				if err := b.Delete([]byte(w.id)); err != nil {
					return err
				}
				continue
			}
			if err := b.Put([]byte(w.id), w.data); err != nil {
				return err
			}
		}
		b := tx.Bucket(bucketIdempotency)
		for _, rec := range records {
			data, err := json.Marshal(rec)
			if err != nil {
				return err
			}
			if err := b.Put(rec.dbKey(), data); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("committing to the state file: %w", err)
	}
	p.full = false
	return nil
}

// openStateDB opens (or creates) the database and checks its format.
func openStateDB(path string) (*bbolt.DB, error) {
	db, err := bbolt.Open(path, stateFileMode, &bbolt.Options{Timeout: lockTimeout, FreelistType: bbolt.FreelistMapType})
	switch {
	case errors.Is(err, berrors.ErrTimeout):
		return nil, fmt.Errorf("%s is in use by another process", path)
	case errors.Is(err, berrors.ErrInvalid), errors.Is(err, berrors.ErrVersionMismatch), errors.Is(err, berrors.ErrChecksum):
		return nil, fmt.Errorf("%s is not an ngrok-mock state file (nor a JSON one of version %d): %w", path, legacyStateVersion, err)
	case err != nil:
		return nil, err
	}
	err = db.Update(func(tx *bbolt.Tx) error {
		meta, err := tx.CreateBucketIfNotExists(bucketMeta)
		if err != nil {
			return err
		}
		switch v := meta.Get(keyFormat); {
		case v == nil:
			if err := meta.Put(keyFormat, []byte(strconv.Itoa(stateFormat))); err != nil {
				return err
			}
		case string(v) != strconv.Itoa(stateFormat):
			return fmt.Errorf("state file format %q; this ngrok-mock reads format %d", v, stateFormat)
		}
		_, err = tx.CreateBucketIfNotExists(bucketIdempotency)
		return err
	})
	if err != nil {
		_ = db.Close()
		return nil, err
	}
	return db, nil
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

// loadDB replaces the server's state with the database's. Every row is
// decoded before any table is replaced, so that a file with one bad row
// leaves the server as it was.
func (s *Server) loadDB(db *bbolt.DB) (rows int, err error) {
	s.store.mu.Lock()
	tables := s.store.tables
	s.store.mu.Unlock()
	stages := map[string]tableStage{}
	var records []idempotencyRecord
	err = db.View(func(tx *bbolt.Tx) error {
		return tx.ForEach(func(name []byte, b *bbolt.Bucket) error {
			switch {
			case bytes.Equal(name, bucketMeta):
				return nil
			case bytes.Equal(name, bucketIdempotency):
				return b.ForEach(func(k, v []byte) error {
					var rec idempotencyRecord
					if err := json.Unmarshal(v, &rec); err != nil {
						return fmt.Errorf("idempotency record %q: %w", k, err)
					}
					records = append(records, rec)
					return nil
				})
			}
			t, ok := tables[string(name)]
			if !ok {
				return fmt.Errorf("the state file has an unknown collection %q", name)
			}
			stage := t.stage()
			stages[string(name)] = stage
			return b.ForEach(func(k, v []byte) error {
				rows++
				return stage.add(string(k), v)
			})
		})
	})
	if err != nil {
		return 0, fmt.Errorf("reading the state file: %w", err)
	}
	s.install(stages, records)
	s.persist.full = false
	return rows, nil
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

// migrateLocked turns the JSON state file at the persister's path into a
// database: the old file is copied to PATH.v1.bak, the database is written
// beside it and then renamed over it, so that a crash at any point leaves
// either the JSON file (migrated again at the next start) or the database.
func (s *Server) migrateLocked() error {
	p := s.persist
	data, err := os.ReadFile(p.path)
	if err != nil {
		return err
	}
	if err := s.LoadState(data); err != nil {
		return fmt.Errorf("migrating the JSON state file: %w", err)
	}
	backup := p.path + ".v1.bak"
	if err := writeFileAtomic(backup, data); err != nil {
		return fmt.Errorf("keeping the JSON state file: %w", err)
	}
	tmp := p.path + ".migrating"
	if err := os.Remove(tmp); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	db, err := openStateDB(tmp)
	if err != nil {
		return err
	}
	p.db, p.full = db, true
	err = s.commitLocked()
	if err == nil {
		err = os.Rename(tmp, p.path)
	}
	if err == nil {
		syncDir(filepath.Dir(p.path))
	}
	if err != nil {
		_ = db.Close()
		_ = os.Remove(tmp)
		p.db = nil
		return fmt.Errorf("migrating the JSON state file: %w", err)
	}
	if log := s.journal.log; log != nil {
		log.Info("migrated the JSON state file to the database format", "path", p.path, "backup", backup)
	}
	releaseLoadGarbage(len(data) / 512)
	return nil
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
