package dynamo_test

import (
	"os"
	"testing"

	"gpuadvisor/infra/dynamo"
	"gpuadvisor/infra/dynamo/dynamotest"
	"gpuadvisor/store"
	"gpuadvisor/store/storetest"
)

func TestMain(m *testing.M) { os.Exit(dynamotest.Main(m)) }

func TestContract(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store { return dynamotest.NewStore(t, dynamo.Options{}) })
}

func TestUnreadableItems(t *testing.T) {
	storetest.RunUnreadable(t, func(t *testing.T) (store.Store, storetest.Spoiler) {
		return dynamotest.NewSpoiled(t, dynamo.Options{})
	})
}
