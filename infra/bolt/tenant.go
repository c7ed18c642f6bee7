package bolt

import (
	"bytes"
	"context"
	"iter"
	"slices"

	"go.etcd.io/bbolt"
)

// inTenant is the records of tenant in b (keys "tenant 0x00 …"), in key
// order. Keys and values are valid for the transaction only.
func inTenant(b *bbolt.Bucket, tenant string) iter.Seq2[[]byte, []byte] {
	prefix := join(tenant, "")
	return func(yield func(k, v []byte) bool) {
		cur := b.Cursor()
		for k, v := cur.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = cur.Next() {
			if !yield(k, v) {
				return
			}
		}
	}
}

// putKept is the write of a record kept per tenant, the newest keep of
// them (checks, trials): one transaction puts v under k in bucket and
// deletes the tenant's records past the newest keep, newest by newer of
// what rank reads of each. A record rank cannot read is reported
// (store.Skip) and kept: `store salvage` decides about it.
func putKept[T any](ctx context.Context, s *Store, bucket []byte, tenant string, k, v []byte, keep int,
	rank func(k, v []byte) (T, error), newer func(a, b T) int) error {
	return s.updateBucket(bucket, func(b *bbolt.Bucket) error {
		if err := b.Put(k, v); err != nil {
			return err
		}
		type ranked struct {
			k []byte
			r T
		}
		var all []ranked
		for k, v := range inTenant(b, tenant) {
			r, err := rank(k, v)
			if err != nil {
				s.skip(ctx, bucket, k, err)
				continue
			}
			all = append(all, ranked{bytes.Clone(k), r})
		}
		slices.SortStableFunc(all, func(a, b ranked) int { return newer(a.r, b.r) })
		for _, old := range all[min(len(all), keep):] {
			if err := b.Delete(old.k); err != nil {
				return err
			}
		}
		return nil
	})
}
