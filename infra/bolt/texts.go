package bolt

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"time"
	"unicode/utf8"

	"go.etcd.io/bbolt"

	"gpuadvisor/store"
)

var _ store.Texts = (*Store)(nil)

// bucketTexts holds the kept texts (store.Texts) under their key: 8 bytes
// of expiry (Unix seconds, big-endian) then the text. Created by its first
// write; KeepText deletes the expired ones, so the bucket holds no more
// than a day of long messages.
var bucketTexts = []byte("kept_texts")

// The kept texts' decoder, for `store check` and `store salvage` (see
// decoders; registered here so that the record stays in its own file).
func init() { decoders[string(bucketTexts)] = decodeText }

// decodeText checks a stored kept text: 8 bytes of expiry, then UTF-8.
func decodeText(_, v []byte) error {
	if _, ok := textExpires(v); !ok {
		return fmt.Errorf("%d bytes, fewer than the 8 of its expiry", len(v))
	}
	if !utf8.Valid(v[8:]) {
		return errors.New("the text is not UTF-8")
	}
	return nil
}

// textValue is a kept text as the bucket stores it.
func textValue(text string, expires time.Time) []byte {
	v := make([]byte, 8, 8+len(text))
	binary.BigEndian.PutUint64(v, uint64(expires.Unix()))
	return append(v, text...)
}

// textExpires reads a stored value's expiry; ok false for a value too short.
func textExpires(v []byte) (time.Time, bool) {
	if len(v) < 8 {
		return time.Time{}, false
	}
	return time.Unix(int64(binary.BigEndian.Uint64(v)), 0), true
}

// KeepText implements store.Texts: one transaction puts the text and
// deletes the texts that expired (and any value too short to say when).
func (s *Store) KeepText(_ context.Context, key, text string, ttl time.Duration) error {
	if err := store.TextKey(key, text); err != nil {
		return fmt.Errorf("keep text: %w", err)
	}
	now := s.now()
	err := s.updateBucket(bucketTexts, func(b *bbolt.Bucket) error {
		var gone [][]byte
		cur := b.Cursor()
		for k, v := cur.First(); k != nil; k, v = cur.Next() {
			if exp, ok := textExpires(v); !ok || !now.Before(exp) {
				gone = append(gone, k)
			}
		}
		for _, k := range gone {
			if err := b.Delete(k); err != nil {
				return err
			}
		}
		return b.Put([]byte(key), textValue(text, store.TextExpiry(now, ttl)))
	})
	if err != nil {
		return fmt.Errorf("keep text %s: %w", key, err)
	}
	return nil
}

// KeptText implements store.Texts. A value too short to hold its expiry
// is an unreadable record.
func (s *Store) KeptText(_ context.Context, key string) (string, error) {
	var text string
	found := false
	err := s.viewBucket(bucketTexts, func(b *bbolt.Bucket) error {
		v := b.Get([]byte(key))
		if v == nil {
			return nil
		}
		exp, ok := textExpires(v)
		if !ok {
			return s.unreadable(bucketTexts, []byte(key), decodeText(nil, v))
		}
		if s.now().Before(exp) {
			text, found = string(v[8:]), true
		}
		return nil
	})
	if err != nil {
		return "", fmt.Errorf("kept text %s: %w", key, err)
	}
	if !found {
		return "", fmt.Errorf("kept text %s: %w", key, store.ErrNotFound)
	}
	return text, nil
}

// DropText implements store.Texts.
func (s *Store) DropText(_ context.Context, key string) error {
	err := s.updateBucket(bucketTexts, func(b *bbolt.Bucket) error { return b.Delete([]byte(key)) })
	if err != nil {
		return fmt.Errorf("drop text %s: %w", key, err)
	}
	return nil
}
