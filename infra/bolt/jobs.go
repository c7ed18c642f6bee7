package bolt

import (
	"context"
	"fmt"

	"go.etcd.io/bbolt"
)

// PutJob implements drafter.JobStore: the job is on disk (fsynced by the
// bbolt commit) when it returns.
func (s *Store) PutJob(_ context.Context, id string, data []byte) error {
	if id == "" {
		return fmt.Errorf("put job: empty id")
	}
	return s.updateBucket(bucketJobs, func(b *bbolt.Bucket) error {
		return b.Put([]byte(id), data)
	})
}

// DeleteJob implements drafter.JobStore.
func (s *Store) DeleteJob(_ context.Context, id string) error {
	return s.write(func(tx *bbolt.Tx) error {
		b := tx.Bucket(bucketJobs)
		if b == nil {
			return nil
		}
		return b.Delete([]byte(id))
	})
}

// Jobs implements drafter.JobStore.
func (s *Store) Jobs(_ context.Context) (map[string][]byte, error) {
	out := map[string][]byte{}
	err := s.viewBucket(bucketJobs, func(b *bbolt.Bucket) error {
		return b.ForEach(func(k, v []byte) error {
			out[string(k)] = append([]byte(nil), v...)
			return nil
		})
	})
	return out, err
}
