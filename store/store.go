// Package store defines what the bot keeps between requests: renewals,
// sent-reminder marks and de-duplication keys. Adapters live in infra/
// (DynamoDB, the embedded bbolt file) and store/inprocess (memory, for tests
// and single-process runs).
package store

import (
	"context"
	"errors"
	"time"
)

// Errors every adapter returns (wrapped) so callers can tell them apart.
var (
	ErrNotFound = errors.New("not found")
	ErrConflict = errors.New("conflict")
)

// Deduper remembers keys for a while so that retries and duplicate deliveries
// do no work twice.
type Deduper interface {
	// Claim records key for ttl. It returns true when this call claimed the key,
	// false when the key was already claimed and has not expired. An error means
	// nothing is known: the caller must not assume either.
	Claim(ctx context.Context, key string, ttl time.Duration) (bool, error)
}
