package mockserver

import (
	"sync"

	"github.com/google/btree"
)

// store is the state shared by all collections. One mutex guards every table
// so that rules spanning collections (a domain in use by an endpoint, a
// certificate signed by an authority) can later be checked and applied
// atomically without a lock order to get wrong.
type store struct {
	mu     sync.Mutex
	tables map[string]adminTable // every table by collection name, for the control API

	// dirty holds the rows changed since the last commit (state.go); it is
	// nil when no state file is kept. full means every row must be written
	// again (after a Reset, or a state loaded over the server's).
	dirty map[rowKey]struct{}
	full  bool
}

// rowKey names one row of one table.
type rowKey struct{ table, id string }

// touch records that the row id of table changed; the store lock must be
// held. Every change of a row goes through putLocked or removeLocked, which
// call it.
func (st *store) touch(table, id string) {
	if st.dirty != nil {
		st.dirty[rowKey{table, id}] = struct{}{}
	}
}

// table is one collection of objects of type T, keyed by ID. Values are
// copied in and out, so a handler never holds a pointer into shared state.
//
// NOTE: rows holds each row by ID for gets; index holds the same rows in ID
// order, which is creation order for every ID this server mints (ids.go),
// so a list page is a walk down the index from its cursor: O(log N + page
// size), wherever the cursor is. A B-tree (github.com/google/btree) rather
// than a sorted slice, because a delete from the middle of a slice moves
// everything after it.
type table[T any] struct {
	st     *store
	ids    *idSource
	name   string // path segment and list property, e.g. "ssh_certificate_authorities"
	noun   string // for messages, e.g. "SSH certificate authority"
	prefix string // ID prefix, e.g. "sshca_"

	rows  map[string]*row[T]
	index *btree.BTreeG[*row[T]]

	// removed (optional) runs, with the store lock held, after a row is
	// removed by removeLocked: what goes with it (collection.go).
	removed func(v *T)
	// unique (optional) is a key of a row that no other row may share (an IP
	// policy rule's policy and cidr); byKey indexes the rows by it, so that
	// a rule of uniqueness is checked in constant time however many rows
	// there are. Every change goes through putLocked and removeLocked, which
	// keep it.
	unique func(v *T) string
	byKey  map[string]string
}

type row[T any] struct {
	id  string
	val T
}

// indexDegree is the B-tree's branching factor: nodes of up to 63 pointers,
// a few cache lines each.
const indexDegree = 32

func newTable[T any](st *store, ids *idSource, name, noun, prefix string) *table[T] {
	t := &table[T]{
		st:     st,
		ids:    ids,
		name:   name,
		noun:   noun,
		prefix: prefix,
	}
	t.reset()
	st.register(name, t)
	return t
}

// reset empties the table; the store lock must be held (or the table not
// yet shared).
func (t *table[T]) reset() {
	t.rows = map[string]*row[T]{}
	t.index = btree.NewG(indexDegree, func(a, b *row[T]) bool { return a.id < b.id })
	t.byKey = map[string]string{}
}

// idByKeyLocked is the ID of the row whose unique key is key; the store
// lock must be held.
func (t *table[T]) idByKeyLocked(key string) (string, bool) {
	id, ok := t.byKey[key]
	return id, ok
}

// kind describes the IDs of this table, for route declarations and messages.
func (t *table[T]) kind() idKind { return idKind{prefix: t.prefix, noun: t.noun} }

// insert mints an ID, builds the object for it and stores it.
func (t *table[T]) insert(build func(id string) T) (T, *apiError) {
	return t.insertChecked(nil, build)
}

// insertChecked is insert with a precondition: check (when not nil) runs
// under the store lock, so that a rule spanning tables (a domain reserved
// once) holds at the moment the object is stored. A failed check stores
// nothing. The ID is minted under the lock too, so that ID order is the
// order in which objects were stored.
func (t *table[T]) insertChecked(check func() *apiError, build func(id string) T) (T, *apiError) {
	t.st.mu.Lock()
	defer t.st.mu.Unlock()
	if check != nil {
		if err := check(); err != nil {
			var zero T
			return zero, err
		}
	}
	return t.insertLocked(build)
}

// insertLocked is insert with the store lock held, for a caller that checks
// rules spanning tables itself.
func (t *table[T]) insertLocked(build func(id string) T) (T, *apiError) {
	id, err := t.ids.newID(t.prefix)
	if err != nil {
		var zero T
		return zero, internalError("%v", err)
	}
	v := build(id)
	t.putLocked(id, v)
	return v, nil
}

// putLocked stores v under id, replacing any row of that ID; the store
// lock must be held.
func (t *table[T]) putLocked(id string, v T) {
	t.st.touch(t.name, id)
	if t.unique != nil {
		if r, ok := t.rows[id]; ok {
			delete(t.byKey, t.unique(&r.val))
		}
		t.byKey[t.unique(&v)] = id
	}
	if r, ok := t.rows[id]; ok {
		r.val = v
		return
	}
	r := &row[T]{id: id, val: v}
	t.rows[id] = r
	t.index.ReplaceOrInsert(r)
}

