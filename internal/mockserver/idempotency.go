package mockserver

import (
	"context"
	"sync"
)

// idempotencyCache implements the Idempotency-Key header of creates. Keys are
// scoped per API key. A request is identified by a fingerprint of its method,
// path and exact body bytes.
//
// Choices of ours (the real API documents only the 409 code):
//   - Only successful responses are remembered. A refused create did nothing,
//     so a retry with the same key runs afresh; this lets a client fix a
//     transient failure without minting a new key.
//   - A second request with the same key and fingerprint that arrives while
//     the first is still running waits for it and then replays its response,
//     so a client retrying after a timeout never creates two objects.
//   - Entries never expire: a mock server lives for one test run.
//   - Keys are scoped by the SHA-256 of the API key, never the key itself,
//     so that neither memory nor the state file holds it.
type idempotencyCache struct {
	mu      sync.Mutex
	entries map[idempotencyKey]*idempotencyEntry

	// With a state file (track), the keys whose first success is not yet
	// committed, and whether the cache was cleared since the last commit.
	track   bool
	dirty   []idempotencyKey
	cleared bool
}

type idempotencyKey struct {
	apiKeyHash [32]byte // sha256 of the API key
	key        string
}

type idempotencyEntry struct {
	fingerprint [32]byte
	done        chan struct{} // closed once the first request has finished
	res         result        // set before done is closed; successes only
}

func newIdempotencyCache() *idempotencyCache {
	return &idempotencyCache{entries: map[idempotencyKey]*idempotencyEntry{}}
}

// do runs run at most once per key among requests that succeed, replaying
// the first success to every later request with the same fingerprint.
func (c *idempotencyCache) do(ctx context.Context, k idempotencyKey, fp [32]byte, run func() result) result {
	for {
		c.mu.Lock()
		e, exists := c.entries[k]
		if !exists {
			e = &idempotencyEntry{fingerprint: fp, done: make(chan struct{})}
			c.entries[k] = e
			c.mu.Unlock()
			return c.first(k, e, run)
		}
		c.mu.Unlock()

		if e.fingerprint != fp {
			return result{err: errIdempotencyMismatch.errorf(
				"The Idempotency-Key %q was already used with a different request. Reuse a key only to retry the identical request; use a new key for a new one.", k.key)}
		}
		select {
		case <-e.done:
		case <-ctx.Done():
			return result{err: errCancelled.errorf("The request was cancelled while waiting for an earlier request with the same Idempotency-Key.")}
		}
		c.mu.Lock()
		still := c.entries[k] == e
		c.mu.Unlock()
		if still {
			return e.res
		}
		// The first request failed and released the key: compete to run anew.
	}
}

func (c *idempotencyCache) first(k idempotencyKey, e *idempotencyEntry, run func() result) result {
	succeeded := false
	// NOTE: deferred so that a panicking handler still releases the key and
	// wakes the waiters instead of blocking them forever.
	defer func() {
		c.mu.Lock()
		if !succeeded {
			delete(c.entries, k)
		}
		c.mu.Unlock()
		close(e.done)
	}()
	res := run()
	if res.err == nil {
		c.mu.Lock()
		e.res = res
		if c.track {
			c.dirty = append(c.dirty, k)
		}
		c.mu.Unlock()
		succeeded = true
	}
	return res
}
