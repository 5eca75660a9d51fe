package apiclient

import (
	"context"
	"iter"
)

// Collection is the typed calls of one collection of plain CRUD objects:
// POST /<name> (201), GET /<name>/<id>, GET /<name> (pages, newest first),
// PATCH /<name>/<id> and DELETE /<name>/<id> (204), with T the object, C the
// body of a create and U the body of an update. An object of the API is one
// declaration of a Collection beside its wire types (ip_policies.go is one);
// the provider's machinery takes it as it is.
//
// Gets are answered from lists within one run when the client refreshes
// from lists (snapshot.go), as for the seed's listable types.
type Collection[T, C, U any] struct {
	name string // the path segment, and the list's property unless prop says otherwise
	prop string // the list's property, when not name ("keys" for /api_keys)
	noun string // for errors: "IP policy"
	id   func(*T) string
}

// newCollection declares a collection; id returns an object's ID.
func newCollection[T, C, U any](name, noun string, id func(*T) string) *Collection[T, C, U] {
	return &Collection[T, C, U]{name: name, noun: noun, id: id}
}

// listedAs sets the list's property, when it is not the collection's name.
func (k *Collection[T, C, U]) listedAs(prop string) *Collection[T, C, U] {
	k.prop = prop
	return k
}

// Path is the collection's path, "/ip_policies": its list's, which names
// the fields the list's filter takes (apifilter.Fields).
func (k *Collection[T, C, U]) Path() string { return "/" + k.name }

// listProperty is the property that holds a list page's objects.
func (k *Collection[T, C, U]) listProperty() string {
	if k.prop != "" {
		return k.prop
	}
	return k.name
}

// Name is the collection's path segment and list property ("ip_policies").
func (k *Collection[T, C, U]) Name() string { return k.name }

// ID returns obj's ID.
func (k *Collection[T, C, U]) ID(obj *T) string { return k.id(obj) }

// snapshot is this collection's list cache in c, made on first use; nil when
// c refreshes without lists.
func (k *Collection[T, C, U]) snapshot(c *Client) *listCache[T] {
	if c == nil || c.lists == nil || c.lists.off {
		return nil
	}
	return genericListCache(c, k.name, k.prop, k.id)
}

// Create creates an object (POST, 201). As with every create, an
// interrupted one that the API made returns the object with the error.
func (k *Collection[T, C, U]) Create(ctx context.Context, c *Client, in *C) (*T, error) {
	if in == nil {
		in = new(C)
	}
	out, err := create[T](ctx, c, "/"+k.name, in)
	k.snapshot(c).created(out)
	return out, err
}

// Get reads one object.
func (k *Collection[T, C, U]) Get(ctx context.Context, c *Client, id string) (*T, error) {
	p, err := objectPath(k.name, k.noun, id)
	if err != nil {
		return nil, err
	}
	return k.snapshot(c).get(ctx, id, func() (*T, error) { return get[T](ctx, c, p) })
}

// GetIn reads one object that matches filter, a CEL filter such as its IP
// policy's (`obj.ip_policy.id == "ipp_..."`): as Get, but answered within
// one run from the list narrowed by filter, which holds the objects of one
// configuration on its first pages wherever the account holds others. An
// object that does not match is read with a GET, as any object missing from
// a list.
func (k *Collection[T, C, U]) GetIn(ctx context.Context, c *Client, id, filter string) (*T, error) {
	p, err := objectPath(k.name, k.noun, id)
	if err != nil {
		return nil, err
	}
	return k.snapshot(c).getIn(ctx, id, filter, func() (*T, error) { return get[T](ctx, c, p) })
}

// List iterates over the objects, newest first, page by page.
func (k *Collection[T, C, U]) List(ctx context.Context, c *Client, opts *ListOptions) iter.Seq2[*T, error] {
	return list[T](ctx, c, "/"+k.name, k.listProperty(), opts)
}

// Update changes an object (PATCH): the update body's nil fields are left
// unchanged.
func (k *Collection[T, C, U]) Update(ctx context.Context, c *Client, id string, in *U) (*T, error) {
	p, err := objectPath(k.name, k.noun, id)
	if err != nil {
		return nil, err
	}
	if in == nil {
		in = new(U)
	}
	defer k.snapshot(c).writeStart(id)()
	return update[T](ctx, c, p, in)
}

// Delete deletes an object (204).
func (k *Collection[T, C, U]) Delete(ctx context.Context, c *Client, id string) error {
	p, err := objectPath(k.name, k.noun, id)
	if err != nil {
		return err
	}
	defer k.snapshot(c).writeStart(id)()
	return remove(ctx, c, p)
}

// genericListCache returns c's list cache of the collection name, made on
// first use with the client's tuning.
//
// NOTE: the seed's types keep their fields in listCaches; collections
// declared with newCollection are many, so theirs live in one map.
func genericListCache[T any](c *Client, name, prop string, idOf func(*T) string) *listCache[T] {
	l := c.lists
	l.mu.Lock()
	defer l.mu.Unlock()
	if lc, ok := l.generic[name].(*listCache[T]); ok {
		return lc
	}
	t := defaultSnapshotTuning()
	if l.tuning != nil {
		t = *l.tuning
	}
	lc := newListCache(c, t, name, idOf)
	lc.prop = prop
	if l.generic == nil {
		l.generic = map[string]any{}
	}
	l.generic[name] = lc
	return lc
}
