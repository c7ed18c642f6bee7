package memstore

import (
	"context"
	"errors"
	"sync"

	"gpuadvisor/store"
)

var _ store.Settings = (*TeamSettings)(nil)

// TeamSettings is an in-memory store.Settings, safe for concurrent use. The
// zero value is ready.
type TeamSettings struct {
	mu sync.Mutex
	m  map[string]store.TeamSettings
}

// GetSettings implements store.Settings.
func (t *TeamSettings) GetSettings(_ context.Context, tenant string) (store.TeamSettings, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.m[tenant], nil
}

// PutSettings implements store.Settings.
func (t *TeamSettings) PutSettings(_ context.Context, tenant string, s store.TeamSettings) error {
	if tenant == "" {
		return errors.New("put settings: tenant must be set")
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.m == nil {
		t.m = map[string]store.TeamSettings{}
	}
	t.m[tenant] = s
	return nil
}
