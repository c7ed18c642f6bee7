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
	keys  map[string]dedupeKey
	swept time.Time
}

// dedupeKey is one key: leased until expires, or done and remembered until
// expires.
type dedupeKey struct {
	expires time.Time
	done    bool
}

func (d *Deduper) now() time.Time {
	if d.Now != nil {
		return d.Now()
	}
	return time.Now()
}

// take sets key when it is free (absent or expired) and says what it found.
func (d *Deduper) take(key string, v dedupeKey, now time.Time) store.Claim {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.keys == nil {
		d.keys = map[string]dedupeKey{}
	}
	if k, ok := d.keys[key]; ok && now.Before(k.expires) {
		if k.done {
			return store.Sent
		}
		return store.Held
	}
	if len(d.keys) > 10000 && now.Sub(d.swept) > time.Minute { // sweep expired keys now and then
		d.swept = now
		for k, v := range d.keys {
			if !now.Before(v.expires) {
				delete(d.keys, k)
			}
		}
	}
	d.keys[key] = v
	return store.Claimed
}

// Lease implements store.Deduper.
func (d *Deduper) Lease(_ context.Context, key string, lease time.Duration) (store.Claim, error) {
	now := d.now()
	return d.take(key, dedupeKey{expires: now.Add(lease)}, now), nil
}

// Claim implements store.Deduper.
func (d *Deduper) Claim(_ context.Context, key string, ttl time.Duration) (bool, error) {
	now := d.now()
	return d.take(key, dedupeKey{expires: now.Add(ttl), done: true}, now) == store.Claimed, nil
}

// Done implements store.Deduper.
func (d *Deduper) Done(_ context.Context, key string, keep time.Duration) error {
	now := d.now()
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.keys == nil {
		d.keys = map[string]dedupeKey{}
	}
	d.keys[key] = dedupeKey{expires: now.Add(keep), done: true}
	return nil
}

// Release implements store.Deduper.
func (d *Deduper) Release(_ context.Context, key string) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	delete(d.keys, key)
	return nil
}
