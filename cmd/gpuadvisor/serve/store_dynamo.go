//go:build dynamo

package serve

import (
	"context"

	"gpuadvisor/internal/wire/function"
	storepkg "gpuadvisor/store"
)

// openDynamo opens the table TABLE_NAME names (DYNAMO_ENDPOINT for a
// compatible server) as the shared store and the de-duplication.
func openDynamo(getenv func(string) string) (sharedStore, storepkg.Deduper, error) {
	t, err := function.Table(context.Background(), getenv)
	if err != nil {
		return nil, nil, err
	}
	return t, t, nil
}
