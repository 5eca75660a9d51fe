package mockserver

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"os"
	"slices"
)

// Deleted secrets leave the state file: after every commit that deleted or
// replaced a row, the pages that the commit freed are overwritten with
// zeros (p.zeroed: the free pages known to be clean).
//
// NOTE: bbolt never writes a page in place: a commit writes the rows it
// changed to new pages and frees the old ones, which keep their bytes (a
// deleted authority's private key, a replaced OIDC client secret) until a
// later commit happens to reuse them, and bbolt has no option to clear
// them. Zeroing them ourselves is safe for the same reason that bbolt's own
// reuse is: once a commit's meta page is synced, nothing reads the pages it
// freed (the state file is read only at start-up, before any commit; the
// older meta page that still names them is read only if the newer one is
// unreadable, and bbolt overwrites those pages at its next commit anyway).
// The alternatives cost more or protect less: compacting the file on
// delete rewrites all of it (and replaces it, while it is locked);
// encrypting secrets with a per-row key stored in the same file leaves the
// key in the freed page beside the secret. The free pages are read from
// the freelist that bbolt writes at every commit (all free and pending
// pages), so no bbolt internals are needed, only its file format (version
// 2, unchanged since 2014). The zeros reach the disk with the next commit's
// fdatasync, or at Close.

// bbolt's file format, as far as the scrub needs it (internal/common in
// go.etcd.io/bbolt).
const (
	boltPageHeaderSize = 16
	boltMagic          = 0xED0CDAED
	boltVersion        = 2
	boltFreelistFlag   = 0x10
	boltMetaSumLen     = 56 // the meta fields before its checksum
	boltNoFreelist     = ^uint64(0)
)

// scrubFreePages zeroes the free pages not known to be clean, and
// remembers which pages are free (and clean) now. p.mu is held and no
// transaction is open. removed reports a commit that deleted or replaced a
// row: the pages freed by one that only added rows hold copies of rows
// still held, and are clean as they are.
func (p *persister) scrubFreePages(removed bool) error {
	if p.noScrub {
		return nil
	}
	size := int64(p.db.Info().PageSize)
	free, err := readFreelist(p.file, size)
	if err != nil {
		return fmt.Errorf("clearing freed pages: %w", err)
	}
	// NOTE: the first scrub, of a file opened, clears every free page: an
	// earlier version left them as they were.
	write := removed || p.zeroed == nil
	zeroed := make(map[uint64]struct{}, len(free))
	var todo []uint64
	for _, id := range free {
		zeroed[id] = struct{}{}
		if _, ok := p.zeroed[id]; !ok && write {
			todo = append(todo, id)
		}
	}
	slices.Sort(todo)
	zeros := make([]byte, min(len(todo), 64)*int(size))
	for len(todo) > 0 {
		// NOTE: a run of consecutive pages is one write.
		n := 1
		for n < len(todo) && n*int(size) < len(zeros) && todo[n] == todo[0]+uint64(n) {
			n++
		}
		if _, err := p.file.WriteAt(zeros[:n*int(size)], int64(todo[0])*size); err != nil {
			return fmt.Errorf("clearing freed pages: %w", err)
		}
		todo = todo[n:]
		p.unsynced = true
	}
	p.zeroed = zeroed
	return nil
}

// readFreelist returns the free pages that the freelist of the newest valid
// meta page lists.
func readFreelist(f *os.File, pageSize int64) ([]uint64, error) {
	var freelist, txid uint64
	found := false
	for i := range int64(2) {
		buf := make([]byte, boltPageHeaderSize+boltMetaSumLen+8)
		if _, err := f.ReadAt(buf, i*pageSize); err != nil {
			return nil, err
		}
		m := buf[boltPageHeaderSize:]
		h := fnv.New64a()
		_, _ = h.Write(m[:boltMetaSumLen])
		if binary.NativeEndian.Uint32(m[0:]) != boltMagic || binary.NativeEndian.Uint32(m[4:]) != boltVersion ||
			binary.NativeEndian.Uint64(m[boltMetaSumLen:]) != h.Sum64() {
			continue
		}
		if t := binary.NativeEndian.Uint64(m[48:]); !found || t > txid {
			found, txid, freelist = true, t, binary.NativeEndian.Uint64(m[32:])
		}
	}
	switch {
	case !found:
		return nil, errors.New("no valid meta page")
	case freelist == boltNoFreelist:
		return nil, errors.New("the database keeps no freelist")
	}
	head := make([]byte, boltPageHeaderSize+8)
	if _, err := f.ReadAt(head, int64(freelist)*pageSize); err != nil {
		return nil, err
	}
	if binary.NativeEndian.Uint16(head[8:])&boltFreelistFlag == 0 {
		return nil, fmt.Errorf("page %d is not the freelist", freelist)
	}
	count, start := uint64(binary.NativeEndian.Uint16(head[10:])), int64(boltPageHeaderSize)
	if count == 0xFFFF {
		// NOTE: a larger count is in the first element.
		count, start = binary.NativeEndian.Uint64(head[boltPageHeaderSize:]), boltPageHeaderSize+8
	}
	overflow := int64(binary.NativeEndian.Uint32(head[12:]))
	if int64(count) > ((overflow+1)*pageSize-start)/8 {
		return nil, fmt.Errorf("freelist page %d lists more pages than it holds", freelist)
	}
	buf := make([]byte, count*8)
	if _, err := f.ReadAt(buf, int64(freelist)*pageSize+start); err != nil {
		return nil, err
	}
	ids := make([]uint64, count)
	for i := range ids {
		ids[i] = binary.NativeEndian.Uint64(buf[i*8:])
	}
	return ids, nil
}
