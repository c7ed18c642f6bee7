package bolt

import (
	"context"
	"encoding/json"
	"fmt"

	"go.etcd.io/bbolt"

	"gpuadvisor/advisor/pricebook"
	"gpuadvisor/store"
)

// storedPrice is an entry with the scope fields its JSON leaves out.
type storedPrice struct {
	pricebook.Entry
	Tenant  string `json:"tenant"`
	Channel string `json:"channel"`
	AddedBy string `json:"added_by,omitempty"`
}

func encodePrice(e pricebook.Entry) ([]byte, error) {
	return json.Marshal(storedPrice{Entry: e, Tenant: e.Tenant, Channel: e.Channel, AddedBy: e.AddedBy})
}

func decodePrice(v []byte) (pricebook.Entry, error) {
	var sp storedPrice
	if err := json.Unmarshal(v, &sp); err != nil {
		return pricebook.Entry{}, err
	}
	e := sp.Entry
	e.Tenant, e.Channel, e.AddedBy = sp.Tenant, sp.Channel, sp.AddedBy
	return e, nil
}

// PutPrice implements store.Prices.
func (s *Store) PutPrice(_ context.Context, e pricebook.Entry) error {
	if err := store.CheckPriceKey(e.Tenant, e.Channel, e.ID); err != nil {
		return err
	}
	v, err := encodePrice(e)
	if err != nil {
		return fmt.Errorf("encode price %s/%s: %w", e.Tenant, e.ID, err)
	}
	err = s.updateBucket(bucketPrices, func(b *bbolt.Bucket) error {
		k := join(e.Tenant, e.ID)
		if b.Get(k) != nil {
			return store.ErrConflict
		}
		return b.Put(k, v)
	})
	if err != nil {
		return fmt.Errorf("put price %s/%s: %w", e.Tenant, e.ID, err)
	}
	return nil
}

// ListPrices implements store.Prices. An entry that does not decode is
// skipped and reported (store.Skip).
func (s *Store) ListPrices(ctx context.Context, scope store.Scope) ([]pricebook.Entry, error) {
	tenant, channel := scope.Tenant, scope.Channel
	var out []pricebook.Entry
	err := s.viewBucket(bucketPrices, func(b *bbolt.Bucket) error {
		for k, v := range inTenant(b, tenant) {
			e, err := decodePriceKeyed(k, v)
			if err != nil {
				s.skip(ctx, bucketPrices, k, err)
				continue
			}
			if e.Visible(tenant, channel) {
				out = append(out, e)
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("list prices of %s: %w", tenant, err)
	}
	pricebook.Sort(out)
	return out, nil
}

// DeletePrice implements store.Prices.
func (s *Store) DeletePrice(_ context.Context, scope store.Scope, id string) error {
	tenant, channel := scope.Tenant, scope.Channel
	err := s.write(func(tx *bbolt.Tx) error {
		b := tx.Bucket(bucketPrices)
		if b == nil {
			return store.ErrNotFound
		}
		k := join(tenant, id)
		v := b.Get(k)
		if v == nil {
			return store.ErrNotFound
		}
		e, err := decodePriceKeyed(k, v)
		if err != nil {
			return s.unreadable(bucketPrices, k, err)
		}
		if !e.Visible(tenant, channel) {
			return store.ErrNotFound
		}
		return b.Delete(k)
	})
	if err != nil {
		return fmt.Errorf("delete price %s/%s from %s: %w", tenant, id, channel, err)
	}
	return nil
}
