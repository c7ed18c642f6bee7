package function

import (
	"os"
	"testing"

	"gpuadvisor/infra/dynamo/dynamotest"
)

// TestMain stops the dynalite a test started.
func TestMain(m *testing.M) { os.Exit(dynamotest.Main(m)) }
