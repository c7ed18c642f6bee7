package memstore_test

import (
	"testing"

	"gpuadvisor/infra/memstore"
	"gpuadvisor/store"
	"gpuadvisor/store/storetest"
)

func TestContract(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store { return memstore.NewStore(nil) })
}
