package apiclient

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
)

// MaxPageLimit is the largest page the API serves, and the page it serves
// when a list request names no limit.
const MaxPageLimit = 100

// ListOptions narrows a list.
type ListOptions struct {
	Filter string // CEL expression over obj, sent as `filter`
	Limit  int    // page size; 0 = server default
}

func (o *ListOptions) query() (url.Values, error) {
	q := url.Values{}
	if o == nil {
		return q, nil
	}
	if o.Limit < 0 {
		return nil, fmt.Errorf("ngrok API: invalid list limit %d", o.Limit)
	}
	if o.Limit > 0 {
		q.Set("limit", strconv.Itoa(o.Limit))
	}
	if o.Filter != "" {
		q.Set("filter", o.Filter)
	}
	return q, nil
}

// list returns an iterator over every object of a collection. It GETs path,
// yields the items found under the collection property of each page and
// follows next_page_uri until it is null. It stops at the first error, which
// it yields; a next page on another scheme or host, or a page link that was
// already visited, is an error.
func list[T any](ctx context.Context, c *Client, path, collection string, opts *ListOptions) iter.Seq2[*T, error] {
	return func(yield func(*T, error) bool) {
		p, err := newPager[T](c, path, collection, opts)
		if err != nil {
			yield(nil, err)
			return
		}
		for !p.done() {
			items, err := p.next(ctx)
			for _, it := range items {
				if !yield(it, nil) {
					return
				}
			}
			if err != nil {
				yield(nil, err)
				return
			}
		}
	}
}

// pager reads a collection one page at a time, for list and for the
// snapshots that answer Gets from lists. It is not safe for concurrent use.
type pager[T any] struct {
	c          *Client
	collection string
	query      url.Values // of the first request, carried over to later pages
	page       *url.URL   // the next page to read; nil once the last was read
	seen       map[string]bool
}

func newPager[T any](c *Client, path, collection string, opts *ListOptions) (*pager[T], error) {
	query, err := opts.query()
	if err != nil {
		return nil, err
	}
	page, err := c.urlFor(path, query)
	if err != nil {
		return nil, err
	}
	return &pager[T]{c: c, collection: collection, query: query, page: page, seen: map[string]bool{}}, nil
}

// done reports whether the last page has been read.
func (p *pager[T]) done() bool { return p.page == nil }

// next reads the next page and returns its items (never nil ones). When the
// page was read but its next_page_uri is refused, it returns the page's items
// with the error. On error the pager stays on the page that failed.
func (p *pager[T]) next(ctx context.Context) ([]*T, error) {
	c, page := p.c, p.page
	var env map[string]json.RawMessage
	if err := c.doURL(ctx, http.MethodGet, page, nil, &env); err != nil {
		return nil, err
	}
	raw, ok := env[p.collection]
	if !ok {
		return nil, fmt.Errorf("ngrok API: GET %s: list response has no %q property", c.apiPath(page), p.collection)
	}
	var items []*T
	if err := json.Unmarshal(raw, &items); err != nil {
		return nil, fmt.Errorf("ngrok API: GET %s: decoding %s: %w", c.apiPath(page), p.collection, err)
	}
	items = slices.DeleteFunc(items, func(it *T) bool { return it == nil })
	var next *string
	if r, ok := env["next_page_uri"]; ok {
		if err := json.Unmarshal(r, &next); err != nil {
			return nil, fmt.Errorf("ngrok API: GET %s: decoding next_page_uri: %w", c.apiPath(page), err)
		}
	}
	if next == nil || *next == "" {
		p.page = nil
		return items, nil
	}
	nextURL, err := c.nextPageURL(page, *next, p.query)
	if err != nil {
		return items, fmt.Errorf("ngrok API: GET %s: %w", c.apiPath(page), err)
	}
	p.seen[page.String()] = true
	if p.seen[nextURL.String()] {
		return items, fmt.Errorf("ngrok API: GET %s: next_page_uri %q repeats a page already read", c.apiPath(page), RedactURL(*next))
	}
	p.page = nextURL
	return items, nil
}

// nextPageURL resolves a next_page_uri against the current page and refuses
// one that leaves the base URL's scheme and host: the bearer token must never
// go elsewhere. Parameters of the first request that the link lacks (filter,
// limit) are carried over, so that a later page is never unfiltered.
func (c *Client) nextPageURL(page *url.URL, next string, first url.Values) (*url.URL, error) {
	// NOTE: next is quoted through RedactURL only: the server chose it, and
	// its query (a cursor, a signature) or user information is not ours to
	// repeat; the *url.Error of a link that does not parse quotes it whole.
	ref, err := url.Parse(next)
	if err != nil {
		if uerr, ok := errors.AsType[*url.Error](err); ok {
			err = uerr.Err
		}
		return nil, fmt.Errorf("invalid next_page_uri %q: %w", RedactURL(next), err)
	}
	u := page.ResolveReference(ref)
	if u.User != nil {
		return nil, errors.New("refusing next_page_uri that carries credentials")
	}
	if !strings.EqualFold(u.Scheme, c.base.Scheme) || origin(u) != origin(c.base) {
		return nil, fmt.Errorf("refusing next_page_uri %q: not on %s", RedactURL(next), c.base.Scheme+"://"+c.base.Host)
	}
	u.Fragment, u.RawFragment = "", ""
	q := u.Query()
	changed := false
	for k, vs := range first {
		if !q.Has(k) {
			q[k] = vs
			changed = true
		}
	}
	if changed {
		u.RawQuery = q.Encode()
	}
	return u, nil
}

// origin returns the lower-cased scheme://host:port with the default port made explicit.
func origin(u *url.URL) string {
	scheme := strings.ToLower(u.Scheme)
	port := u.Port()
	if port == "" {
		switch scheme {
		case "http":
			port = "80"
		case "https":
			port = "443"
		}
	}
	return scheme + "://" + strings.ToLower(u.Hostname()) + ":" + port
}
