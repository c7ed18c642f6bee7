package memstore

import (
	"context"
	"fmt"
	"sync"
	"time"

	"gpuadvisor/store"
)

var _ store.Texts = (*TextShelf)(nil)

// TextShelf is an in-memory store.Texts, safe for concurrent use: kept
// texts live in this process only. The zero value is ready.
type TextShelf struct {
	// Now is the clock texts expire by; nil means time.Now.
	Now func() time.Time

	mu    sync.Mutex
	texts map[string]keptText
}

// keptText is one text and when it is forgotten.
type keptText struct {
	text    string
	expires time.Time
}

func (s *TextShelf) now() time.Time { return clock(s.Now) }

// KeepText implements store.Texts; expired texts are deleted on the way.
func (s *TextShelf) KeepText(_ context.Context, key, text string, ttl time.Duration) error {
	if err := store.TextKey(key, text); err != nil {
		return fmt.Errorf("keep text: %w", err)
	}
	now := s.now()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.texts == nil {
		s.texts = map[string]keptText{}
	}
	for k, t := range s.texts {
		if !now.Before(t.expires) {
			delete(s.texts, k)
		}
	}
	s.texts[key] = keptText{text: text, expires: store.TextExpiry(now, ttl)}
	return nil
}

// KeptText implements store.Texts.
func (s *TextShelf) KeptText(_ context.Context, key string) (string, error) {
	now := s.now()
	s.mu.Lock()
	defer s.mu.Unlock()
	t, ok := s.texts[key]
	if !ok || !now.Before(t.expires) {
		return "", fmt.Errorf("kept text %s: %w", key, store.ErrNotFound)
	}
	return t.text, nil
}

// DropText implements store.Texts.
func (s *TextShelf) DropText(_ context.Context, key string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.texts, key)
	return nil
}