// removeLocked deletes the row of id, reporting whether there was one; the
// store lock must be held.
func (t *table[T]) removeLocked(id string) bool {
	r, ok := t.rows[id]
	if !ok {
		return false
	}
	delete(t.rows, id)
	t.index.Delete(r)
	t.st.touch(t.name, id)
	if t.unique != nil {
		delete(t.byKey, t.unique(&r.val))
	}
	if t.removed != nil {
		t.removed(&r.val)
	}
	return true
}

// rowLocked is the row of id, or the API's 404; the store lock must be held.
func (t *table[T]) rowLocked(id string) (*row[T], *apiError) {
	r, ok := t.rows[id]
	if !ok {
		return nil, notFound()
	}
	return r, nil
}

func (t *table[T]) get(id string) (T, *apiError) {
	t.st.mu.Lock()
	defer t.st.mu.Unlock()
	r, err := t.rowLocked(id)
	if err != nil {
		var zero T
		return zero, err
	}
	return r.val, nil
}

// update applies fn to a copy of the object and stores the copy only if fn
// succeeds, so a rejected change leaves no trace.
func (t *table[T]) update(id string, fn func(*T) *apiError) (T, *apiError) {
	t.st.mu.Lock()
	defer t.st.mu.Unlock()
	var zero T
	r, err := t.rowLocked(id)
	if err != nil {
		return zero, err
	}
	v := r.val
	if err := fn(&v); err != nil {
		return zero, err
	}
	t.putLocked(id, v)
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
	if _, err := t.rowLocked(id); err != nil {
		return err
	}
	if check != nil {
		if err := check(); err != nil {
			return err
		}
	}
	t.removeLocked(id)
	return nil
}

// putNew stores v under an ID the caller minted (insert mints its own), for
// objects that must know their ID before they are stored, such as a signed
// certificate whose key ID is its object ID. check (when not nil) runs under
// the store lock like removeChecked's, so that a rule spanning tables (a
// certificate's authority still exists) holds at the moment v is stored. A
// failed check stores nothing.
func (t *table[T]) putNew(id string, v T, check func() *apiError) *apiError {
	t.st.mu.Lock()
	defer t.st.mu.Unlock()
	if check != nil {
		if err := check(); err != nil {
			return err
		}
	}
	// NOTE: unreachable while IDs are minted greater than every ID held
	// (ids.go); kept so that a broken generator cannot overwrite an object.
	if _, live := t.rows[id]; live {
		return internalError("the minted %s ID %s is already taken", t.noun, id)
	}
	t.putLocked(id, v)
	return nil
}

// putSeeded stores the object build makes under a fixed ID, refusing one
// already taken. IDs minted later sort after it.
func (t *table[T]) putSeeded(id string, build func(id string) T) (T, bool) {
	t.st.mu.Lock()
	defer t.st.mu.Unlock()
	if _, live := t.rows[id]; live {
		var zero T
		return zero, false
	}
	t.ids.observe(id)
	v := build(id)
	t.putLocked(id, v)
	return v, true
}

func (t *table[T]) len() int {
	t.st.mu.Lock()
	defer t.st.mu.Unlock()
	return len(t.rows)
}

// maxDescendBatch bounds the rows copied under one hold of the store lock.
const maxDescendBatch = 1024

// descend calls fn with copies of the rows whose IDs are less than before
// (every row when before is ""), greatest ID (newest) first, until fn
// returns false or the rows run out.
//
// NOTE: rows are copied under the store lock in batches, first of batch
// rows (a page and one more, when the caller knows its page size), then
// growing; fn runs without the lock, so that a slow filter holds up no
// writer. A batch resumes below the last ID seen, so a row stored or
// deleted between batches is seen or not as if the walk had started later,
// and none is seen twice.
func (t *table[T]) descend(before string, batch int, fn func(r *row[T]) bool) {
	batch = min(max(batch, 1), maxDescendBatch)
	buf := make([]row[T], 0, batch)
	pivot := before
	for {
		buf = buf[:0]
		collect := func(r *row[T]) bool {
			if pivot != "" && r.id >= pivot {
				return true // the cursor itself, when it is held
			}
			buf = append(buf, *r)
			return len(buf) < batch
		}
		t.st.mu.Lock()
		if pivot == "" {
			t.index.Descend(collect)
		} else {
			t.index.DescendLessOrEqual(&row[T]{id: pivot}, collect)
		}
		t.st.mu.Unlock()
		for i := range buf {
			if !fn(&buf[i]) {
				return
			}
		}
		if len(buf) < batch {
			return
		}
		pivot = buf[len(buf)-1].id
		batch = min(2*batch, maxDescendBatch)
		if cap(buf) < batch {
			buf = make([]row[T], 0, batch)
		}
	}
}
