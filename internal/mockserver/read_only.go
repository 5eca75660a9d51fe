package mockserver

import (
	"maps"
	"net/http"
	"reflect"
)

// Read-only collections (README.md, section Read-only collections): the
// objects the API lists and reads but cannot create, because something
// other than an API call makes them: an agent starts a tunnel session and
// its tunnels, a visitor signing in to an endpoint's OAuth or OIDC makes an
// application user and session. A readOnlyDecl declares one, as
// collectionDecl declares a collection of the API's CRUD objects, and gives
// it the same table (state file, control API, seeds), lists (cursors and,
// when the API takes one, the CEL filter) and gets, and the delete where
// the API has one. Its objects come from seeds (seed_agents.go); verbs that
// act on them (a tunnel session's stop) are routes of the object's file.
//
// NOTE: a declaration of its own rather than a collectionDecl with most of
// its hooks nil: a collectionDecl promises create, PATCH and the free-text
// fields (its machinery's tests run over every one), which these objects
// do not have.
type readOnlyDecl[T, W any] struct {
	name   string // table name, e.g. "tunnel_sessions"
	path   string // list path, e.g. "/tunnel_sessions"; "/app/users" for table application_users
	noun   string
	prefix string
	// filter is the CEL type name of W when the list takes a filter.
	filter string
	nested map[reflect.Type]string
	// deletable: the API deletes the objects (DELETE /<path>/{id}).
	deletable bool
	wire      func(v *T, origin string) W
	// removed (optional) runs under the store lock once the object is gone.
	removed func(s *Server, v *T)
}

// declareReadOnly registers the declaration's filter types, as declare
// does, and returns it for New to mount.
func declareReadOnly[T, W any](d readOnlyDecl[T, W]) *readOnlyDecl[T, W] {
	readOnlyCollections = append(readOnlyCollections, d.name)
	if d.filter != "" {
		filterRoots[reflect.TypeFor[W]()] = d.filter
	}
	maps.Copy(filterNested, d.nested)
	return &d
}

// readOnlyCollections names every read-only collection's table, for the
// tests that hold for all of them.
var readOnlyCollections []string

// mountReadOnly creates the declaration's table on s and adds its routes.
func mountReadOnly[T, W any](s *Server, d *readOnlyDecl[T, W]) *table[T] {
	t := newTable[T](s.store, s.ids, d.name, d.noun, d.prefix)
	if d.removed != nil {
		t.removed = func(v *T) { d.removed(s, v) }
	}
	one := d.path + "/{id}"
	id := map[string]idKind{"id": t.kind()}
	query := unfilteredListQuery
	if d.filter != "" {
		query = filteredListQuery
	}
	routes := []route{
		{method: http.MethodGet, path: d.path, query: query, handle: func(rq *request) (any, int, *apiError) {
			// NOTE: the list's uri and next_page_uri name its path, which is
			// not the table's for /app/users and /app/sessions [real: the
			// spec's paths; ngrok-api-go follows next_page_uri].
			return listObjectsIn(s, rq, t, d.wire, listScope[T]{path: d.path})
		}},
		{method: http.MethodGet, path: one, ids: id, handle: func(rq *request) (any, int, *apiError) {
			v, err := t.get(rq.r.PathValue("id"))
			if err != nil {
				return nil, 0, err
			}
			return d.wire(&v, rq.origin()), http.StatusOK, nil
		}},
	}
	if d.deletable {
		routes = append(routes, route{method: http.MethodDelete, path: one, ids: id, handle: func(rq *request) (any, int, *apiError) {
			if err := t.remove(rq.r.PathValue("id")); err != nil {
				return nil, 0, err
			}
			return nil, http.StatusNoContent, nil
		}})
	}
	s.declaredRoutes = append(s.declaredRoutes, routes...)
	return t
}
