package apiclient

import (
	"cmp"
	"context"
	"sync"
	"time"
)

// Refresh through lists.
//
// A Terraform refresh reads each object of a configuration with one Get, so
// a plan of N objects costs N requests: minutes for a large configuration
// under the API's rate limit. For the listable types (reserved domains,
// endpoints, host and user certificates, and every Collection: SSH
// certificate authorities, IP policies and their rules, TLS certificates)
// the client instead answers the Gets of one run from the type's list, read page
// by page (100 objects a request) while Gets wait for objects not yet seen.
// The list decodes into the same structs as a Get: the API returns the same
// object in both.
//
// A Collection's Gets may name a filter (GetIn): they are answered from the
// list narrowed by it, the rules of one IP policy from their policy's list,
// which holds them on its first pages wherever the account holds others.
//
// The rules, each kept by listCache:
//   - The first Gets of a type go to the API (snapshotTuning.threshold); only
//     further distinct IDs use the list. A one-object plan costs one GET and
//     waits for nothing.
//   - An object missing from the list (created since, not listed, or gone)
//     is read with a GET: a 404 is never inferred from a list.
//   - Each object is answered from a list at most once, and never after this
//     client wrote it (create, update, delete): a repeated read (a poll, a
//     read after a write) asks for the object's current state, so it goes to
//     the API. A Get waiting on a list while the object is written is not
//     answered from a page whose request started before that write ended.
//   - A listed object answers only for snapshotTuning.ttl after its page
//     arrived, and the snapshot lives in the Client, which the provider makes
//     anew for every Terraform command: nothing outlives the run.
//   - Concurrent Gets share one reader, which reads a page only while some
//     Get waits, and only while pages pay for themselves (mayRead): a small
//     configuration whose objects sit deep in a list of thousands costs
//     snapshotTuning.slack requests more than GETs would.
//   - A failed page read sends the waiting Gets, and every later Get of the
//     type, to the API for the rest of the client's life: no retry loop.

// snapshotTuning sets when and how long Gets are answered from lists.
type snapshotTuning struct {
	// threshold is how many distinct IDs of a type are read with GET before
	// the list is used.
	threshold int
	// ttl bounds how long a listed object answers a Get.
	ttl time.Duration
	// slack is how many pages a snapshot may read beyond the number of Gets
	// its pages have answered.
	slack int
}

// defaultSnapshotTuning is the tuning of the provider.
//
// NOTE: the trigger is a count of one, chosen with BenchmarkRefreshFromLists:
// N authorities read ten at a time (Terraform's parallelism) by fresh
// clients, against the in-process mock with 0 and 30 ms of added latency.
// Requests per refresh, by GET / count 1 (this) / count 0 / count 3 / a
// 2 ms batching window after count 1:
//
//	N = 1:     1 / 1 / 1 / 1 / 1      N = 100:  100 / 2 / 1 / 4 / 1
//	N = 5:     5 / 2 / 1 / 4 / 1      N = 1000: 1000 / 11 / 10-11 / 13 / 10-12
//	N = 20:   20 / 2 / 1 / 4 / 1      1 among 2,000 others: 1 / 1 / 4 / 1 / 1
//
// Count 0 lists for a single object: in an account with many objects of the
// type, that is 4 requests and 4 round trips instead of 1. Count 3 spends
// two more GETs on every larger refresh. The window saves one request, but
// adds its length to every type's first read (30 ms latency: 31 → 40 ms for
// N = 1). With count 1 a single object is one GET with nothing added, and
// N = 1000 takes 11 requests, 0.34 s instead of 3.4 s at 30 ms (14 ms
// instead of 374 ms without latency).
//
// A slack of 3 pages: it is the waste when no page answers anything, 3
// requests and 3 round trips more than GETs (5 among 2,000 others: 8
// requests instead of 5, 127 ms instead of 31 ms at 30 ms latency). With 2,
// ten waiting Gets find nothing on the first two pages of a list of 1,000
// one plan in seven and are released to GETs; with 3, one in twenty-five.
// Through Terraform (terraform plan of 1,000 authorities against ngrok-mock),
// eight plans out of eight took 11 requests instead of 1,000, in the same
// wall time within the noise of a loaded machine.
//
// A ttl of 30 s covers one type's refresh, which reads its objects within
// seconds even when throttled, and bounds how stale an answer may be to
// about the time a plan takes anyway; an object read later costs a fresh
// page, not a stale answer.
func defaultSnapshotTuning() snapshotTuning {
	return snapshotTuning{threshold: 1, ttl: 30 * time.Second, slack: 3}
}

