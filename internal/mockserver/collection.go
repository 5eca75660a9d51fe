package mockserver

import (
	"cmp"
	"maps"
	"net/http"
	"reflect"
	"strings"
	"time"
)

// Declared collections (README.md, section Declared collections): a
// collection of the API served with create, list, get, PATCH and delete is
// one collectionDecl, in the file named after it (ip_policies.go holds the
// IP policy collection whole). The declaration says what is particular to
// the object: its wire shape, its create and update bodies and the hooks
// that check them, its list filter; everything else comes from here and is
// the same for every declared collection:
//
//   - the routes, declared in the one route table, so that the adapter
//     (server.go) applies to them what it applies to every route: query
//     parameters, ID prefixes in the path, body decoding, Idempotency-Key on
//     creates, fault rules, the journal, the commit to the state file;
//   - the table (store.go), which the state file persists, the control API
//     resets, deletes from and shows (admin.go), and seeds may fill;
//   - the handlers: a create mints the ID and the creation time, checks the
//     description and metadata limits, and runs the declaration's check
//     under the store lock, so that a rule spanning tables holds at the
//     moment the object is stored; a PATCH applies to a copy and stores it
//     only whole; a delete runs the declaration's cascade wherever the row
//     goes (the API or the control API);
//   - lists, newest first with cursors (list.go), and the CEL filter over
//     the wire shape (filter.go) when the declaration names one.
//
// NOTE: generics over a typed descriptor rather than generated code: the
// declaration is ordinary Go that the compiler checks, a newcomer reads one
// file per object, and the plumbing has one home, tested once through every
// collection that uses it.

// collectionDecl declares a collection of stored objects T, answered as W,
// created from a body C and changed by a PATCH body U.
type collectionDecl[T, W, C, U any] struct {
	name string // path segment, table name and list property, e.g. "ip_policies"
	// property (optional) is the list property when it is not name: the
	// secrets of /vault_secrets are listed as "secrets" [real].
	property string
	// table (optional) names the table when name is not one path segment
	// (the control API and the state file name tables by one segment):
	// "tunnel_group_backends" for "backends/tunnel_group".
	table  string
	noun   string // for messages, e.g. "IP policy"
	prefix string // ID prefix, e.g. "ipp_"

	// filter is the CEL type name under which a list filter sees W (e.g.
	// "ngrok.IPPolicy"); "" when the list takes no filter. nested names the
	// structs inside W that a filter reaches and filter.go does not know yet.
	filter string
	nested map[reflect.Type]string

	// fields points at the fields every stored object has.
	fields func(v *T) objectFields
	// text (optional) names the codes of a too long description and
	// metadata, where ngrok's reference documents the collection's.
	text textCodes
	// wire is the object's answer; origin is the scheme and host the client
	// used (request.origin).
	wire func(v *T, origin string) W
	// wireAt (optional) replaces wire for objects whose answer depends on
	// the time of the request (a certificate job's status).
	wireAt func(v *T, origin string, now time.Time) W

	// create validates a create body and builds the object without its ID
	// and creation time, which are minted when it is stored. It runs outside
	// the store lock, so it may be slow (generating a key).
	create func(s *Server, in *C) (T, *apiError)
	// check (optional) runs under the store lock before an object is stored
	// by a create or a PATCH: the rules spanning objects (a reference names
	// an object that exists, a value is unique). It may read other tables'
	// rows directly, but must not lock. v.ID is "" on a create.
	check func(s *Server, v *T) *apiError
	// update (optional) applies a PATCH body to a copy of the object, under
	// the store lock; the copy is stored only when update and check succeed.
	// nil means U is freeTextUpdate: description and metadata only.
	update func(s *Server, in *U, v *T) *apiError
	// emptyUpdate (optional) refuses a PATCH that gives no field
	// (givesNoField), once the object is found.
	emptyUpdate *errorKind
	// unique (optional) is a key that no two objects of the collection may
	// share; the table indexes them by it (idByKeyLocked), for check.
	unique func(v *T) string
	// mint (optional) runs after create, outside the store lock: it draws
	// the object's secret (an authtoken's, an API key's) and returns seal,
	// which runs once v has its ID (a token begins with it [real]): it keeps
	// in v only what the server may keep of the token (a hash), and returns
	// what writes the token into the create's answer, the one answer that
	// shows it [real].
	mint func(s *Server, v *T) (seal func() (reveal func(w *W)), err *apiError)
	// removable (optional) runs under the store lock before an object is
	// deleted through the API: the rules that keep it (a vault that holds
	// secrets). The control API deletes regardless, as it does every row.
	removable func(s *Server, v *T) *apiError
	// hidden (optional) reports whether an object is not there for the API
	// at time now (a managed certificate before it is issued, or once a
	// later one replaced it): get, PATCH, delete and lists pass it by as if
	// it did not exist. The control API sees every row.
	hidden func(v *T, now time.Time) bool
	// removed (optional) runs under the store lock once the object is gone,
	// however it went (the API, the control API, an undone seed): what goes
	// with it, through the store's Locked methods.
	removed func(s *Server, v *T)

	// twin (optional) is the collection that serves the same kind of object
	// under another name (bot users are service users' older name [real]):
	// an ID of its prefix at this collection's path is its object, read,
	// changed and deleted as if at its own path.
	twin *twinDecl[T]
}

