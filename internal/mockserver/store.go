package mockserver

import (
	"cmp"
	"slices"
	"sync"
)

// store is the state shared by all collections. One mutex guards every table
// so that rules spanning collections (a domain in use by an endpoint, a
// certificate signed by an authority) can later be checked and applied
// atomically without a lock order to get wrong.
type store struct {
	mu     sync.Mutex
	seq    uint64                // insertion sequence; orders lists when timestamps tie
	tables map[string]adminTable // every table by collection name, for the control API
}

// table is one collection of objects of type T, keyed by ID. Values are
// copied in and out, so a handler never holds a pointer into shared state.
type table[T any] struct {
	st     *store
	ids    *idSource
	name   string // path segment and list property, e.g. "ssh_certificate_authorities"
	noun   string // for messages, e.g. "SSH certificate authority"
	prefix string // ID prefix, e.g. "sshca_"

	rows  map[string]*row[T]
	order []*row[T] // ascending seq: oldest first
	// gone remembers the sequence of deleted objects so that a before_id
	// cursor stays usable when a client deletes what it is paging through.
	gone map[string]uint64
}

type row[T any] struct {
	id  string
	seq uint64
	val T
}

func newTable[T any](st *store, ids *idSource, name, noun, prefix string) *table[T] {
	t := &table[T]{
		st:     st,
		ids:    ids,
		name:   name,
		noun:   noun,
		prefix: prefix,
		rows:   map[string]*row[T]{},
		gone:   map[string]uint64{},
	}
	st.register(name, t)
	return t
}

// kind describes the IDs of this table, for route declarations and messages.
func (t *table[T]) kind() idKind { return idKind{prefix: t.prefix, noun: t.noun} }

// maxIDAttempts bounds the retries on an ID collision, which only a
// deterministic test reader can realistically cause.
const maxIDAttempts = 8

// insert mints an ID, builds the object for it and stores it.
func (t *table[T]) insert(build func(id string) T) (T, *apiError) {
	for range maxIDAttempts {
		id, err := t.ids.newID(t.prefix)
		if err != nil {
			var zero T
			return zero, errInternal("%v", err)
		}
		if v, ok := t.tryInsert(id, build); ok {
			return v, nil
		}
	}
	var zero T
	return zero, errInternal("could not mint a unique %s ID", t.noun)
}

func (t *table[T]) tryInsert(id string, build func(id string) T) (T, bool) {
	t.st.mu.Lock()
	defer t.st.mu.Unlock()
	if _, taken := t.rows[id]; taken {
		var zero T
		return zero, false
	}
	if _, taken := t.gone[id]; taken {
		var zero T
		return zero, false
	}
	t.st.seq++
	r := &row[T]{id: id, seq: t.st.seq, val: build(id)}
	t.rows[id] = r
	t.order = append(t.order, r)
	return r.val, true
}

func (t *table[T]) get(id string) (T, *apiError) {
	t.st.mu.Lock()
	defer t.st.mu.Unlock()
	r, ok := t.rows[id]
	if !ok {
		var zero T
		return zero, errNotFound()
	}
	return r.val, nil
}

// update applies fn to a copy of the object and stores the copy only if fn
// succeeds, so a rejected change leaves no trace.
func (t *table[T]) update(id string, fn func(*T) *apiError) (T, *apiError) {
	t.st.mu.Lock()
	defer t.st.mu.Unlock()
	r, ok := t.rows[id]
	if !ok {
		var zero T
		return zero, errNotFound()
	}
	v := r.val
	if err := fn(&v); err != nil {
		var zero T
		return zero, err
	}
	r.val = v
	return v, nil
}

func (t *table[T]) remove(id string) *apiError { return t.removeChecked(id, nil) }

// removeChecked is remove with a precondition: check (when not nil) runs
// under the store lock, so that a rule spanning tables (a reserved domain
// that an endpoint uses cannot go) holds at the moment of the delete. It may
// read other tables' rows directly, but must not lock.
func (t *table[T]) removeChecked(id string, check func() *apiError) *apiError {
	t.st.mu.Lock()
	defer t.st.mu.Unlock()
	r, ok := t.rows[id]
	if !ok {
		return errNotFound()
	}
	if check != nil {
		if err := check(); err != nil {
			return err
		}
	}
	delete(t.rows, id)
	t.gone[id] = r.seq
	if i, found := slices.BinarySearchFunc(t.order, r.seq, func(x *row[T], seq uint64) int {
		return cmp.Compare(x.seq, seq)
	}); found {
		t.order = slices.Delete(t.order, i, i+1)
	}
	return nil
}

// putNew stores v under an ID the caller minted (insert mints its own), for
// objects that must know their ID before they are stored, such as a signed
// certificate whose key ID is its object ID. check (when not nil) runs under
// the store lock like removeChecked's, so that a rule spanning tables (a
// certificate's authority still exists) holds at the moment v is stored. A
// failed check stores nothing.
// taken reports an ID collision: mint another ID and try again.
func (t *table[T]) putNew(id string, v T, check func() *apiError) (taken bool, err *apiError) {
	t.st.mu.Lock()
	defer t.st.mu.Unlock()
	if check != nil {
		if err := check(); err != nil {
			return false, err
		}
	}
	if _, live := t.rows[id]; live {
		return true, nil
	}
	if _, dead := t.gone[id]; dead {
		return true, nil
	}
	t.st.seq++
	r := &row[T]{id: id, seq: t.st.seq, val: v}
	t.rows[id] = r
	t.order = append(t.order, r)
	return false, nil
}

func (t *table[T]) len() int {
	t.st.mu.Lock()
	defer t.st.mu.Unlock()
	return len(t.rows)
}

// newestFirst returns copies of the rows created before the object named by
// before (all rows when before is empty), newest first. ok is false when
// before names no object this table has ever held.
func (t *table[T]) newestFirst(before string) (rows []row[T], ok bool) {
	t.st.mu.Lock()
	defer t.st.mu.Unlock()
	limit := t.st.seq + 1
	if before != "" {
		if r, live := t.rows[before]; live {
			limit = r.seq
		} else if seq, dead := t.gone[before]; dead {
			limit = seq
		} else {
			return nil, false
		}
	}
	rows = make([]row[T], 0, len(t.order))
	for i := len(t.order) - 1; i >= 0; i-- {
		if r := t.order[i]; r.seq < limit {
			rows = append(rows, *r)
		}
	}
	return rows, true
}
