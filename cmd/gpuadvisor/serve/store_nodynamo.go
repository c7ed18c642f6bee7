//go:build !dynamo

package serve

import (
	"errors"

	storepkg "gpuadvisor/store"
)

// openDynamo says how to get a build that has the DynamoDB store.
func openDynamo(func(string) string) (sharedStore, storepkg.Deduper, error) {
	return nil, nil, errors.New("this gpuadvisor was built without the DynamoDB store: build it with `go build -tags dynamo ./cmd/gpuadvisor` (the Dockerfile does), or use --store bolt")
}
