package bolt

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"os"

	"gpuadvisor/store"
)

// bbolt's file format (go.etcd.io/bbolt, internal/common/meta.go and
// page.go): pages 0 and 1 are meta pages, each a 16-byte page header then
// magic, version, page size, flags (uint32 each), the root bucket (root page,
// sequence), the freelist page, the high-water page id, the transaction id
// and an FNV-64a checksum of the meta bytes before it (uint64 each), in the
// machine's byte order (little-endian on every platform the bot ships for).
const (
	metaMagic     = 0xED0CDAED
	metaVersion   = 2
	pageHeader    = 16
	metaSumOffset = 56 // bytes of meta covered by the checksum
	metaSize      = metaSumOffset + 8
)

// errEmpty is the damage of a 0-byte store file.
var errEmpty = store.ErrEmptyFile

type meta struct {
	pageSize uint32
	hwm      uint64 // the first page id never allocated: the file holds pages [0, hwm)
	txid     uint64
}

// readMeta decodes one meta page, or says why it is not one.
func readMeta(b []byte) (meta, error) {
	if len(b) < pageHeader+metaSize {
		return meta{}, errors.New("cut short")
	}
	m := b[pageHeader:]
	le := binary.LittleEndian
	if le.Uint32(m[0:]) != metaMagic {
		return meta{}, errors.New("no bbolt magic number")
	}
	if le.Uint32(m[4:]) != metaVersion {
		return meta{}, fmt.Errorf("format version %d, want %d", le.Uint32(m[4:]), metaVersion)
	}
	h := fnv.New64a()
	h.Write(m[:metaSumOffset])
	if h.Sum64() != le.Uint64(m[metaSumOffset:]) {
		return meta{}, errors.New("checksum mismatch")
	}
	return meta{pageSize: le.Uint32(m[8:]), hwm: le.Uint64(m[40:]), txid: le.Uint64(m[48:])}, nil
}

// preflight reads the meta pages of an existing, non-empty store file and
// refuses one that is cut short: bbolt maps the file and would fault (a
// fatal SIGBUS, not a panic) reading a page past its end, or panic on the
// garbage it finds there. It returns nil for a missing or empty file (Open
// creates it). An empty (0-byte) file is refused: bbolt would take it for
// a new store, and it is rather a copy that failed.
func preflight(path string) error {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("open store %s: %w", path, err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return fmt.Errorf("open store %s: %w", path, err)
	}
	size := fi.Size()
	if size == 0 {
		return &CorruptError{Path: path, Err: errEmpty}
	}
	head := make([]byte, pageHeader+metaSize)
	var best meta
	var why []error
	for i := range 2 {
		off := int64(0)
		if i == 1 {
			if best.pageSize == 0 {
				best.pageSize = uint32(os.Getpagesize()) // what bbolt assumes when meta 0 is unreadable
			}
			off = int64(best.pageSize)
		}
		if _, err := f.ReadAt(head, off); err != nil && !errors.Is(err, io.EOF) {
			return fmt.Errorf("open store %s: %w", path, err)
		}
		m, err := readMeta(head)
		if err != nil {
			why = append(why, fmt.Errorf("meta page %d: %w", i, err))
			clear(head)
			continue
		}
		if best.hwm == 0 || m.txid > best.txid {
			best = m
		}
	}
	if best.hwm == 0 {
		return &CorruptError{Path: path, Err: fmt.Errorf("not a bbolt store file: %w", errors.Join(why...))}
	}
	if need := int64(best.hwm) * int64(best.pageSize); size < need {
		return &CorruptError{Path: path, Err: fmt.Errorf("torn: the file is %d bytes but its pages reach %d bytes (%d pages of %d)",
			size, need, best.hwm, best.pageSize)}
	}
	return nil
}
