package apiclient

import (
	"context"
	"iter"
)

// ReadOnly is the typed calls of a collection the API lists and reads but
// cannot create or change, because agents and visitors make its objects
// (tunnel_sessions.go): GET /<path>/<id>, GET /<path> (pages, newest first,
// under the list property name) and, where the API has it, DELETE.
type ReadOnly[T any] struct {
	path string // "tunnel_sessions", "app/users"
	name string // the list's property: "tunnel_sessions", "application_users"
	noun string
	id   func(*T) string
}

// Path is the list's path, "/tunnel_sessions", which names the fields the
// list's filter takes (apifilter.Fields).
func (k *ReadOnly[T]) Path() string { return "/" + k.path }

func newReadOnly[T any](path, name, noun string, id func(*T) string) *ReadOnly[T] {
	return &ReadOnly[T]{path: path, name: name, noun: noun, id: id}
}

// ID returns obj's ID.
func (k *ReadOnly[T]) ID(obj *T) string { return k.id(obj) }

// Get reads one object.
func (k *ReadOnly[T]) Get(ctx context.Context, c *Client, id string) (*T, error) {
	p, err := objectPath(k.path, k.noun, id)
	if err != nil {
		return nil, err
	}
	return get[T](ctx, c, p)
}

// List iterates over the objects, newest first, page by page.
func (k *ReadOnly[T]) List(ctx context.Context, c *Client, opts *ListOptions) iter.Seq2[*T, error] {
	return list[T](ctx, c, "/"+k.path, k.name, opts)
}

// Delete deletes an object (204), where the API deletes them.
func (k *ReadOnly[T]) Delete(ctx context.Context, c *Client, id string) error {
	p, err := objectPath(k.path, k.noun, id)
	if err != nil {
		return err
	}
	return remove(ctx, c, p)
}

// verb sends POST /<path>/<id>/<name> with an empty object as its body, as
// ngrok's clients do, and expects 204.
func (k *ReadOnly[T]) verb(ctx context.Context, c *Client, id, name string) error {
	p, err := objectPath(k.path, k.noun, id)
	if err != nil {
		return err
	}
	return c.do(ctx, "POST", p+"/"+name, struct{}{}, nil)
}
