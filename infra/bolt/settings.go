package bolt

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"go.etcd.io/bbolt"

	"gpuadvisor/store"
)

// GetSettings implements store.Settings. Settings that do not decode read
// as none chosen, and are reported (store.Skip).
func (s *Store) GetSettings(ctx context.Context, tenant string) (store.TeamSettings, error) {
	var out store.TeamSettings
	err := s.viewBucket(bucketSettings, func(b *bbolt.Bucket) error {
		if v := b.Get([]byte(tenant)); v != nil {
			ts, err := decodeSettings(v)
			if err != nil {
				s.skip(ctx, bucketSettings, []byte(tenant), err)
				return nil
			}
			out = ts
		}
		return nil
	})
	if err != nil {
		return store.TeamSettings{}, fmt.Errorf("get settings of %s: %w", tenant, err)
	}
	return out, nil
}

// PutSettings implements store.Settings.
func (s *Store) PutSettings(_ context.Context, tenant string, ts store.TeamSettings) error {
	if tenant == "" {
		return errors.New("put settings: tenant must be set")
	}
	v, err := json.Marshal(ts)
	if err != nil {
		return err
	}
	err = s.updateBucket(bucketSettings, func(b *bbolt.Bucket) error {
		return b.Put([]byte(tenant), v)
	})
	if err != nil {
		return fmt.Errorf("put settings of %s: %w", tenant, err)
	}
	return nil
}