// WithRefreshFromLists turns on (the default) or off answering Gets of the
// listable types from their lists.
func WithRefreshFromLists(on bool) Option {
	return func(c *Client) { c.listSettings().off = !on }
}

// withSnapshotTuning replaces the default tuning, for tests and benchmarks.
func withSnapshotTuning(t snapshotTuning) Option {
	return func(c *Client) { c.listSettings().tuning = &t }
}

// listCaches holds a Client's snapshots, one per listable type; with the
// feature off, the caches are nil.
type listCaches struct {
	off    bool
	tuning *snapshotTuning // nil: defaultSnapshotTuning

	reservedDomains *listCache[ReservedDomain]
	endpoints       *listCache[Endpoint]
	sshHostCerts    *listCache[SSHHostCertificate]
	sshUserCerts    *listCache[SSHUserCertificate]

	mu      sync.Mutex
	generic map[string]any // *listCache[T] of each Collection, by name
}

// listSettings is for options, which New applies before the client is used.
func (c *Client) listSettings() *listCaches {
	if c.lists == nil {
		c.lists = &listCaches{}
	}
	return c.lists
}

// initSnapshots makes the caches once the options are applied.
func (c *Client) initSnapshots() {
	l := c.listSettings()
	if l.off {
		return
	}
	t := defaultSnapshotTuning()
	if l.tuning != nil {
		t = *l.tuning
	}
	l.reservedDomains = newListCache(c, t, reservedDomains, func(o *ReservedDomain) string { return o.ID })
	l.endpoints = newListCache(c, t, endpoints, func(o *Endpoint) string { return o.ID })
	l.sshHostCerts = newListCache(c, t, sshHostCertificates.name, func(o *SSHHostCertificate) string { return o.ID })
	l.sshUserCerts = newListCache(c, t, sshUserCertificates.name, func(o *SSHUserCertificate) string { return o.ID })
}

// noSnapshots has no caches: every Get goes to the API.
var noSnapshots = &listCaches{}

// snapshots returns the client's caches; those of a nil client (whose
// requests fail anyway) are nil.
func (c *Client) snapshots() *listCaches {
	if c == nil || c.lists == nil {
		return noSnapshots
	}
	return c.lists
}

// listCache answers Gets of one type from its list. A nil *listCache sends
// every Get to the API and ignores writes.
type listCache[T any] struct {
	c          *Client
	tune       snapshotTuning
	collection string
	// prop is the list's property when it is not the collection's name
	// (API keys are listed under "keys").
	prop string
	idOf func(*T) string

	mu       sync.Mutex
	seq      uint64            // orders page requests and writes
	touched  map[string]bool   // IDs read or written by this client
	writing  map[string]int    // writes in flight, per ID
	wrote    map[string]uint64 // seq at the end of each ID's last write
	distinct int               // distinct IDs asked for
	broken   bool              // a page read failed: GETs only from now on
	// cur is the current snapshot of each list: "" the whole list, else a
	// list narrowed by that filter (getIn).
	cur map[string]*snapshot[T]
}

// snapshot is one reading of a list, possibly unfinished.
type snapshot[T any] struct {
	pager    *pager[T] // used only by the reader, outside mu
	complete bool      // the last page has been read
	firstAt  time.Time // when the first page arrived; zero before
	items    map[string]listed[T]
	waiting  map[string]chan *T // Gets waiting for an ID; nil sent means: ask the API
	pages    int                // pages read
	hits     int                // Gets answered
	reading  bool
	cancelRd context.CancelFunc // of the page request in flight
}

