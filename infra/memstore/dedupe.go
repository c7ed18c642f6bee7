package memstore

import (
	"context"
	"sync"
	"time"

	"gpuadvisor/store"
)

var _ store.Deduper = (*Deduper)(nil)

// Deduper is an in-memory store.Deduper. The zero value is ready to use.
type Deduper struct {
	// Now is the clock; nil means time.Now.
	Now func() time.Time

	mu    sync.Mutex
	keys  map[string]time.Time
	swept time.Time
}

// Claim implements store.Deduper.
func (d *Deduper) Claim(_ context.Context, key string, ttl time.Duration) (bool, error) {
	now := time.Now()
	if d.Now != nil {
		now = d.Now()
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.keys == nil {
		d.keys = map[string]time.Time{}
	}
	if exp, ok := d.keys[key]; ok && now.Before(exp) {
		return false, nil
	}
	if len(d.keys) > 10000 && now.Sub(d.swept) > time.Minute { // sweep expired keys now and then
		d.swept = now
		for k, exp := range d.keys {
			if !now.Before(exp) {
				delete(d.keys, k)
			}
		}
	}
	d.keys[key] = now.Add(ttl)
	return true, nil
}

// Release implements store.Deduper.
func (d *Deduper) Release(_ context.Context, key string) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	delete(d.keys, key)
	return nil
}
