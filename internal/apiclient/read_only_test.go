package apiclient

import (
	"context"
	"testing"
)

// listAll lists every object of a read-only collection.
func listAll[T any](t *testing.T, c *Client, k *ReadOnly[T], opts *ListOptions) []*T {
	t.Helper()
	var out []*T
	for o, err := range k.List(context.Background(), c, opts) {
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, o)
	}
	return out
}
