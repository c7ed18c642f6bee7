package bolt

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"
	"time"

	"go.etcd.io/bbolt"

	"gpuadvisor/store"
)

// SalvageReport is what Salvage kept and what it left out.
type SalvageReport struct {
	// From is the damaged store, To the new one.
	From string `json:"file"`
	To   string `json:"salvaged_to"`
	// Kept counts the records copied, per bucket.
	Kept map[string]int `json:"kept"`
	// LeftOut are the records that could not be read (or, after a damaged
	// page, the rest of a bucket), with why.
	LeftOut []store.Unreadable `json:"left_out"`
}

// Salvage writes a new store at to with every record of the store file at
// from that can be read and decoded, and reports what it left out. from is
// only read (it may be torn or hold damaged pages: a bucket whose pages
// cannot be read is copied up to where they fail); to must not exist yet.
// A due index entry is kept only with its renewal.
func Salvage(from, to string, timeout time.Duration) (SalvageReport, error) {
	rep := SalvageReport{From: from, To: to, Kept: map[string]int{}, LeftOut: []store.Unreadable{}}
	if same(from, to) {
		return rep, fmt.Errorf("salvage %s: the new store must be another file", from)
	}
	if _, err := os.Stat(to); err == nil {
		return rep, fmt.Errorf("salvage %s: %s exists already; name a new file (salvage never writes over one)", from, to)
	}
	fi, err := os.Stat(from)
	if err != nil {
		return rep, explain(from, fmt.Errorf("salvage: %w", err))
	}
	if fi.Size() == 0 {
		return rep, &CorruptError{Path: from, Err: fmt.Errorf("%w; nothing to salvage", errEmpty)}
	}
	db, err := openDB(from, &bbolt.Options{Timeout: timeout, ReadOnly: true})
	var ce *CorruptError
	if errors.As(err, &ce) {
		return rep, treeLost(from, ce.Err)
	}
	if err != nil {
		return rep, explain(from, err)
	}
	defer db.Close()
	var names []string
	err = guard(func() error {
		return db.View(func(tx *bbolt.Tx) error {
			return tx.ForEach(func(name []byte, _ *bbolt.Bucket) error {
				names = append(names, string(name))
				return nil
			})
		})
	})
	if err != nil && len(names) == 0 {
		return rep, treeLost(from, err)
	}
	if err != nil {
		rep.LeftOut = append(rep.LeftOut, store.Unreadable{Bucket: "(buckets)", Key: "after " + names[len(names)-1], Error: err.Error()})
	}
	type rec struct{ k, v []byte }
	keep := map[string][]rec{}
	kept := map[string]bool{} // renewal keys copied, for the due index
	for _, name := range names {
		dec := decoders[name]
		var last []byte
		err := guard(func() error {
			return db.View(func(tx *bbolt.Tx) error {
				return tx.Bucket([]byte(name)).ForEach(func(k, v []byte) error {
					last = bytes.Clone(k)
					if dec != nil {
						if err := dec(k, v); err != nil {
							rep.LeftOut = append(rep.LeftOut, store.NewUnreadable(from, name, store.PrintKey(k), err).Unreadable)
							return nil
						}
					}
					keep[name] = append(keep[name], rec{bytes.Clone(k), bytes.Clone(v)})
					if name == string(bucketRenewals) {
						kept[string(k)] = true
					}
					return nil
				})
			})
		})
		if err != nil {
			where := "from its first record"
			if last != nil {
				where = "after " + store.PrintKey(last)
			}
			rep.LeftOut = append(rep.LeftOut, store.Unreadable{Bucket: name, Key: "(the rest, " + where + ")", Error: err.Error(), File: from})
		}
	}
	if due := keep[string(bucketDue)]; due != nil {
		var ok []rec
		for _, r := range due {
			parts := strings.SplitN(string(r.k), "\x00", 3)
			if kept[parts[1]+"\x00"+parts[2]] { // decodeDue checked the three parts
				ok = append(ok, r)
				continue
			}
			rep.LeftOut = append(rep.LeftOut, store.Unreadable{Bucket: string(bucketDue), Key: store.PrintKey(r.k), Error: "its renewal was not kept", File: from})
		}
		keep[string(bucketDue)] = ok
	}
	out, err := Open(to, Options{Timeout: timeout})
	if err != nil {
		return rep, err
	}
	names = names[:0]
	for name := range keep {
		names = append(names, name)
	}
	sort.Strings(names)
	err = out.write(func(tx *bbolt.Tx) error {
		for _, name := range names {
			b, err := tx.CreateBucketIfNotExists([]byte(name))
			if err != nil {
				return err
			}
			for _, r := range keep[name] {
				if err := b.Put(r.k, r.v); err != nil {
					return err
				}
			}
			rep.Kept[name] = len(keep[name])
		}
		return nil
	})
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(to)
		return rep, fmt.Errorf("salvage %s into %s: %w", from, to, err)
	}
	return rep, nil
}

// treeLost is the error when not even the list of buckets can be read (a
// file torn before its newest pages, its root page damaged): there is
// nothing to copy record by record, and saying "salvage" again would send
// the user round in a circle.
func treeLost(path string, err error) error {
	return fmt.Errorf("salvage %s: its page tree cannot be read (%v), so no record can be copied from it; "+
		"restore a backup over it, or move it aside (mv %s %s.damaged) to start with an empty store", path, err, path, path)
}
