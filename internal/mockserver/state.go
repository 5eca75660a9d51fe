package mockserver

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
)

// stateVersion changes whenever the file format does; a file of another
// version is refused rather than half-read.
const stateVersion = 1

// stateFile is the JSON form of everything the server holds: each table's
// rows (each row type has a MarshalJSON of its own, since stored types keep
// their fields unexported) and the successful creates the idempotency cache
// would replay.
type stateFile struct {
	Version     int                        `json:"version"`
	Seq         uint64                     `json:"seq"`
	Tables      map[string]json.RawMessage `json:"tables"`
	Idempotency []idempotencyState         `json:"idempotency,omitempty"`
}

type tableState[T any] struct {
	Rows []rowState[T]     `json:"rows"`
	Gone map[string]uint64 `json:"gone,omitempty"`
}

type rowState[T any] struct {
	ID  string `json:"id"`
	Seq uint64 `json:"seq"`
	Val T      `json:"val"`
}

type idempotencyState struct {
	APIKey      string `json:"api_key"`
	Key         string `json:"key"`
	Fingerprint []byte `json:"fingerprint"`
	Status      int    `json:"status"`
	Body        []byte `json:"body"`
}

// persister writes the state file after every change, atomically: a crash
// leaves either the old file or the new one, never a torn one.
type persister struct {
	mu   sync.Mutex
	path string
}

// WithStateFile saves the server's state to path after every change, before
// the change is answered, so that a server killed at any moment and started
// again with LoadStateFile has every change it answered (and replays creates
// retried with the same Idempotency-Key).
func WithStateFile(path string) Option {
	return func(s *Server) { s.persist = &persister{path: path} }
}

// Close releases the state file; the server must not serve after it.
func (s *Server) Close() error { return nil }

// LoadStateFile loads the state file given to WithStateFile, if it exists.
func (s *Server) LoadStateFile() error {
	if s.persist == nil {
		return errors.New("no state file configured")
	}
	return s.loadStateFile()
}

// SaveState writes the state to the state file; it is a no-op without one.
func (s *Server) SaveState() error {
	if s.persist == nil {
		return nil
	}
	// NOTE: one lock over the snapshot and the write: with two changes
	// saving at once, the snapshot taken later must also be written later,
	// or the file would lose the later change.
	s.persist.mu.Lock()
	defer s.persist.mu.Unlock()
	data, err := s.MarshalState()
	if err != nil {
		return err
	}
	return writeFileAtomic(s.persist.path, data)
}

// MarshalState returns the server's state as JSON, the format of the state
// file and of the control API's GET /_mock/state.
func (s *Server) MarshalState() ([]byte, error) {
	s.commit.Lock()
	defer s.commit.Unlock()
	f := stateFile{Version: stateVersion, Tables: map[string]json.RawMessage{}}
	s.store.mu.Lock()
	tables := s.store.tables
	for name, t := range tables {
		raw, err := t.marshalRows()
		if err != nil {
			s.store.mu.Unlock()
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		f.Tables[name] = raw
	}
	s.store.mu.Unlock()
	f.Idempotency = s.idem.snapshot()
	return json.MarshalIndent(f, "", "  ")
}

// inChange runs fn as one change: a snapshot of the state holds all of it or
// none of it.
func (s *Server) inChange(fn func()) {
	s.commit.RLock()
	defer s.commit.RUnlock()
	fn()
}

// LoadState replaces the server's state with data from MarshalState. It
// changes nothing when data cannot be read whole.
func (s *Server) LoadState(data []byte) error {
	var f stateFile
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return fmt.Errorf("reading state: %w", err)
	}
	if f.Version != stateVersion {
		return fmt.Errorf("state version %d, want %d", f.Version, stateVersion)
	}
	s.commit.Lock()
	defer s.commit.Unlock()
	s.store.mu.Lock()
	defer s.store.mu.Unlock()
	for name := range f.Tables {
		if _, ok := s.store.tables[name]; !ok {
			return fmt.Errorf("state has unknown collection %q", name)
		}
	}
	// NOTE: every table is decoded before any is replaced, so that a file
	// with one bad table leaves the server as it was, not half loaded.
	commits := make([]func(), 0, len(s.store.tables))
	for name, t := range s.store.tables {
		raw, ok := f.Tables[name]
		if !ok {
			raw = json.RawMessage(`{"rows":[]}`)
		}
		commit, err := t.unmarshalRows(raw)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		commits = append(commits, commit)
	}
	for _, commit := range commits {
		commit()
	}
	for _, t := range s.store.tables {
		t.observeIDs(s.ids)
	}
	s.idem.restore(f.Idempotency)
	return nil
}

func (s *Server) loadStateFile() error {
	data, err := os.ReadFile(s.persist.path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	return s.LoadState(data)
}

// marshalRows and unmarshalRows run with the store lock held.
func (t *table[T]) marshalRows() (json.RawMessage, error) {
	var ts tableState[T]
	t.index.Ascend(func(r *row[T]) bool {
		ts.Rows = append(ts.Rows, rowState[T]{ID: r.id, Seq: uint64(len(ts.Rows) + 1), Val: r.val})
		return true
	})
	return json.Marshal(ts)
}

// unmarshalRows decodes raw and returns the function that puts the decoded
// rows in place of the table's.
func (t *table[T]) unmarshalRows(raw json.RawMessage) (func(), error) {
	var ts tableState[T]
	if err := json.Unmarshal(raw, &ts); err != nil {
		return nil, err
	}
	return func() {
		t.reset()
		for _, rs := range ts.Rows {
			t.putLocked(rs.ID, rs.Val)
		}
	}, nil
}

// observeIDs makes ids mint IDs greater than every ID of the table.
func (t *table[T]) observeIDs(ids *idSource) {
	if r, ok := t.index.Max(); ok {
		ids.observe(r.id)
	}
}

func (c *idempotencyCache) snapshot() []idempotencyState {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []idempotencyState
	for k, e := range c.entries {
		select {
		case <-e.done:
		default:
			continue // still running; its result is saved after it finishes
		}
		if e.res.err != nil {
			continue
		}
		out = append(out, idempotencyState{APIKey: k.apiKey, Key: k.key, Fingerprint: e.fingerprint[:],
			Status: e.res.status, Body: e.res.body})
	}
	slices.SortFunc(out, func(a, b idempotencyState) int { return bytes.Compare([]byte(a.Key), []byte(b.Key)) })
	return out
}

func (c *idempotencyCache) restore(entries []idempotencyState) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.entries = map[idempotencyKey]*idempotencyEntry{}
	for _, st := range entries {
		e := &idempotencyEntry{done: make(chan struct{}), res: result{status: st.Status, body: st.Body}}
		copy(e.fingerprint[:], st.Fingerprint)
		close(e.done)
		c.entries[idempotencyKey{apiKey: st.APIKey, key: st.Key}] = e
	}
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
	// NOTE: the rename is durable only once the directory is synced too.
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		_ = d.Close()
	}
	return nil
}