// twinDecl names a collection's twin: the prefix of its IDs and its table.
type twinDecl[T any] struct {
	prefix string
	table  func(s *Server) *table[T]
}

// objectFields points at the fields of a stored object that the machinery
// sets and checks.
type objectFields struct {
	id          *string
	createdAt   *time.Time
	description *string
	metadata    *string
}

// WireHeader is the start of a declared object's answer, the same for
// every object of the API [real]: an empty description or metadata is left
// out. Wire types embed it.
//
// NOTE: exported only because list filters read wire structs through
// reflection (filter.go), which cannot read the fields of an unexported
// embedded struct.
type WireHeader struct {
	ID          string  `json:"id"`
	URI         string  `json:"uri"`
	CreatedAt   apiTime `json:"created_at"`
	Description string  `json:"description,omitempty"`
	Metadata    string  `json:"metadata,omitempty"`
}

// header is the WireHeader of an object of the collection named coll.
func (f objectFields) header(origin, coll string) WireHeader {
	return WireHeader{
		ID:          *f.id,
		URI:         objectURI(origin, coll, *f.id),
		CreatedAt:   wireTime(*f.createdAt),
		Description: *f.description,
		Metadata:    *f.metadata,
	}
}

// declare registers what a declaration contributes before any server
// exists (its filter's types), and returns it for New to mount. Every
// declaration is a package-level variable made by declare, so that the
// filter environments (built once, on first use, and shared by every
// server) see every collection's type.
func declare[T, W, C, U any](d collectionDecl[T, W, C, U]) *collectionDecl[T, W, C, U] {
	declaredCollections = append(declaredCollections, d.name)
	if d.property != "" {
		declaredProperties[d.name] = d.property
	}
	if d.table != "" {
		declaredTables[d.name] = d.table
	}
	if d.filter != "" {
		filterRoots[reflect.TypeFor[W]()] = d.filter
	}
	maps.Copy(filterNested, d.nested)
	return &d
}

// declaredCollections names every declared collection, in declaration
// order, for the tests that hold for all of them.
var declaredCollections []string

// declaredProperties are the list properties of the declared collections
// whose property is not their name.
var declaredProperties = map[string]string{}

// declaredTables are the table names of the declared collections whose
// table is not named by their name.
var declaredTables = map[string]string{}

// collection is a declaration mounted on one server.
type collection[T, W, C, U any] struct {
	*collectionDecl[T, W, C, U]
	s *Server
	t *table[T]
}

// mount creates the declaration's table on s and adds its routes to the
// server's route table; it returns the table, for the rules of other
// collections that read it.
func mount[T, W, C, U any](s *Server, d *collectionDecl[T, W, C, U]) *table[T] {
	c := &collection[T, W, C, U]{collectionDecl: d, s: s}
	c.t = newTable[T](s.store, s.ids, cmp.Or(d.table, d.name), d.noun, d.prefix)
	if d.removed != nil {
		c.t.removed = func(v *T) { d.removed(s, v) }
	}
	c.t.unique = d.unique
	s.declaredRoutes = append(s.declaredRoutes, c.routes()...)
	return c.t
}

// unfilteredListQuery is the query of a list that takes no filter.
var unfilteredListQuery = []string{"limit", "before_id"}

func (c *collection[T, W, C, U]) routes() []route {
	list, one := "/"+c.name, "/"+c.name+"/{id}"
	kind := c.t.kind()
	if c.twin != nil {
		kind.twinPrefix = c.twin.prefix
	}
	id := map[string]idKind{"id": kind}
	query := unfilteredListQuery
	if c.filter != "" {
		query = filteredListQuery
	}
	// NOTE: in the order of the SSH authorities' routes before they were
	// declared, which a CORS preflight's Access-Control-Allow-Methods lists.
	return []route{
		{method: http.MethodPost, path: list, body: bodyOf[C], handle: c.createOne},
		{method: http.MethodGet, path: list, query: query, handle: c.list},
		{method: http.MethodGet, path: one, ids: id, handle: c.getOne},
		{method: http.MethodPatch, path: one, ids: id, body: bodyOf[U], handle: c.updateOne},
		{method: http.MethodDelete, path: one, ids: id, handle: c.deleteOne},
	}
}

