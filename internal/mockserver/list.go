package mockserver

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/tfedge/terraform-provider-ngrok/internal/apifilter"
)

// maxLimit is both the default and the largest accepted list limit.
const maxLimit = 100

// Query parameters accepted by list routes.
var (
	filteredListQuery = []string{"limit", "before_id", "filter"}
)

// listObjects answers a list request over t, newest first.
//
// before_id: the objects whose IDs are less than it, which (IDs being
// time-ordered, ids.go) are the objects created before it. Any well-formed
// ID of the collection is a cursor, whether the collection holds it, held
// it once (a client deleting what it pages through) or never did: the page
// is the same as if it were held. An ID with the wrong prefix is refused
// with 227, any other malformed one with 215.
//
// next_page_uri is set only when more matching objects remain, so a client
// never fetches an empty last page.
func listObjects[T, W any](s *Server, rq *request, t *table[T], toWire func(*T, string) W) (any, int, *apiError) {
	return listObjectsIn(s, rq, t, toWire, listScope[T]{})
}

// listObjectsAt is listObjects for a collection whose list property and
// path differ from its table's name (edges/https lists "https_edges").
func listObjectsAt[T, W any](s *Server, rq *request, t *table[T], toWire func(*T, string) W, property, path string) (any, int, *apiError) {
	return listObjectsIn(s, rq, t, toWire, listScope[T]{property: property, path: "/" + path})
}

// listScope narrows a list to part of a table, answered under another
// property or path (a vault's secrets: /vaults/{id}/secrets, property
// "secrets"); the zero value is the whole table under its own name.
type listScope[T any] struct {
	property string        // the list's property; "" is the table's name
	path     string        // the list's path, without the origin; "" is "/" and the table's name
	keep     func(*T) bool // nil keeps every row
	// carry are query parameters of the request that narrowed it (keep),
	// which next_page_uri carries too.
	carry url.Values
}

// listObjectsIn is listObjects over the rows of t that scope keeps.
func listObjectsIn[T, W any](s *Server, rq *request, t *table[T], toWire func(*T, string) W, scope listScope[T]) (any, int, *apiError) {
	query := rq.r.URL.Query()
	limit, err := s.listLimit(query)
	if err != nil {
		return nil, 0, err
	}
	before := query.Get("before_id")
	if before != "" {
		if err := checkIDPrefix(before, t.kind()); err != nil {
			return nil, 0, err
		}
	}
	if before != "" && !wellFormedID(before, t.prefix) {
		return nil, 0, errInvalidValue.with("before_id")
	}
	listPath := cmp.Or(scope.path, "/"+t.name)
	rawFilter := query.Get("filter")
	var filter *celFilter
	if rawFilter != "" {
		// NOTE: the documented subset and fields first, so that a filter
		// outside them is refused for that, whatever CEL would say of it.
		if err := apifilter.Check(rawFilter, listPath); err != nil {
			return nil, 0, errInvalidFilter.errorf("%v", err)
		}
		ctx, cancel := context.WithTimeout(rq.r.Context(), maxFilterTime)
		defer cancel()
		f, ferr := compileFilter[W](ctx, rawFilter)
		var serr *invalidFilterError
		switch {
		case errors.As(ferr, &serr):
			return nil, 0, invalidFilter("%v", serr)
		case ferr != nil:
			return nil, 0, internalError("compiling a %s filter: %v", t.noun, ferr)
		}
		release, werr := filterSlots.acquire(ctx)
		if werr != nil {
			return nil, 0, invalidFilter("the filter was stopped: %v", werr)
		}
		defer release()
		f.at(s.now())
		filter = f
	}

	origin := rq.origin()
	items := make([]W, 0, limit)
	var lastID string
	more := false
	var failed *apiError
	// NOTE: limit+1 rows are enough to know whether another page follows
	// when nothing is filtered out.
	t.descend(before, limit+1, func(r *row[T]) bool {
		if scope.keep != nil && !scope.keep(&r.val) {
			return true
		}
		w := toWire(&r.val, origin)
		if filter != nil {
			ok, err := filter.match(w)
			if err != nil {
				failed = invalidFilter("the filter was stopped: %v", err)
				return false
			}
			if !ok {
				return true
			}
		}
		if len(items) == limit {
			more = true
			return false
		}
		items = append(items, w)
		lastID = r.id
		return true
	})
	if failed != nil {
		return nil, 0, failed
	}

	page := listEnvelope[W]{name: cmp.Or(scope.property, t.name), items: items, uri: origin + listPath}
	if more {
		next := url.Values{"limit": {strconv.Itoa(limit)}, "before_id": {lastID}}
		for k, v := range scope.carry {
			next[k] = v
		}
		if rawFilter != "" {
			next.Set("filter", rawFilter)
		}
		u := page.uri + "?" + next.Encode()
		page.next = &u
	}
	return page, http.StatusOK, nil
}

// invalidFilter refuses a filter in the API's words: "Invalid CEL query: "
// and what is wrong with it [real: docs api/api-filtering.mdx].
func invalidFilter(format string, args ...any) *apiError {
	return errInvalidFilter.errorf("Invalid CEL query: %s", strings.TrimSpace(fmt.Sprintf(format, args...)))
}

// listLimit is the page size for a request: the limit asked for (default
// maxLimit), capped by WithPageSize.
func (s *Server) listLimit(query url.Values) (int, *apiError) {
	limit := maxLimit
	if vals, ok := query["limit"]; ok {
		n, err := strconv.Atoi(vals[0])
		if err != nil || n < 1 || n > maxLimit {
			return 0, errInvalidLimit.with(maxLimit, vals[0])
		}
		limit = n
	}
	return min(limit, s.pageSize), nil
}

// listEnvelope is a list response. It marshals its properties in the real
// API's order (collection, uri, next_page_uri), which a map would not.
type listEnvelope[W any] struct {
	name  string
	items []W
	uri   string
	next  *string
}

func (e listEnvelope[W]) MarshalJSON() ([]byte, error) {
	items := e.items
	if items == nil {
		items = []W{} // an empty collection is [], never null
	}
	parts := make([][]byte, 0, 4)
	for _, v := range []any{e.name, items, e.uri, e.next} {
		b, err := encodeJSON(v)
		if err != nil {
			return nil, err
		}
		parts = append(parts, b)
	}
	return fmt.Appendf(nil, `{%s:%s,"uri":%s,"next_page_uri":%s}`, parts[0], parts[1], parts[2], parts[3]), nil
}
