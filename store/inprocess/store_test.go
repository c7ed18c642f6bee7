package inprocess_test

import (
	"testing"

	"gpuadvisor/store"
	"gpuadvisor/store/inprocess"
	"gpuadvisor/store/storetest"
)

func TestContract(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store { return inprocess.NewStore(nil) })
}