// listed is one object of a page.
type listed[T any] struct {
	obj *T
	seq uint64    // seq when the page's request started
	at  time.Time // when the page arrived
}

func newListCache[T any](c *Client, t snapshotTuning, collection string, idOf func(*T) string) *listCache[T] {
	return &listCache[T]{
		c: c, tune: t, collection: collection, idOf: idOf,
		touched: map[string]bool{}, writing: map[string]int{}, wrote: map[string]uint64{},
		cur: map[string]*snapshot[T]{},
	}
}

// get answers a Get of id, from the list when the rules allow, otherwise
// with fetch (the plain GET).
func (lc *listCache[T]) get(ctx context.Context, id string, fetch func() (*T, error)) (*T, error) {
	return lc.getIn(ctx, id, "", fetch)
}

// getIn is get from the list narrowed by filter, a CEL filter that the
// object matches (its IP policy's, for a rule); "" is the whole list.
//
// NOTE: a list narrowed to the objects of one configuration keeps them on
// its first pages wherever the account holds others: 1,000 rules of one
// policy behind 1,000 newer rules of another are 10 pages of their own,
// where the whole list found none of them in its first pages and stopped
// (mayRead), sending each to a GET. Each filter has its snapshot; what was
// touched and written is the type's, across filters.
func (lc *listCache[T]) getIn(ctx context.Context, id, filter string, fetch func() (*T, error)) (*T, error) {
	if lc == nil {
		return fetch()
	}
	lc.mu.Lock()
	if lc.broken || lc.touched[id] || lc.writing[id] > 0 {
		lc.touched[id] = true
		lc.mu.Unlock()
		return fetch()
	}
	lc.touched[id] = true
	lc.distinct++
	now := lc.c.now()
	s := lc.cur[filter]
	if s != nil && !s.firstAt.IsZero() && now.Sub(s.firstAt) > lc.tune.ttl {
		// NOTE: a reader still at work keeps serving the Gets that wait on
		// it; new Gets start from a fresh list.
		s = nil
		delete(lc.cur, filter)
	}
	if s == nil && lc.distinct <= lc.tune.threshold {
		lc.mu.Unlock()
		return fetch()
	}
	if s == nil {
		p, err := newPager[T](lc.c, "/"+lc.collection, cmp.Or(lc.prop, lc.collection), &ListOptions{Limit: MaxPageLimit, Filter: filter})
		if err != nil {
			lc.mu.Unlock()
			return fetch()
		}
		s = &snapshot[T]{pager: p, items: map[string]listed[T]{}, waiting: map[string]chan *T{}}
		lc.cur[filter] = s
	}
	if e, ok := s.items[id]; ok {
		delete(s.items, id)
		if lc.usable(e, id, now) {
			s.hits++
			lc.mu.Unlock()
			return e.obj, nil
		}
		lc.mu.Unlock()
		return fetch()
	}
	if s.complete || (!s.reading && !lc.mayRead(s)) {
		lc.mu.Unlock()
		return fetch()
	}
	ch := make(chan *T, 1)
	s.waiting[id] = ch
	if !s.reading {
		s.reading = true
		go lc.read(context.WithoutCancel(ctx), s)
	}
	lc.mu.Unlock()

	select {
	case obj := <-ch:
		if obj != nil {
			return obj, nil
		}
	case <-ctx.Done():
		lc.mu.Lock()
		if s.waiting[id] == ch {
			delete(s.waiting, id)
			if len(s.waiting) == 0 && s.cancelRd != nil {
				s.cancelRd()
			}
		}
		lc.mu.Unlock()
	}
	return fetch()
}