func (c *collection[T, W, C, U]) createOne(rq *request) (any, int, *apiError) {
	in, err := bodyAs[C](rq)
	if err != nil {
		return nil, 0, err
	}
	v, err := c.create(c.s, in)
	if err != nil {
		return nil, 0, err
	}
	if err := c.checkText(&v); err != nil {
		return nil, 0, err
	}
	var seal func() func(w *W)
	if c.mint != nil {
		if seal, err = c.mint(c.s, &v); err != nil {
			return nil, 0, err
		}
	}
	var reveal func(w *W)
	created := c.s.timestamp()
	var check func() *apiError
	if c.check != nil {
		check = func() *apiError { return c.check(c.s, &v) }
	}
	v, err = c.t.insertChecked(check, func(id string) T {
		f := c.fields(&v)
		*f.id, *f.createdAt = id, created
		if seal != nil {
			reveal = seal()
		}
		return v
	})
	if err != nil {
		return nil, 0, err
	}
	w := c.answer(&v, rq.origin())
	if reveal != nil {
		reveal(&w)
	}
	return w, http.StatusCreated, nil
}

func (c *collection[T, W, C, U]) list(rq *request) (any, int, *apiError) {
	scope := listScope[T]{property: c.property, path: "/" + c.name}
	if c.hidden != nil {
		now := c.s.now()
		scope.keep = func(v *T) bool { return !c.hidden(v, now) }
	}
	return listObjectsIn(c.s, rq, c.t, c.answer, scope)
}

// hiddenNow reports whether v is hidden from the API at this moment.
func (c *collection[T, W, C, U]) hiddenNow(v *T) bool {
	return c.hidden != nil && c.hidden(v, c.s.now())
}

// tableOf is the table of the object id names: the twin's for an ID of
// its prefix.
func (c *collection[T, W, C, U]) tableOf(id string) *table[T] {
	if c.twin != nil && strings.HasPrefix(id, c.twin.prefix) {
		return c.twin.table(c.s)
	}
	return c.t
}

func (c *collection[T, W, C, U]) getOne(rq *request) (any, int, *apiError) {
	id := rq.r.PathValue("id")
	v, err := c.tableOf(id).get(id)
	if err != nil {
		return nil, 0, err
	}
	if c.hiddenNow(&v) {
		return nil, 0, notFound()
	}
	return c.answer(&v, rq.origin()), http.StatusOK, nil
}

func (c *collection[T, W, C, U]) updateOne(rq *request) (any, int, *apiError) {
	in, err := bodyAs[U](rq)
	if err != nil {
		return nil, 0, err
	}
	var text *freeTextUpdate
	if c.update == nil {
		// NOTE: the body's limits are checked before the object is looked
		// up, as the SSH authorities' PATCH always did.
		var ok bool
		if text, ok = any(in).(*freeTextUpdate); !ok {
			return nil, 0, internalError("the %s PATCH body is a %T and no update is declared", c.noun, in)
		}
		if err := checkFreeText(deref(text.Description), deref(text.Metadata), c.text); err != nil {
			return nil, 0, err
		}
	}
	id := rq.r.PathValue("id")
	v, err := c.tableOf(id).update(id, func(v *T) *apiError {
		if c.hiddenNow(v) {
			return notFound()
		}
		if c.emptyUpdate != nil && givesNoField(in) {
			return c.emptyUpdate.with()
		}
		if text != nil {
			f := c.fields(v)
			assign(f.description, text.Description)
			assign(f.metadata, text.Metadata)
		} else if err := c.update(c.s, in, v); err != nil {
			return err
		}
		if err := c.checkText(v); err != nil {
			return err
		}
		if c.check != nil {
			return c.check(c.s, v)
		}
		return nil
	})
	if err != nil {
		return nil, 0, err
	}
	return c.answer(&v, rq.origin()), http.StatusOK, nil
}

func (c *collection[T, W, C, U]) deleteOne(rq *request) (any, int, *apiError) {
	id := rq.r.PathValue("id")
	t := c.tableOf(id)
	var check func() *apiError
	if c.removable != nil || c.hidden != nil {
		check = func() *apiError {
			r, err := t.rowLocked(id)
			if err != nil {
				return err
			}
			if c.hiddenNow(&r.val) {
				return notFound()
			}
			if c.removable == nil {
				return nil
			}
			return c.removable(c.s, &r.val)
		}
	}
	if err := t.removeChecked(id, check); err != nil {
		return nil, 0, err
	}
	return nil, http.StatusNoContent, nil
}

// checkText enforces the limits of description and metadata on v.
func (c *collection[T, W, C, U]) checkText(v *T) *apiError {
	f := c.fields(v)
	return checkFreeText(*f.description, *f.metadata, c.text)
}

// answer is v's wire shape, at the server's current time when the
// declaration answers by time.
func (c *collection[T, W, C, U]) answer(v *T, origin string) W {
	if c.wireAt != nil {
		return c.wireAt(v, origin, c.s.now())
	}
	return c.wire(v, origin)
}
