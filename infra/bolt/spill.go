package bolt

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
)

// spillSize is the room kept for de-duplication marks the store file
// cannot take (a full disk): written once, with zeros, when Leases starts,
// so that writing marks into it later allocates nothing. About 4,000 marks.
const spillSize = 256 << 10

// spill is a file of a fixed size beside the store (FILE.marks) holding
// the done marks that could not be written to the store, overwritten in
// place and synced, so that it still works on a full disk (on file systems
// that overwrite in place: ext4, xfs, tmpfs; not copy-on-write ones). The
// next start reads it back.
//
// It is a sequence of records, each a key length (2 bytes, big-endian), the
// key, a value length (1 byte; 0xff: a delete), the value and a CRC-32 of
// all that (4 bytes), ended by a zero key length. A mark is appended (one
// write and one sync); a full rewrite compacts.
type spill struct {
	f     *os.File
	off   int64 // where the next record goes
	dirty bool  // holds marks
}

const spillDelete = 0xff

// openSpill opens (or creates, filled with zeros and synced) the spill file
// at path, and returns the marks it holds.
func openSpill(path string) (*spill, map[string][]byte, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, nil, err
	}
	fi, err := f.Stat()
	if err == nil && fi.Size() < spillSize {
		if _, err = f.WriteAt(make([]byte, spillSize-fi.Size()), fi.Size()); err == nil {
			err = f.Sync()
		}
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	sp := &spill{f: f}
	marks, err := sp.read()
	sp.dirty = len(marks) > 0
	return sp, marks, err
}

// read returns the marks, the later record of a key winning; it stops at
// the end marker or at a record cut short (a write the crash interrupted).
func (sp *spill) read() (map[string][]byte, error) {
	buf := make([]byte, spillSize)
	n, err := sp.f.ReadAt(buf, 0)
	if err != nil && n < spillSize {
		return nil, err
	}
	marks := map[string][]byte{}
	off := 0
	for off+2 <= len(buf) {
		kl := int(binary.BigEndian.Uint16(buf[off:]))
		if kl == 0 {
			break
		}
		end := off + 2 + kl + 1
		if end > len(buf) {
			break
		}
		vl := int(buf[end-1])
		val := 0
		if vl != spillDelete {
			val = vl
		}
		if end+val+4 > len(buf) {
			break
		}
		rec := buf[off : end+val]
		if crc32.ChecksumIEEE(rec) != binary.BigEndian.Uint32(buf[end+val:]) {
			break // cut short by a crash: the marks before it stand
		}
		key := string(buf[off+2 : off+2+kl])
		if vl == spillDelete {
			marks[key] = nil
		} else {
			marks[key] = append([]byte(nil), buf[end:end+val]...)
		}
		off = end + val + 4
	}
	sp.off = int64(off)
	return marks, nil
}

// record encodes one mark (v nil: a delete).
func record(k string, v []byte) []byte {
	b := make([]byte, 0, 2+len(k)+1+len(v)+4)
	b = binary.BigEndian.AppendUint16(b, uint16(len(k)))
	b = append(b, k...)
	if v == nil {
		b = append(b, spillDelete)
	} else {
		b = append(b, byte(len(v)))
		b = append(b, v...)
	}
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b))
}

func checkMark(k string, v []byte) error {
	if len(k) == 0 || len(k) > 0xffff || len(v) >= spillDelete {
		return fmt.Errorf("spill: key of %d bytes, value of %d: out of range", len(k), len(v))
	}
	return nil
}

// add appends one mark and syncs; when the file is full it is compacted
// with all (every mark not yet in the store).
func (sp *spill) add(k string, v []byte, all map[string][]byte) error {
	if err := checkMark(k, v); err != nil {
		return err
	}
	rec := append(record(k, v), 0, 0)
	if sp.off+int64(len(rec)) > spillSize {
		return sp.write(all)
	}
	if _, err := sp.f.WriteAt(rec, sp.off); err != nil {
		return err
	}
	if err := sp.f.Sync(); err != nil {
		return err
	}
	sp.off += int64(len(rec)) - 2
	sp.dirty = true
	return nil
}

// write replaces the spilled marks with marks (none: empty) and syncs.
func (sp *spill) write(marks map[string][]byte) error {
	var buf []byte
	for k, v := range marks {
		if err := checkMark(k, v); err != nil {
			return err
		}
		buf = append(buf, record(k, v)...)
	}
	buf = append(buf, 0, 0)
	if len(buf) > spillSize {
		return errors.New("spill: the marks do not fit in the spill file")
	}
	if _, err := sp.f.WriteAt(buf, 0); err != nil {
		return err
	}
	if err := sp.f.Sync(); err != nil {
		return err
	}
	sp.off = int64(len(buf)) - 2
	sp.dirty = len(marks) > 0
	return nil
}

func (sp *spill) close() error { return sp.f.Close() }