// mayRead reports whether s may read another page: pages so far have
// answered as many Gets as they cost, give or take the slack; and, once the
// list has answered a Get, give or take the Gets waiting on it.
//
// NOTE: Terraform sends Reads more slowly than the pages arrive, so a list
// of 1,000 objects is read while the first ten or so wait on it, about one
// answered per page: counting only answers, an unlucky first pages stopped
// the reading in about a third of plans, releasing the waiting Gets to cost
// a request each. Reading on costs one request a page while releasing them
// costs one each, so they count as credit. When no page answers anything
// (the objects are not in the list, or far down a long one), the slack
// alone bounds the waste.
func (lc *listCache[T]) mayRead(s *snapshot[T]) bool {
	credit := 0
	if s.hits > 0 {
		credit = len(s.waiting)
	}
	return !lc.broken && s.pages < s.hits+lc.tune.slack+credit
}

// usable reports whether a listed object may answer a Get of id at now.
func (lc *listCache[T]) usable(e listed[T], id string, now time.Time) bool {
	return lc.writing[id] == 0 && e.seq > lc.wrote[id] && now.Sub(e.at) <= lc.tune.ttl
}

// read reads pages of s while Gets wait on it and pages pay off, handing
// each waiting Get its object as its page arrives. When it stops, the Gets
// still waiting go to the API. ctx carries the values of the Get that
// started it, not its cancellation: the reader serves every waiting Get.
func (lc *listCache[T]) read(ctx context.Context, s *snapshot[T]) {
	lc.mu.Lock()
	defer lc.mu.Unlock()
	for len(s.waiting) > 0 && !s.complete && lc.mayRead(s) {
		lc.seq++
		seq := lc.seq
		rctx, cancel := context.WithCancel(ctx)
		s.cancelRd = cancel
		lc.mu.Unlock()
		items, err := s.pager.next(rctx)
		cancelled := rctx.Err() != nil
		cancel()
		at := lc.c.now()
		lc.mu.Lock()
		s.cancelRd = nil
		if err != nil && cancelled {
			// NOTE: abandoned because no Get waited any more: not a failure.
			// The pager is still on this page, for Gets that came since.
			continue
		}
		if err != nil {
			// NOTE: any other failure ends lists for this type rather than
			// retrying them in a loop.
			lc.broken = true
			break
		}
		s.pages++
		s.complete = s.pager.done()
		if s.firstAt.IsZero() {
			s.firstAt = at
		}
		for _, it := range items {
			id := lc.idOf(it)
			e := listed[T]{obj: it, seq: seq, at: at}
			if ch, ok := s.waiting[id]; ok {
				delete(s.waiting, id)
				if lc.usable(e, id, at) {
					s.hits++
					ch <- it
				} else {
					ch <- nil
				}
				continue
			}
			if _, dup := s.items[id]; !dup && !lc.touched[id] {
				s.items[id] = e
			}
		}
	}
	s.reading = false
	for id, ch := range s.waiting {
		delete(s.waiting, id)
		ch <- nil
	}
}

// writeStart marks id as being written; call the returned func when the
// write has ended, whatever its outcome (a failed write may have been
// committed).
func (lc *listCache[T]) writeStart(id string) func() {
	if lc == nil {
		return func() {}
	}
	lc.mu.Lock()
	lc.touched[id] = true
	lc.writing[id]++
	lc.mu.Unlock()
	return func() {
		lc.mu.Lock()
		defer lc.mu.Unlock()
		lc.writing[id]--
		if lc.writing[id] == 0 {
			delete(lc.writing, id)
		}
		lc.seq++
		lc.wrote[id] = lc.seq
		for _, s := range lc.cur {
			delete(s.items, id)
		}
	}
}

// created records an object this client created.
func (lc *listCache[T]) created(obj *T) {
	if lc == nil || obj == nil {
		return
	}
	id := lc.idOf(obj)
	if id == "" {
		return
	}
	lc.mu.Lock()
	defer lc.mu.Unlock()
	lc.touched[id] = true
	lc.seq++
	lc.wrote[id] = lc.seq
	for _, s := range lc.cur {
		delete(s.items, id)
	}
}
