package serve

import (
	"context"
	"time"
)

// sweepEvery is how often expired de-duplication keys and reminder marks
// are deleted from the embedded store (DynamoDB does this with its TTL).
const sweepEvery = time.Hour

// runSweeper deletes expired keys once at start, then every sweepEvery,
// until ctx ends: without it every request's de-duplication key would stay
// in the file for good.
func (s *server) runSweeper(ctx context.Context) {
	for {
		n, err := s.store.Sweep(time.Now())
		switch {
		case err != nil && ctx.Err() == nil:
			s.log.Error("store sweep failed; retrying later", "err", err)
		case n > 0:
			s.log.Info("store swept", "expired_keys_deleted", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(sweepEvery):
		}
	}
}
