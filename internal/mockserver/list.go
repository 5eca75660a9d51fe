package mockserver

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// maxLimit is both the default and the largest accepted list limit.
const maxLimit = 100

// Query parameters accepted by list routes.
var (
	filteredListQuery = []string{"limit", "before_id", "filter"}
)

// listObjects answers a list request over t, newest first.
//
// before_id: objects created before the named one. A deleted object still
// works as a cursor; an ID with the wrong prefix is refused with 227 and one
// this collection never held with 215 (our choice: an empty page would hide
// a client's cursor bug).
//
// next_page_uri is set only when more matching objects remain, so a client
// never fetches an empty last page.
func listObjects[T, W any](s *Server, rq *request, t *table[T], toWire func(*T, string) W) (any, int, *apiError) {
	query := rq.r.URL.Query()
	limit, err := s.listLimit(query)
	if err != nil {
		return nil, 0, err
	}
	before := query.Get("before_id")
	if before != "" && !strings.HasPrefix(before, t.prefix) {
		return nil, 0, badRequest(codeWrongIDPrefix,
			"The before_id %q is not a valid %s ID: %s IDs start with %q.", before, t.noun, t.noun, t.prefix)
	}
	rawFilter := query.Get("filter")
	var filter *celFilter
	if rawFilter != "" {
		f, ferr := compileFilter[W](rq.r.Context(), rawFilter)
		var serr *invalidFilterError
		switch {
		case errors.As(ferr, &serr):
			return nil, 0, badRequest(codeInvalidValue, "The filter %q is not a valid expression: %v", rawFilter, serr)
		case ferr != nil:
			return nil, 0, errInternal("compiling a %s filter: %v", t.noun, ferr)
		}
		filter = f
	}

	rows, ok := t.newestFirst(before)
	if !ok {
		return nil, 0, badRequest(codeInvalidValue,
			"The before_id %q does not name a %s of this account.", before, t.noun)
	}

	origin := rq.origin()
	items := make([]W, 0, min(limit, len(rows)))
	var lastID string
	more := false
	for i := range rows {
		w := toWire(&rows[i].val, origin)
		if filter != nil {
			ok, err := filter.match(w)
			if err != nil {
				return nil, 0, badRequest(codeInvalidValue, "The filter %q was stopped: %v.", rawFilter, err)
			}
			if !ok {
				continue
			}
		}
		if len(items) == limit {
			more = true
			break
		}
		items = append(items, w)
		lastID = rows[i].id
	}

	page := listEnvelope[W]{name: t.name, items: items, uri: origin + "/" + t.name}
	if more {
		next := url.Values{"limit": {strconv.Itoa(limit)}, "before_id": {lastID}}
		if rawFilter != "" {
			next.Set("filter", rawFilter)
		}
		u := page.uri + "?" + next.Encode()
		page.next = &u
	}
	return page, http.StatusOK, nil
}

// listLimit is the page size for a request: the limit asked for (default
// maxLimit), capped by WithPageSize.
func (s *Server) listLimit(query url.Values) (int, *apiError) {
	limit := maxLimit
	if vals, ok := query["limit"]; ok {
		n, err := strconv.Atoi(vals[0])
		if err != nil || n < 1 || n > maxLimit {
			return 0, badRequest(codeInvalidLimit,
				"The limit %q is invalid: it must be an integer from 1 to %d.", vals[0], maxLimit)
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
