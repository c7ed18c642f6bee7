package store

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// TextTTL is how long a kept text lives at most: a form left open over a
// working day, and the Share button of its answer, still find it. After
// it the text reads as gone on every store (DynamoDB's TTL deletes it, on
// expires_at).
const TextTTL = 24 * time.Hour

// MaxText is the most a kept text holds, in bytes: more than a check
// reads (100 KB) and well within a DynamoDB item (400 KB).
const MaxText = 128 << 10

// MaxTextKey bounds a kept text's key, in bytes.
const MaxTextKey = 200

// Texts keeps, for a while, the text of a chat message a Slack shortcut was
// used on when it is too long to ride in the modal (a view's
// private_metadata holds 3,000 characters): the form's submission, and the
// Share button of its answer, read it here instead of reading the
// channel's history again (which needs the right to read every message
// there). The record is transient: it is dropped when the form is
// cancelled or answered (or replaced by the command line the Share button
// runs), and forgotten at the latest after the TTL it was kept with.
type Texts interface {
	// KeepText stores text under key for ttl (rounded up to whole seconds,
	// as DynamoDB's TTL counts), replacing what key held. A key outside
	// TextKey's rules, or a text longer than MaxText, is refused.
	KeepText(ctx context.Context, key, text string, ttl time.Duration) error
	// KeptText returns the text under key, or ErrNotFound (none, dropped,
	// or expired).
	KeptText(ctx context.Context, key string) (string, error)
	// DropText forgets key; an unknown key is not an error.
	DropText(ctx context.Context, key string) error
}

// TextKey checks a kept text's key and length: the key must be set, at
// most MaxTextKey bytes and hold no NUL (the stores' key separator); the
// text at most MaxText bytes.
func TextKey(key, text string) error {
	if key == "" || len(key) > MaxTextKey || strings.ContainsRune(key, 0) {
		return fmt.Errorf("kept text key %q: must be 1 to %d bytes without NUL", key, MaxTextKey)
	}
	if len(text) > MaxText {
		return fmt.Errorf("kept text %s: %d bytes, more than the %d a kept text holds", key, len(text), MaxText)
	}
	return nil
}

// TextExpiry is when a text kept at now for ttl is forgotten: now+ttl
// rounded up to the whole second, the same instant on every store.
func TextExpiry(now time.Time, ttl time.Duration) time.Time {
	t := now.Add(ttl)
	if t.Nanosecond() > 0 {
		t = t.Truncate(time.Second).Add(time.Second)
	}
	return t.UTC()
}
