package mockserver

import (
	"fmt"
	"io"
	"sync"
)

// idLen is the length of the random part of every ID, as on the real API
// (e.g. rd_32ELEiXmgYnMmAx2rX3qJXK6Gxy).
const idLen = 27

const base62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

// Prefixes of the IDs this server mints.
const (
	prefixOperation = "op_"
	prefixSSHCA     = "sshca_"
)

// idSource turns a byte stream into base-62 IDs. The lock is needed because
// a caller-supplied reader (WithIDSource) is rarely safe for concurrent use.
type idSource struct {
	mu  sync.Mutex
	r   io.Reader
	buf [32]byte
}

func (g *idSource) newID(prefix string) (string, error) {
	g.mu.Lock()
	defer g.mu.Unlock()

	out := make([]byte, len(prefix), len(prefix)+idLen)
	copy(out, prefix)
	for len(out) < cap(out) {
		if _, err := io.ReadFull(g.r, g.buf[:]); err != nil {
			return "", fmt.Errorf("reading ID randomness: %w", err)
		}
		for _, b := range g.buf {
			// NOTE: rejecting bytes >= 248 (4*62) keeps every character
			// equally likely; b%62 over all 256 values would not.
			if b >= 4*62 {
				continue
			}
			out = append(out, base62[b%62])
			if len(out) == cap(out) {
				break
			}
		}
	}
	return string(out), nil
}
